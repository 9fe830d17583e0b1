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
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { translatorFor } from "~/server/i18n/i18n.server";
import { jsonError } from "~/server/web/json-error.server";
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
 * React Router's `matchRoutes` flattens and ranks every branch of the tree it
 * is given, and compiles a regular expression per segment, on each call:
 * asked of the whole tree of 77 routes on every request, that was a tenth of
 * a simple page's server time, and still 7 % over the small trees
 * (docs/performance.md). So the routes this table asks about (the API's, and
 * the resource routes outside it) are compiled once into patterns ranked as
 * React Router ranks them (`compiledRoutes`). A screen path that one of the
 * resource patterns matches is confirmed over the whole tree (a page with
 * static segments outranks a resource route with dynamic ones); an /api path
 * is answered by the best API pattern (no other route starts with `api` but
 * the catch-all, which ranks below them all).
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
  const apiRoutes = compiledRoutes(tree, isApiRoute);
  const resourceRoutes = compiledRoutes(tree, (id) => resourceIds.has(id) && !isApiRoute(id));
  return {
    /** The methods of a resource route outside /api (a drawing, a CSV), or null for a page or no route. */
    resourceAllow(pathname: string): string[] | null {
      if (!bestMatch(resourceRoutes, pathname)) return null;
      const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
      return leaf?.id && resourceIds.has(leaf.id) ? (allowById.get(leaf.id) ?? null) : null;
    },
    /** The API route for a path, or null when only a screen (the catch-all) would take it. */
    match(pathname: string): ApiRoute | null {
      const id = bestMatch(apiRoutes, pathname);
      return id ? { id, allow: allowById.get(id) ?? [] } : null;
    },
  };
}

interface CompiledRoute {
  id: string;
  pattern: RegExp;
  /** React Router's ranking score of the route's whole path (its computeScore). */
  score: number;
}

/**
 * The leaf routes `keep` takes, each with its whole path (its parents' paths
 * joined) compiled once, best first as React Router ranks them: each static
 * segment 10, each dynamic one 3, plus the number of segments, less 2 for a
 * final splat (`*`); on a tie, the first in the route table. Paths match
 * case-insensitively, as React Router's do. Only static, `:param` and a final
 * `*` segment occur in the routes asked about; a route with anything else
 * fails here, when the server starts.
 */
function compiledRoutes(tree: RouteObject[], keep: (id: string) => boolean): CompiledRoute[] {
  const found: CompiledRoute[] = [];
  const walk = (objects: RouteObject[], parentSegments: string[]) => {
    for (const object of objects) {
      const segments = [...parentSegments, ...(object.path ?? "").split("/").filter(Boolean)];
      if (object.children) walk(object.children, segments);
      else if (object.id && keep(object.id)) found.push(compileRoute(object.id, segments));
    }
  };
  walk(tree, []);
  return found
    .map((route, order) => ({ route, order }))
    .sort((a, b) => b.route.score - a.route.score || a.order - b.order)
    .map(({ route }) => route);
}

const DYNAMIC_SEGMENT = /^:[\w-]+$/;
const REGEXP_SPECIAL = /[\\.*+^${}|()[\]]/g;

function compileRoute(id: string, segments: string[]): CompiledRoute {
  const source = segments.map((segment, index) => {
    if (DYNAMIC_SEGMENT.test(segment)) return "/([^/]+)";
    // A splat, last: "/" and anything after it, or nothing.
    if (segment === "*" && index === segments.length - 1) return "(?:/(.*))?";
    if (/[*?:]/.test(segment)) throw new Error(`Route ${id}: the route table does not take the segment "${segment}"`);
    return `/${segment.replace(REGEXP_SPECIAL, "\\$&")}`;
  });
  const splat = segments.at(-1) === "*";
  const score = segments
    .filter((segment) => segment !== "*")
    .reduce((total, segment) => total + (DYNAMIC_SEGMENT.test(segment) ? 3 : 10), segments.length + (splat ? -2 : 0));
  return { id, pattern: new RegExp(`^${source.join("")}/*$`, "i"), score };
}

function bestMatch(compiled: CompiledRoute[], pathname: string): string | null {
  const decoded = decodePath(pathname);
  for (const route of compiled) if (route.pattern.test(decoded)) return route.id;
  return null;
}

/** The path as React Router matches it: each segment percent-decoded (an encoded "/" stays encoded). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
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
    return jsonError(404, "NOT_FOUND", "There is no API endpoint at this path.");
  }
  const allow = route.allow.join(", ");
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
  if (!route.allow.includes(method)) {
    return jsonError(405, "METHOD_NOT_ALLOWED", `${method} is not allowed here. This endpoint answers ${allow}.`, {
      headers: { Allow: allow },
    });
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
  language: Language = DEFAULT_LANGUAGE,
): Response | null {
  if (isApiPath(pathname)) return null;
  const resource = table.resourceAllow(pathname);
  if (resource && method !== "OPTIONS" && !resource.includes(method))
    return methodNotAllowedPage(method, resource, language);
  const allow = SCREEN_METHODS.join(", ");
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
  if ((SCREEN_METHODS as readonly string[]).includes(method)) return null;
  return methodNotAllowedPage(method, [...SCREEN_METHODS], language);
}

/** The 405 page, in the reader's language (ADR 228): the method and the methods allowed are as sent. */
function methodNotAllowedPage(method: string, methods: readonly string[], language: Language): Response {
  const allow = methods.join(", ");
  const t = translatorFor(language, "common");
  return new Response(
    plainPageHtml({
      title: t("Method not allowed"),
      message: t("{method} is not allowed here. This address answers {allow}.", { method, allow }),
      link: { href: "/", text: t("Go to the start page") },
      language,
    }),
    { status: 405, headers: { Allow: allow, "Content-Type": "text/html; charset=utf-8" } },
  );
}
