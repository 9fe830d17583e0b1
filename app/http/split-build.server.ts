/**
 * The server build cut in two: one for the JSON API's routes, one for every
 * other route (screens, resource routes, the catch-all). React Router matches
 * each request against all of a build's routes, flattening and ranking every
 * branch each time, and 34 of our 77 routes are the API's: a page never
 * needs them, an API call never needs the screens (docs/performance.md,
 * "What would reach the goals"). The server entry sends `/api` paths to the
 * first and the rest to the second.
 *
 * The server renders a page from the manifest's routes and their modules, so
 * each half's manifest (`build.assets.routes`) is cut the same way. The
 * browser is not told less: it reads the whole manifest from its own file
 * (`build.assets.url`, with `routeDiscovery: "initial"`), which is unchanged.
 */
import type { ServerBuild } from "react-router";

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

/** The API's build and the screens' build. */
export function splitBuild(build: ServerBuild): { api: ServerBuild; pages: ServerBuild } {
  return {
    api: buildWithRoutes(build, isApiRouteId),
    pages: buildWithRoutes(build, (id) => !isApiRouteId(id)),
  };
}
