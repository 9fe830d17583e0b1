/**
 * Fewer, larger chunks for the first load (issue 34), without loading a byte
 * more on any page: a module joins the chunk of a layout route (root, the
 * staff shell, the class and admin areas) only when
 * - that layout statically imports it (directly or through other modules), so
 *   it is loaded whenever the layout is, and
 * - every route module that statically imports it is that layout or one of
 *   its descendants, so no page outside the layout would load the chunk
 *   (a route served without the client bundle, ADR 170, does not count: its
 *   page loads no chunk; only a client-side navigation to it from a hydrated
 *   page would, and that page has the root's chunk and mostly the shell's), and
 * - every module it imports is in that chunk or an ancestor layout's (the
 *   bundler pulls a captured module's imports into its chunk).
 * What is left (modules some pages of an area use and others do not, and
 * everything behind `import()`) the bundler splits as before. Without this,
 * the class home named 44 files in `<link rel="modulepreload">` tags.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";

type ModuleInfo = { importedIds: string[] } | null;
type GetModuleInfo = (id: string) => ModuleInfo;

/** The layouts whose static imports get a chunk of their own, outermost first. */
export const CHUNK_LAYOUTS = ["root.tsx", "routes/shell.tsx", "routes/class/layout.tsx", "routes/admin/layout.tsx"];

interface Layout {
  file: string;
  /** The route files at or below it (for root: every route). */
  descendants: Set<string>;
  /** Its chunk's name. */
  name: string;
}

function routeFiles(routes: RouteConfigEntry[], into = new Set<string>()): Set<string> {
  for (const route of routes) {
    into.add(route.file);
    if (route.children) routeFiles(route.children, into);
  }
  return into;
}

function findRoute(routes: RouteConfigEntry[], file: string): RouteConfigEntry | undefined {
  for (const route of routes) {
    if (route.file === file) return route;
    const found = route.children && findRoute(route.children, file);
    if (found) return found;
  }
  return undefined;
}

/** A route module that says its page needs no client bundle (`handle = { plainPage: true }`, app/lib/plain-page.ts). */
export function declaresPlainPage(source: string): boolean {
  return /\bplainPage:\s*true\b/.test(source);
}

/**
 * The route files whose pages are never served with the client bundle: those
 * that declare it, and layouts all of whose routes are such.
 */
function plainRoutes(routes: RouteConfigEntry[], isPlain: (file: string) => boolean, into = new Set<string>()) {
  for (const route of routes) {
    if (route.children?.length) {
      plainRoutes(route.children, isPlain, into);
      if (route.children.every((child) => into.has(child.file))) into.add(route.file);
    } else if (isPlain(route.file)) into.add(route.file);
  }
  return into;
}

/** The module id without the query string a plugin may add. */
const bare = (id: string) => id.split("?")[0] ?? id;

/**
 * Rolldown's `output.codeSplitting.groups`: one for each layout, naming the
 * modules of its chunk.
 */
export function firstLoadChunks(
  appDirectory: string,
  routes: RouteConfigEntry[],
  isPlain: (file: string) => boolean = (file) =>
    declaresPlainPage(readFileSync(path.resolve(appDirectory, file), "utf8")),
) {
  const abs = (file: string) => path.resolve(appDirectory, file);
  const allRoutes = new Set([...routeFiles(routes)].map(abs));
  const plain = new Set([...plainRoutes(routes, isPlain)].map(abs));
  const layouts: Layout[] = CHUNK_LAYOUTS.map((file) => {
    const route = file === "root.tsx" ? undefined : findRoute(routes, file);
    if (file !== "root.tsx" && !route) throw new Error(`first-load chunks: no route ${file}`);
    return {
      file: abs(file),
      descendants: route ? new Set([...routeFiles([route])].map(abs)) : new Set([...allRoutes, abs("root.tsx")]),
      name: `${path.basename(file, ".tsx")}-first-load`.replace(/^layout/, path.basename(path.dirname(file))),
    };
  });
  const entries = new Set([...allRoutes, abs("root.tsx"), abs("entry.client.tsx")]);
  let assignment: Map<string, Layout> | undefined;

  /** What `start` imports statically, directly or through other modules. */
  function closure(start: string, info: GetModuleInfo): Set<string> {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      for (const next of info(queue.pop() as string)?.importedIds ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen;
  }

  // Route modules are their own chunks (React Router's entries, `file?__react-router-build-client-route`,
  // each importing the module `file`); the client entry counts as root's.
  function assign(info: GetModuleInfo): Map<string, Layout> {
    const reachedBy = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (plain.has(entry)) continue;
      const owner = entry === abs("entry.client.tsx") ? abs("root.tsx") : entry;
      for (const id of closure(entry, info)) reachedBy.set(id, (reachedBy.get(id) ?? new Set()).add(owner));
    }
    const result = new Map<string, Layout>();
    for (const layout of layouts) {
      const loaded = closure(layout.file, info);
      if (layout.file === abs("root.tsx")) for (const id of closure(abs("entry.client.tsx"), info)) loaded.add(id);
      for (const id of loaded) {
        if (entries.has(bare(id))) continue;
        if ([...(reachedBy.get(id) ?? [])].every((user) => layout.descendants.has(user))) result.set(id, layout);
      }
    }
    // A module stays only where all it imports is in its chunk or an outer one (outer layouts name
    // their inner ones among their descendants).
    let changed = true;
    while (changed) {
      changed = false;
      for (const [id, layout] of result) {
        const fits = (info(id)?.importedIds ?? []).every((next) => {
          const other = result.get(next);
          return other !== undefined && (other === layout || other.descendants.has(layout.file));
        });
        if (!fits) {
          result.delete(id);
          changed = true;
        }
      }
    }
    return result;
  }

  const nameFor = (moduleId: string, ctx: { getModuleInfo: GetModuleInfo }) => {
    assignment ??= assign((id) => ctx.getModuleInfo(id));
    return assignment.get(moduleId)?.name ?? null;
  };
  // One group a layout, outermost first: a captured module pulls in what it
  // imports, so the outer chunks must take theirs before the inner ones.
  return layouts.map((layout, index) => ({
    name: (moduleId: string, ctx: { getModuleInfo: GetModuleInfo }) => {
      const name = nameFor(moduleId, ctx);
      return name === layout.name ? name : null;
    },
    debugName: layout.name,
    priority: layouts.length - index,
  }));
}
