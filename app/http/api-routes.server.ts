/**
 * Every path under /api answers JSON, also when no route takes it (ADR 103):
 *
 * - a path no API route matches: 404 `{ code: "NOT_FOUND", message }`;
 * - a method the route does not take: 405 `{ code: "METHOD_NOT_ALLOWED", message }`
 *   with an `Allow` header;
 * - OPTIONS: 204 with `Allow` (no CORS grant: the API has none to give).
 *
 * A route's methods come from its module: a `loader` takes GET and HEAD; an
 * `action` takes POST, or the methods its module lists in
 * `handle.actionMethods` (`export const handle = { actionMethods: ["PUT"] } satisfies ApiRouteHandle`).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { plainPageHtml } from "~/server/web/plain-page.server";

export interface ApiRouteHandle {
  /** What the route's action answers; POST when unset. */
  actionMethods: readonly ("POST" | "PUT" | "PATCH" | "DELETE")[];
}

type RouteModuleLike = { loader?: unknown; action?: unknown; handle?: unknown };

interface ApiRoute {
  id: string;
  allow: string[];
}

/**
 * Builds the lookup once per server build.
 *
 * `matchRoutes` flattens and ranks every branch of the tree it is given on
 * each call: over the whole route tree that was a tenth of a simple page's
 * server time (docs/performance.md). So each question is asked of the small
 * tree it is about: an /api path of the API routes alone (no other route
 * starts with "api" but the catch-all, which ranks below them all), and a
 * screen path of the resource routes alone, confirmed over the whole tree in
 * the rare case one matches (a page with static segments outranks a resource
 * route with dynamic ones).
 */
export function createApiRouteTable(routes: ServerBuild["routes"]) {
  const tree = toRouteObjects(routes);
  const allowById = new Map<string, string[]>();
  const resourceIds = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    allowById.set(route.id, allowedMethods(route.module as RouteModuleLike));
    if (!(route.module as { default?: unknown }).default) resourceIds.add(route.id);
  }
  const isApiRoute = (id: string) => id.startsWith("routes/api/");
  const apiTree = keepBranches(tree, isApiRoute);
  const resourceTree = keepBranches(tree, (id) => resourceIds.has(id) && !isApiRoute(id));
  const leafOf = (branches: RouteObject[], pathname: string) => matchRoutes(branches, pathname)?.at(-1)?.route;
  return {
    /** The methods of a resource route outside /api (a drawing, a CSV), or null for a page or no route. */
    resourceAllow(pathname: string): string[] | null {
      if (!leafOf(resourceTree, pathname)) return null;
      const leaf = leafOf(tree, pathname);
      return leaf?.id && resourceIds.has(leaf.id) ? (allowById.get(leaf.id) ?? null) : null;
    },
    /** The API route for a path, or null when only a screen (the catch-all) would take it. */
    match(pathname: string): ApiRoute | null {
      const leaf = leafOf(apiTree, pathname);
      if (!leaf?.id || !isApiRoute(leaf.id)) return null;
      return { id: leaf.id, allow: allowById.get(leaf.id) ?? [] };
    },
  };
}

/** The tree cut down to the branches that lead to a route `keep` takes (a leaf, or a layout with such children). */
function keepBranches(objects: RouteObject[], keep: (id: string) => boolean): RouteObject[] {
  return objects.flatMap((object) => {
    const children = object.children ? keepBranches(object.children, keep) : [];
    if (children.length > 0) return [{ ...object, children } as RouteObject];
    if (object.id && keep(object.id)) {
      const { children: _dropped, ...leaf } = object;
      return [leaf as RouteObject];
    }
    return [];
  });
}

export function allowedMethods(module: RouteModuleLike): string[] {
  const methods: string[] = [];
  if (typeof module.loader === "function") methods.push("GET", "HEAD");
  if (typeof module.action === "function") {
    const declared = (module.handle as Partial<ApiRouteHandle> | undefined)?.actionMethods;
    methods.push(...(declared && declared.length > 0 ? declared : ["POST"]));
  }
  methods.push("OPTIONS");
  return methods;
}

function toRouteObjects(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, list);
  }
  const attach = (objects: RouteObject[]): RouteObject[] =>
    objects.map((object) => {
      const children = byParent.get(object.id);
      return children && !object.index ? { ...object, children: attach(children) } : object;
    });
  return attach(byParent.get(undefined) ?? []);
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The entry's own answer for an API request, or null to let the route answer.
 * Without a route: 404. A method the route does not take: 405. OPTIONS: 204.
 */
export function apiRouteAnswer(
  table: ReturnType<typeof createApiRouteTable>,
  method: string,
  pathname: string,
): Response | null {
  if (!isApiPath(pathname)) return null;
  const route = table.match(pathname);
  if (!route) {
    return Response.json({ code: "NOT_FOUND", message: "There is no API endpoint at this path." }, { status: 404 });
  }
  const allow = route.allow.join(", ");
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
  if (!route.allow.includes(method)) {
    return Response.json(
      { code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed here. This endpoint answers ${allow}.` },
      { status: 405, headers: { Allow: allow } },
    );
  }
  return null;
}

/** What every screen path takes: pages are read with GET (and HEAD) and their forms post. */
export const SCREEN_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;

/**
 * The entry's own answer for a screen path (not /api) asked with a method no
 * screen takes (PUT, DELETE, PROPFIND…): a 405 page with `Allow`, before any
 * route runs; OPTIONS: 204 with `Allow`; a method a resource route (a
 * drawing, a CSV, an upload) does not take: 405 with that route's `Allow`. Null otherwise: React Router answers
 * (a page without a form answers a POST with its own 405, given an `Allow`
 * header in entry.server.tsx).
 */
export function screenMethodAnswer(
  table: ReturnType<typeof createApiRouteTable>,
  method: string,
  pathname: string,
): Response | null {
  if (isApiPath(pathname)) return null;
  const resource = table.resourceAllow(pathname);
  if (resource && method !== "OPTIONS" && !resource.includes(method)) return methodNotAllowedPage(method, resource);
  const allow = SCREEN_METHODS.join(", ");
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
  if ((SCREEN_METHODS as readonly string[]).includes(method)) return null;
  return methodNotAllowedPage(method, [...SCREEN_METHODS]);
}

function methodNotAllowedPage(method: string, methods: readonly string[]): Response {
  const allow = methods.join(", ");
  return new Response(
    plainPageHtml({
      title: "Method not allowed",
      message: `${method} is not allowed here. This address answers ${allow}.`,
      link: { href: "/", text: "Go to the start page" },
    }),
    { status: 405, headers: { Allow: allow, "Content-Type": "text/html; charset=utf-8" } },
  );
}
