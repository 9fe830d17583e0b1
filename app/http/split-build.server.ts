/**
 * The server build cut into smaller builds, each with only the routes a
 * request could match. React Router converts every route of a build for
 * each page it renders (`createServerRoutes`, `convertRoutesToDataRoutes`),
 * and matches by trying the ranked branches until one fits (then again in
 * rendering, where `<Routes>` flattens and ranks the whole tree): the work
 * grows with the table, 109 routes, of which a page needs a handful
 * (docs/performance.md, "6. What the shell costs the server").
 *
 * 1. The JSON API's routes and the rest apart: the server entry sends `/api`
 *    paths to the first and everything else to the second (ADR 109).
 * 2. The rest, by the URL path's first segment: each static first segment of
 *    a route's whole path (its own path after its parents', read from the
 *    build, so a new route lands where it belongs without a list to keep) is
 *    an area, `/class`, `/admin`, `/login` and so on. An area's build has its
 *    routes and the routes every path may match: the root, the index, any
 *    whose whole path starts with a parameter or a splat (the catch-all 404),
 *    with the layouts they sit in. A path with no area of its own (a 404)
 *    gets those alone. The first segment is read as React Router reads it
 *    (`.data` single-fetch suffix and `/_root.data`, percent-decoded, any
 *    case), and every area's build holds the shared routes, so a request
 *    matches the route the whole build would (split-build.server.test.ts
 *    checks every route of app/routes.ts).
 *
 * The server renders a page from the manifest's routes and their modules, so
 * each build's manifest (`build.assets.routes`) is cut the same way. The
 * browser is not told less: it reads the whole manifest from its own file
 * (`build.assets.url`, with `routeDiscovery: "initial"`), which is unchanged.
 */
import type { ServerBuild } from "react-router";
import { isApiPath } from "./api-routes.server";

/** The build with only the routes `keep` takes, and their parents (the root, layouts). */
export function buildWithRoutes(build: ServerBuild, keep: (routeId: string) => boolean): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || !keep(id)) continue;
    for (let current: typeof route | undefined = route; current; ) {
      routes[current.id] = current;
      current = current.parentId ? build.routes[current.parentId] : undefined;
    }
  }
  const manifestRoutes = Object.fromEntries(
    Object.entries(build.assets.routes).filter(([id]) => id in routes),
  ) as ServerBuild["assets"]["routes"];
  return { ...build, routes, assets: { ...build.assets, routes: manifestRoutes } };
}

export const isApiRouteId = (routeId: string) => routeId.startsWith("routes/api/");

/** A route every path may match: its whole path is empty or starts with a parameter, an optional segment or a splat. */
const EVERY_AREA = "";

/**
 * The area of each route a request can match (a layout without a path of its
 * own is only matched through its children): the first segment of its whole
 * path, lower-cased as React Router matches (unless the route is case-sensitive, a superset).
 */
function routeAreas(build: ServerBuild): Map<string, string> {
  const areas = new Map<string, string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const segments: string[] = [];
    for (let current: typeof route | undefined = route; current; ) {
      if (current.path) segments.unshift(current.path);
      current = current.parentId ? build.routes[current.parentId] : undefined;
    }
    const first = segments.join("/").split("/").find(Boolean) ?? "";
    const shared = first === "" || first.startsWith(":") || first.includes("*") || first.endsWith("?");
    areas.set(id, shared ? EVERY_AREA : first.toLowerCase());
  }
  return areas;
}

/**
 * The area a request's URL path (`new URL(request.url).pathname`) asks for,
 * as React Router reads the path it matches: without a single-fetch `.data`
 * (`/_root.data` is `/`), each segment percent-decoded, in any case.
 */
export function areaOfPath(pathname: string): string {
  const path = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  const end = path.indexOf("/", 1);
  const first = path.slice(1, end === -1 ? undefined : end);
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    // React Router then matches the path undecoded: no static segment has a bad escape, the shared routes answer.
    return first.toLowerCase();
  }
}

/** One build per area of `build`'s routes, each with the routes every area shares, and one with those alone. */
export function areaBuilds(build: ServerBuild): { forPath(pathname: string): ServerBuild; all: ServerBuild[] } {
  const areas = routeAreas(build);
  const buildOf = (area: string) =>
    buildWithRoutes(build, (id) => areas.get(id) === area || areas.get(id) === EVERY_AREA);
  const shared = buildOf(EVERY_AREA);
  const byArea = new Map(
    [...new Set(areas.values())].filter((area) => area !== EVERY_AREA).map((area) => [area, buildOf(area)]),
  );
  return {
    forPath: (pathname) => byArea.get(areaOfPath(pathname)) ?? shared,
    all: [shared, ...byArea.values()],
  };
}

export interface SplitBuild<T> {
  /**
   * What answers a request: `path` is the request's path as the server
   * received it (Express's `req.path`), `urlPath` its URL's pathname as
   * React Router will read it (dot segments resolved).
   */
  forRequest(path: string, urlPath?: string): T;
}

/** The API's build, and the screens' builds by area; `use` makes what answers from each (a request handler). */
export function splitBuild<T>(build: ServerBuild, use: (cut: ServerBuild) => T): SplitBuild<T> {
  const api = use(buildWithRoutes(build, isApiRouteId));
  const pages = areaBuilds(buildWithRoutes(build, (id) => !isApiRouteId(id)));
  const handlers = new Map(pages.all.map((cut) => [cut, use(cut)]));
  return {
    forRequest: (path, urlPath = path) => (isApiPath(path) ? api : (handlers.get(pages.forPath(urlPath)) as T)),
  };
}
