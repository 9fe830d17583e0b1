/**
 * app/routes.ts in the server build's shape (ids, parents, paths, modules),
 * for the tests that check our own use of the route table against React
 * Router's matching over every route of the app.
 */
import { readFileSync } from "node:fs";
import type { RouteObject, ServerBuild } from "react-router";
import config from "~/routes";

export interface RouteRow {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: object;
}

/** A route tree in the server build's shape; a route without a parent sits under the root. */
export function routesOf(list: RouteRow[]): ServerBuild["routes"] {
  return Object.fromEntries(
    list.map((route) => [
      route.id,
      { ...route, parentId: route.id === "root" ? undefined : (route.parentId ?? "root"), caseSensitive: undefined },
    ]),
  ) as unknown as ServerBuild["routes"];
}

/** Every route of app/routes.ts under a root, each module with a default export, loader and action where its file has one. */
export function appRouteRows(): RouteRow[] {
  type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
  const list: RouteRow[] = [{ id: "root", path: "", module: { default: () => null, loader: () => null } }];
  const add = (entries: Entry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const source = readFileSync(`app/${entry.file}`, "utf8");
      const module = {
        ...(/export default/.test(source) ? { default: () => null } : {}),
        ...(/export (async )?function loader/.test(source) ? { loader: () => null } : {}),
        ...(/export (async )?function action/.test(source) ? { action: () => null } : {}),
      };
      list.push({ id, parentId, path: entry.path, index: entry.index, module });
      if (entry.children) add(entry.children, id);
    }
  };
  add(config as Entry[], "root");
  return list;
}

/** The tree React Router's server makes of a build's routes (children in the build's order), for `matchRoutes`. */
export function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route?.id,
      path: route?.path,
      index: route?.index,
      ...(route?.index ? {} : { children: routeTree(routes, route?.id) }),
    })) as RouteObject[];
}

/** A route's whole path: its own after its parents'. */
export function wholePathOf(routes: ServerBuild["routes"], id: string): string {
  const segments: string[] = [];
  for (let at = routes[id]; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) segments.unshift(at.path);
  }
  return `/${segments.join("/")}`;
}
