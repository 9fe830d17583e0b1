/**
 * What each page makes the browser download before anything else: its
 * first-load JavaScript and CSS, computed from the production build's own
 * route manifest (the file React Router's `<Scripts>` and `<Links>` read), so
 * the figures are deterministic: no server, no browser, no timing.
 *
 * A page's first load is what its server-rendered HTML names:
 * - JS: the page-start script (the feature check and scroll restoration, a
 *   classic script: app/lib/page-start-script.ts), the manifest module, the
 *   client entry and its static imports, and for every route the URL matches
 *   (root, layouts, the page) its module and static imports. The
 *   `<link rel="modulepreload">` tags are exactly these but the page-start script.
 *   Chunks loaded later by `import()` (React.lazy, the Rive runtime) are not.
 * - CSS: the stylesheets of the entry and of every matched route.
 * A page served without the client bundle (`plainScripts`: ADR 170) names
 * none of the JS above: its first-load JS is its plain scripts (the student
 * pages' script, and the drawing pad's where a survey has a drawing
 * question), each found by its name in the server build, which writes it
 * into the HTML.
 *
 * Sizes are gzip at level 9 (what `gzip -9` gives), in kB of 1,000 bytes.
 *
 * Used by tests/e2e/bundle-budget.test.ts (fails over budget) and printed by
 * `npm run bench` through `measureFirstLoad` and `formatFirstLoadTable`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { matchRoutes } from "react-router";

export interface PageBudget {
  /** What the page is, for people: "login", "class home". */
  name: string;
  /** A URL of the page; matched against the build's routes (ids in it need not exist). */
  path: string;
  /** First-load JS budget, kB gzip. */
  jsKb: number;
  /** CSS budget, kB gzip. */
  cssKb: number;
  /**
   * Served without the client bundle (a route's `plainPage` handle, ADR 170):
   * the names of the plain scripts it loads instead (app/client/<name>.ts).
   */
  plainScripts?: PlainScript[];
}

/**
 * Public pages (anyone, before signing in). 135 kB until the translations
 * (ADR 215): /login was at 135.0 kB, and the browser's translation runtime
 * (intl-messageformat's formatter without its parser, react-i18next's hooks
 * over the compiled messages) adds 3.7 kB to every hydrated page; 142 since
 * the school sign-in buttons (ADR 210) and the invitation sign-up (ADR 214)
 * put /login and /signup at 140.1 and 140.4 kB.
 */
const PUBLIC_JS_KB = 142;
/**
 * Every signed-in staff screen, before any lazy chunk. 165 kB until the staff
 * screens read their texts from the catalogue (ADR 219): the student page
 * went to 166.2 kB with its messages and the language form; 170 since the
 * school page holds the staff sign-in, invitation-link and move cards with
 * their translated texts (168.2 kB); 171 since the merges of 28 November
 * (issues 34-39: the shared table head, form card and field lists, the
 * OneRoster import link and the time zone on the school page: 170.7 kB).
 */
const STAFF_JS_KB = 171;
/**
 * The students' pages: children on old devices (ADR 151). They are served
 * without the client bundle (ADR 170) and load only the plain student script.
 */
const STUDENT_JS_KB = 100;
/** The plain scripts (app/client/<name>.ts, built as classic scripts of their own). */
export type PlainScript = "plain-page" | "drawing-pad" | "listen" | "answer-outbox";
/** Every page. */
const CSS_KB = 40;

const publicPage = (name: string, pagePath: string, jsKb = PUBLIC_JS_KB): PageBudget => ({
  name,
  path: pagePath,
  jsKb,
  cssKb: CSS_KB,
});
const studentPage = (name: string, pagePath: string): PageBudget => ({
  name,
  path: pagePath,
  jsKb: STUDENT_JS_KB,
  cssKb: CSS_KB,
  plainScripts: ["plain-page"],
});
/**
 * The public sign-in pages (login, sign-up, password reset, e-mail check,
 * paused access): served without the client bundle since issue 34 (ADR 170,
 * amended); /login was 141.6 kB with React, React Router and Radix Themes'
 * components for one form. The plain script's pending state and password
 * toggle are all the JavaScript they load.
 */
const PLAIN_PUBLIC_JS_KB = 2;
const plainPublicPage = (name: string, pagePath: string): PageBudget => ({
  name,
  path: pagePath,
  jsKb: PLAIN_PUBLIC_JS_KB,
  cssKb: CSS_KB,
  plainScripts: ["plain-page"],
});
const staffScreen = (name: string, pagePath: string, jsKb = STAFF_JS_KB): PageBudget => ({
  name,
  path: pagePath,
  jsKb,
  cssKb: CSS_KB,
});

/**
 * The budget table: one row per page. Every route of the app that renders a
 * page must be matched by a row (the test checks), so a new screen cannot
 * escape its budget. Later pages add rows here (a student page: jsKb 100).
 * Each public page and staff screen has its own budget (issue 34): its
 * first-load JS when the page data stopped carrying the catalogues and the
 * browser's formatter replaced intl-messageformat's, rounded up with half a
 * kB to spare, so a page that grows says so; the area's ceiling above is
 * the most any may be given. Lowered on 28 November 2026 to what each page
 * loads with the first-load chunks per layout (app/vite/first-load-chunks.ts:
 * 8 to 9 kB less on every hydrated page), again with half a kB to spare.
 */
export const PAGE_BUDGETS: PageBudget[] = [
  plainPublicPage("login", "/login"),
  plainPublicPage("signup", "/signup"),
  plainPublicPage("forgot password", "/forgot-password"),
  plainPublicPage("reset password", "/reset-password"),
  plainPublicPage("verify e-mail", "/verify-email"),
  plainPublicPage("blocked", "/blocked"),
  publicPage("start page", "/", 127),
  publicPage("logout", "/logout", 127),
  plainPublicPage("not found", "/no-such-page"),
  publicPage("bench reference", "/bench/reference", 127),
  plainPublicPage("sign-in with a provider", "/auth/oidc/google"),
  plainPublicPage("a provider's answer", "/auth/oidc/google/callback"),
  studentPage("join", "/join"),
  studentPage("join: waiting for the teacher", "/join/waiting"),
  studentPage("student: surveys", "/student"),
  // The answering page adds the read-aloud script (app/client/listen.ts, 1.5 kB) and its outbox (drafts and unsent answers kept on the device), issue 37.
  {
    ...studentPage("student: answering", "/student/assignments/1"),
    plainScripts: ["plain-page", "listen", "answer-outbox"],
  },
  {
    ...studentPage("student: answering, drawing", "/student/assignments/1"),
    plainScripts: ["plain-page", "drawing-pad", "listen", "answer-outbox"],
  },
  studentPage("student: thank you", "/student/assignments/1/thanks"),
  staffScreen("home", "/home", 146),
  staffScreen("change password", "/account/password", 146),
  staffScreen("surveys", "/survey", 137),
  staffScreen("survey preview", "/survey/content/1", 139),
  staffScreen("class (index)", "/class/1", 136),
  // The merged issue 36/38 work: the live waiting devices, close-name joins and what is coming (150.0 kB).
  staffScreen("class home", "/class/1/home", 142),
  staffScreen("create class", "/class/1/create", 147),
  // issue #38: +1 kB for the schedule line (app/lib/zoned-time.ts) on Manage surveys and the results.
  staffScreen("class surveys", "/class/1/surveys", 148),
  staffScreen("manage surveys", "/class/1/surveys/manage", 148),
  staffScreen("survey library", "/class/1/surveys/library", 138),
  // +1 kB the "Remind them" form, +1 kB the schedule line (issue 38).
  staffScreen("results", "/class/1/surveys/results/1", 144),
  // issue #38: the assign form with a schedule and rounds, and an assignment's schedule (conform forms, as "create class").
  staffScreen("assign with a schedule", "/class/1/surveys/assign/6", 148),
  staffScreen("assignment schedule", "/class/1/surveys/schedule/1", 150),
  // Issue 38: a series over time and the school view (the chart is server-drawn SVG; its component is all they add).
  staffScreen("series over time", "/class/1/surveys/series/1", 139),
  // +1 kB: the class's live stream for waiting devices (issue 36).
  staffScreen("manage students", "/class/1/students/manage", 156),
  staffScreen("import a class list", "/class/1/students/import", 140),
  // +0.3 kB after the merges (the shared table head and the card field lists).
  staffScreen("student", "/class/1/student/1", 159),
  staffScreen("delete student", "/class/1/student/1/delete", 137),
  staffScreen("projector", "/class/1/projector", 132),
  staffScreen("projector: results", "/class/1/assignments/1/projector", 134),
  staffScreen("sign-in cards", "/class/1/students/cards", 131),
  staffScreen("class: not found", "/class/1/no-such-page", 136),
  // admin, admin school, admin add staff: +1 kB for the shared table head, paged table and form card (issue 34: one way to write each).
  staffScreen("admin", "/admin", 148),
  staffScreen("admin staff", "/admin/staff", 153),
  staffScreen("admin add staff", "/admin/staff/new", 149),
  staffScreen("admin edit staff", "/admin/staff/1/edit", 147),
  staffScreen("admin schools", "/admin/schools", 158),
  staffScreen("admin school", "/admin/schools/1", 162),
  staffScreen("admin: import the school", "/admin/schools/1/import", 140),
  // Issue 38: the school view's first-time states (the class area's EmptyState card and their texts) took it 139.1 kB.
  staffScreen("admin school survey", "/admin/schools/1/survey/1", 140),
  staffScreen("admin create class", "/admin/create-class", 149),
  staffScreen("admin settings", "/admin/settings", 150),
  staffScreen("admin surveys", "/admin/survey", 147),
  staffScreen("admin survey", "/admin/survey/1", 152),
  staffScreen("admin audit", "/admin/audit", 150),
  staffScreen("admin: not found", "/admin/no-such-page", 135),
];

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

export interface RouteManifest {
  url?: string;
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface FirstLoad extends PageBudget {
  /** The route ids the URL matched, root first. */
  routeIds: string[];
  jsFiles: string[];
  /** gzip bytes */
  jsBytes: number;
  cssFiles: string[];
  /** gzip bytes */
  cssBytes: number;
}

/**
 * Reads the route manifest of a production build (`build/` by default): the
 * server bundle names the client manifest file it serves, which holds
 * `window.__reactRouterManifest = {...}`.
 */
export function readRouteManifest(buildDir = "build"): RouteManifest & { url: string } {
  const url = onlyAssetNamed(buildDir, /\/assets\/manifest-[A-Za-z0-9_-]+\.js/g, "client manifest");
  const source = readFileSync(clientFile(buildDir, url), "utf8");
  const sandbox: { window: { __reactRouterManifest?: RouteManifest } } = { window: {} };
  runInNewContext(source, sandbox);
  const manifest = sandbox.window.__reactRouterManifest;
  if (!manifest) throw new Error(`${url} did not set window.__reactRouterManifest`);
  return { ...manifest, url };
}

/** The URL of a plain script of the pages served without the client bundle (ADR 170). */
export function plainScriptUrl(name: PlainScript, buildDir = "build"): string {
  return onlyAssetNamed(buildDir, new RegExp(`/assets/${name}-[A-Za-z0-9_-]{8}\\.js`, "g"), `plain script ${name}`);
}

/** The URL of the page-start script every page with the client bundle loads first (app/vite/page-start-script.ts). */
export function pageStartScriptUrl(buildDir = "build"): string {
  return onlyAssetNamed(buildDir, /\/assets\/page-start-[A-Za-z0-9_-]{8}\.js/g, "page-start script");
}

/** The one client asset of a kind that the server build names (and so writes into pages). */
function onlyAssetNamed(buildDir: string, pattern: RegExp, what: string): string {
  const urls = new Set(serverBuildSource(buildDir).match(pattern) ?? []);
  if (urls.size !== 1) throw new Error(`Expected one ${what} named in the server build, found ${urls.size}`);
  const [url] = urls;
  return url;
}

function serverBuildSource(buildDir: string): string {
  const serverDir = path.join(buildDir, "server");
  const serverEntry = readdirSync(serverDir).find((file) => file === "index.js");
  if (!serverEntry) throw new Error(`No server build in ${serverDir}: run react-router build first`);
  // The server entry (app/http/main.server.ts) imports the React Router build from a chunk of its own.
  const chunkDir = path.join(serverDir, "assets");
  const serverFiles = [
    path.join(serverDir, serverEntry),
    ...(existsSync(chunkDir) ? readdirSync(chunkDir).filter((file) => file.endsWith(".js")) : []).map((file) =>
      path.join(chunkDir, file),
    ),
  ];
  return serverFiles.map((file) => readFileSync(file, "utf8")).join("\n");
}

function clientFile(buildDir: string, url: string): string {
  // A stylesheet that is also part of a lazy chunk is named with a trailing "#" (the browser drops it).
  return path.join(buildDir, "client", url.replace(/^\//, "").replace(/#$/, ""));
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children: RouteNode[];
}

function routeTree(manifest: RouteManifest): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest.routes)) {
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(manifest.routes)) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The route ids a URL matches in the build, root first; empty when nothing matches. */
export function matchRouteIds(manifest: RouteManifest, pagePath: string): string[] {
  // matchRoutes accepts any object with path/index/children; the manifest's shape is close enough.
  const matches = matchRoutes(routeTree(manifest) as Parameters<typeof matchRoutes>[0], pagePath) ?? [];
  return matches.map((match) => (match.route as unknown as RouteNode).id);
}

/** Each page's first-load JS and CSS in a production build. */
export function measureFirstLoad(buildDir = "build", pages: PageBudget[] = PAGE_BUDGETS): FirstLoad[] {
  const manifest = readRouteManifest(buildDir);
  return pages.map((page) => {
    const routeIds = matchRouteIds(manifest, page.path);
    if (routeIds.length === 0) throw new Error(`${page.path} (${page.name}) matches no route of the build`);
    const js = new Set<string>(
      page.plainScripts
        ? page.plainScripts.map((name) => plainScriptUrl(name, buildDir))
        : [pageStartScriptUrl(buildDir), manifest.url, manifest.entry.module, ...(manifest.entry.imports ?? [])],
    );
    const css = new Set<string>(manifest.entry.css ?? []);
    for (const id of routeIds) {
      const route = manifest.routes[id];
      if (!page.plainScripts) {
        js.add(route.module);
        for (const file of route.imports ?? []) js.add(file);
      }
      for (const file of route.css ?? []) css.add(file);
    }
    const sum = (files: Set<string>) =>
      [...files].reduce((total, file) => total + gzipBytes(clientFile(buildDir, file)), 0);
    return {
      ...page,
      routeIds,
      jsFiles: [...js],
      jsBytes: sum(js),
      cssFiles: [...css],
      cssBytes: sum(css),
    };
  });
}

/** Routes that render a page (a default export that is not only a layout) and no budget row matches. */
export function pagesWithoutBudget(buildDir = "build", pages: PageBudget[] = PAGE_BUDGETS): string[] {
  const manifest = readRouteManifest(buildDir);
  const covered = new Set(pages.flatMap((page) => matchRouteIds(manifest, page.path).slice(-1)));
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && !parents.has(route.id) && !covered.has(route.id))
    .map((route) => route.id);
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** One line per figure over its budget: "results: first-load JS 170.2 kB > budget 165 kB". */
export function overBudget(loads: FirstLoad[]): string[] {
  const lines: string[] = [];
  for (const load of loads) {
    if (load.jsBytes > load.jsKb * 1000) {
      lines.push(
        `${load.name} (${load.path}): first-load JS ${kB(load.jsBytes)} kB gzip > budget ${load.jsKb} kB (${load.jsFiles.length} files)`,
      );
    }
    if (load.cssBytes > load.cssKb * 1000) {
      lines.push(`${load.name} (${load.path}): CSS ${kB(load.cssBytes)} kB gzip > budget ${load.cssKb} kB`);
    }
  }
  return lines;
}

/** The table `npm run bench` prints: page, JS (files), budget, CSS, budget. */
export function formatFirstLoadTable(loads: FirstLoad[]): string {
  const rows = [
    ["Page", "Path", "First-load JS (gzip)", "Files", "JS budget", "CSS (gzip)", "CSS budget"],
    ...loads.map((load) => [
      load.name,
      load.path,
      `${kB(load.jsBytes)} kB`,
      String(load.jsFiles.length),
      `${load.jsKb} kB`,
      `${kB(load.cssBytes)} kB`,
      `${load.cssKb} kB`,
    ]),
  ];
  return formatTable(rows);
}

/** Rows of cells as text columns, each as wide as its widest cell (the bench's tables). */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
