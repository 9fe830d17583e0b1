/**
 * One crawl of every screen (tests/e2e/third-party.screens.ts: every screen of the actors' own data,
 * createActorsWorld), with every per-page check run at once on each visit, so the suite loads each
 * screen once per mode instead of once per check (issue #34; docs/security.md). The screens are
 * visited in lanes (up to 12 screens of one actor, a browser context each), two lanes at a time, and
 * a JS-on page is judged once it has settled (tests/support/settled.ts), not after a fixed pause.
 * The checks of each visit:
 *
 * - Accessibility: axe-core, JS on and off, no serious or critical violation. JS on: the page is
 *   loaded and hydrated, then axe is evaluated in it (through the DevTools protocol, so the page's
 *   enforced CSP stays as it is). JS off: the page is loaded in a JavaScript-disabled context and
 *   its server HTML kept; that HTML, with its <script> tags removed, is served at the same URL to
 *   the JavaScript-enabled page (styles and relative URLs resolve) and axe runs there: what axe
 *   sees is what a browser without JavaScript renders. No list of exempted violations.
 * - Content Security Policy, JS on: no violation on any page, with the forms typed into and left
 *   (where client-side validation runs), and the lazy parts opened: the profile menu, the password
 *   dialog with its errors, a flash message. The CSP allows scripts by nonce only, with no
 *   'unsafe-eval' (the browser loads no zod, ADR 141).
 * - No third-party requests, JS on: every request the browser makes (pages, frames, scripts,
 *   fonts, images, WASM, fetches) stays on the app's origin, except what survey content itself
 *   names (Storyblok images, YouTube embeds) on the screens that show survey content.
 * - Landmarks and the skip link (issue #29): one <main id="main">, and the first Tab stop is
 *   'Skip to main content', which moves the focus into it, past the header; JS on and off.
 *
 * Every page also gets the checks of tests/support/browser.ts (html-validate, no console error,
 * no uncaught exception).
 */
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import { type Network, settled, watchNetwork } from "../support/settled";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  createActorsWorld,
  type DemoIds,
} from "./authorization-matrix.support";
import { listScreens, type Screen, signInContext } from "./third-party.screens";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

/** Hosts that survey content may name: its images and its video embeds (and what the embed itself loads). */
const CONTENT_HOSTS = [
  /^a\.storyblok\.com$/,
  /(^|\.)youtube-nocookie\.com$/,
  /(^|\.)youtube\.com$/,
  /(^|\.)ytimg\.com$/,
  /(^|\.)googlevideo\.com$/,
  /(^|\.)ggpht\.com$/,
];

/** The screens that show a survey's content, where its images and embeds may load: the preview, the admin's survey page and a student's answering page. */
const SHOWS_SURVEY_CONTENT = /^\/(survey\/content|admin\/survey|student\/assignments)\/[^/]+$/;

let app: AppServer<ActorsWorld>;
let screens: Screen[];
let actors: Record<Actor, ActorCredentials>;
let ids: DemoIds;

beforeAll(async () => {
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true, fixtures: createActorsWorld });
  ({ screens, actors, ids } = await listScreens(app));
});

/** Survey previews share one renderer: axe checks two of them for all. */
function axeScreens(all: Screen[]): Set<string> {
  let previews = 0;
  return new Set(
    all.filter((screen) => !screen.path.startsWith("/survey/content/") || previews++ < 2).map((screen) => screen.path),
  );
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  tags: string[];
  nodes: { target: unknown[] }[];
}

/** WCAG 2 A and AA, as pa11y's axe runner judges them (tests/release/accessibility-runners.test.ts). */
const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The main pages, where any WCAG 2 AA finding fails, whatever its impact: login, join, class home, students, results, answering, thanks. */
const MAIN_PAGE =
  /^\/(login|join\b.*|class\/\d+\/(home|students\/manage|surveys\/results\/\d+)|student\/assignments\/\d+(\/thanks)?)$/;

/** axe's findings that fail: serious or critical anywhere, and on a main page any WCAG 2 AA finding. */
async function axeFindings(page: Page, path: string): Promise<string[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Violation[];
  const main = MAIN_PAGE.test(path);
  return violations
    .filter(
      (violation) =>
        violation.impact === "serious" ||
        violation.impact === "critical" ||
        (main && violation.tags.some((tag) => WCAG_AA_TAGS.includes(tag))),
    )
    .map((violation) => {
      const targets = violation.nodes.map((node) => JSON.stringify(node.target));
      return `${violation.impact} ${violation.id}: ${violation.help} — ${targets.slice(0, 5).join(", ")}`;
    });
}

/** Every CSP violation the browser reports, on any page of the context: the event, and the console line. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", ({ page }, text: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(`${new URL(message.page()?.url() ?? app.baseURL).pathname}: console: ${message.text()}`);
    }
  });
  return violations;
}

/** Records every request that leaves the app's origin: survey content's hosts on content screens, and the rest. */
function watchRequests(page: Page, current: () => string) {
  const appOrigin = new URL(app.baseURL).origin;
  const seen = { requests: 0, offenders: [] as string[], content: [] as string[] };
  page.on("request", (request) => {
    seen.requests++;
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    const parsed = new URL(url);
    if (parsed.origin === appOrigin) return;
    if (CONTENT_HOSTS.some((host) => host.test(parsed.hostname)) && SHOWS_SURVEY_CONTENT.test(current()))
      seen.content.push(`${current()} → ${url}`);
    else seen.offenders.push(`${current()} → ${url}`);
  });
  return seen;
}

/** Types into the page's first text input and leaves it: the moment client-side validation ran. */
async function typeAndLeave(page: Page, network: Network) {
  const input = page.locator("main input[type=text], main input[type=email], main input:not([type])").first();
  if ((await input.count()) === 0 || !(await input.isVisible())) return;
  await input.fill("x");
  await input.press("Tab");
  await settled(page, network);
}

/**
 * Runs `visit` on each lane of screens, two lanes at a time: a lane is up to 12 screens of one
 * actor, with a browser context of its own (its own cookie jar and watchers), so the crawl spends
 * no time waiting on one page while another could load.
 */
async function inLanes(all: Screen[], visit: (actor: Actor, lane: Screen[]) => Promise<void>): Promise<void> {
  const lanes: { actor: Actor; screens: Screen[] }[] = [];
  for (const actor of new Set(all.map((screen) => screen.actor))) {
    const own = all.filter((screen) => screen.actor === actor);
    const count = Math.ceil(own.length / 12);
    for (let lane = 0; lane < count; lane++) {
      lanes.push({ actor, screens: own.filter((_, index) => index % count === lane) });
    }
  }
  const work = async () => {
    for (let lane = lanes.shift(); lane; lane = lanes.shift()) await visit(lane.actor, lane.screens);
  };
  await Promise.all([work(), work()]);
}

/** The lazy parts (platform admin): the dropdown, the password dialog (a failed submit shows its errors), a flash message. */
async function openLazyParts(page: Page, network: Network) {
  await page.goto("/admin/staff", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /Profile menu$/ }).click();
  await page.getByRole("menuitem", { name: "Update Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await dialog.getByLabel("Current Password", { exact: true }).fill("x");
  await dialog.getByLabel("Current Password", { exact: true }).press("Tab");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await dialog
    .getByText("Passwords don't match")
    .or(dialog.getByText("Please confirm your password"))
    .first()
    .waitFor();
  await page.keyboard.press("Escape");
  await page.goto("/admin/schools", { waitUntil: "networkidle" });
  await page.getByLabel("School name").fill(`CSP School ${Date.now()}`);
  await page.getByRole("button", { name: /^Create school/ }).click();
  await page
    .getByText(/created/)
    .first()
    .waitFor();
  await settled(page, network);
}

test("JS on, every screen: no CSP violation, no request to a third party, no serious axe violation", async () => {
  const axeOn = axeScreens(screens);
  const axeRan: string[] = [];
  const cspViolations: string[] = [];
  const axeFound: Record<string, string[]> = {};
  const offenders: string[] = [];
  let requests = 0;
  let contentRequests = 0;
  const signedInPage = async (actor: Actor) => {
    const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    const violations = await watchViolations(context);
    await signInContext(context, app.baseURL, actors[actor]);
    const page = await context.newPage();
    // Content hosts are not reachable from CI; answer them locally so pages settle.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: "" }));
    return { context, violations, page, network: watchNetwork(page) };
  };
  const done = async ({ context, violations }: { context: BrowserContext; violations: string[] }) => {
    await context.close();
    cspViolations.push(...violations);
  };
  await inLanes(screens, async (actor, lane) => {
    const visit = await signedInPage(actor);
    const { page, network } = visit;
    let current = "";
    const seen = watchRequests(page, () => current);
    for (const screen of lane) {
      current = screen.path;
      await page.goto(screen.path, { waitUntil: "load" });
      await settled(page, network);
      if (axeOn.has(screen.path)) {
        const found = await axeFindings(page, screen.path);
        axeRan.push(screen.path);
        if (found.length > 0) axeFound[screen.path] = found;
      }
      await typeAndLeave(page, network);
    }
    await done(visit);
    offenders.push(...seen.offenders);
    requests += seen.requests;
    contentRequests += seen.content.length;
  });
  // The lazy parts once the crawl is done (they create a school, which the crawl's admin pages would show).
  const admin = await signedInPage("platformAdmin");
  const seen = watchRequests(admin.page, () => new URL(admin.page.url()).pathname);
  await openLazyParts(admin.page, admin.network);
  await done(admin);
  offenders.push(...seen.offenders);
  expect(cspViolations).toEqual([]);
  expect(offenders).toEqual([]);
  expect(axeFound).toEqual({});
  expect(axeRan.sort()).toEqual([...axeOn].sort());
  expect(screens.filter((screen) => MAIN_PAGE.test(screen.path)).length).toBeGreaterThanOrEqual(6);
  expect(requests).toBeGreaterThan(screens.length);
  console.info(`screens: ${screens.length} screens, ${requests} requests, ${contentRequests} to survey content hosts`);
}, 600_000);

test("JS off, every screen: no serious axe violation in what a browser without JavaScript renders", async () => {
  const axeOn = axeScreens(screens);
  const axeRan: string[] = [];
  const found: Record<string, string[]> = {};
  await inLanes(
    screens.filter((screen) => axeOn.has(screen.path)),
    async (actor, lane) => {
      const context = await newContext({ javaScriptEnabled: true, bypassCSP: true, baseURL: app.baseURL });
      await signInContext(context, app.baseURL, actors[actor]);
      const page = await context.newPage();
      const noJs = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
      await signInContext(noJs, app.baseURL, actors[actor]);
      const noJsPage = await noJs.newPage();
      for (const screen of lane) {
        await noJsPage.goto(screen.path);
        const html = (await noJsPage.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
        await page.route(
          `${app.baseURL}${screen.path}`,
          (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }),
          { times: 1 },
        );
        await page.goto(screen.path, { waitUntil: "load" });
        const violations = await axeFindings(page, screen.path);
        axeRan.push(screen.path);
        if (violations.length > 0) found[screen.path] = violations;
      }
      await noJs.close();
      await context.close();
    },
  );
  expect(found).toEqual({});
  expect(axeRan.sort()).toEqual([...axeOn].sort());
}, 600_000);

async function pageAs(actor: Actor | null, javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  if (actor) await signInContext(context, app.baseURL, actors[actor]);
  return context.newPage();
}

async function expectOneMainAndASkipLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  expect(await page.locator("main").count(), path).toBe(1);
  expect(await page.locator("main#main").count(), path).toBe(1);
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => ({
    text: document.activeElement?.textContent,
    href: document.activeElement?.getAttribute("href"),
    visible: (document.activeElement?.getBoundingClientRect().top ?? -1) >= 0,
  }));
  expect(first, path).toEqual({ text: "Skip to main content", href: "#main", visible: true });
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("main")?.id ?? document.activeElement?.tagName), {
      timeout: 5000,
    })
    .toBe("main");
}

describe.each([
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
])("$name", ({ javaScriptEnabled }) => {
  test("public and signed-in pages have one <main> and the skip link reaches it, past the header", async () => {
    const page = await pageAs(null, javaScriptEnabled);
    for (const path of ["/login", "/signup", "/forgot-password", "/no-such-page"]) {
      await expectOneMainAndASkipLink(page, path);
    }
    const archived = await pageAs("archived", javaScriptEnabled);
    await expectOneMainAndASkipLink(archived, "/blocked");
    const teacher = await pageAs("teacher", javaScriptEnabled);
    for (const path of [`/class/${ids.classId}/home`, `/class/${ids.classId}/no-such-page`, "/home"]) {
      await expectOneMainAndASkipLink(teacher, path);
    }
  });
});

test("the 'Online now' names are targets of at least 24 × 24 px (WCAG 2.2 target size)", async () => {
  const page = await pageAs("teacher", false);
  await page.goto(`/class/${ids.classId}/home`);
  const links = page.getByRole("list", { name: "Students online now" }).getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  for (const box of await links.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
  )) {
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
});
