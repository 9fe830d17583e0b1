import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { createApiRouteTable, screenMethodAnswer } from "./api-routes.server";

const page = { default: () => null, loader: () => null };
const loaderOnly = { loader: () => null };
const actionOnly = { action: () => null };

/** A small route tree in the server build's shape: ids, parents, paths and modules. */
function routesOf(
  list: { id: string; parentId?: string; path?: string; index?: boolean; module: object }[],
): ServerBuild["routes"] {
  return Object.fromEntries(
    list.map((route) => [
      route.id,
      { ...route, parentId: route.id === "root" ? undefined : (route.parentId ?? "root"), caseSensitive: undefined },
    ]),
  ) as unknown as ServerBuild["routes"];
}

const routes = routesOf([
  { id: "root", path: "", module: page },
  { id: "routes/class/layout", path: "class/:classId", module: page },
  { id: "routes/class/home", parentId: "routes/class/layout", path: "home", module: page },
  // A page with static segments that a resource route's dynamic ones also match.
  { id: "routes/class/export-help", parentId: "routes/class/layout", path: "export/help", module: page },
  { id: "routes/class/export", parentId: "routes/class/layout", path: "export/:format", module: loaderOnly },
  { id: "routes/student/drawings", path: "student/assignments/:assignmentId/drawings", module: actionOnly },
  { id: "routes/api/classes/list", path: "api/classes", module: loaderOnly },
  { id: "routes/api/classes/one", path: "api/classes/:id", module: { ...loaderOnly, ...actionOnly } },
  { id: "routes/api/classes/mine", path: "api/classes/mine", module: loaderOnly },
  { id: "routes/not-found", path: "*", module: page },
]);

describe("the route table asks the small tree, and answers as the whole tree would", () => {
  const table = createApiRouteTable(routes);

  test("an API path finds its API route and its methods; an unknown one finds none", () => {
    expect(table.match("/api/classes")).toEqual({ id: "routes/api/classes/list", allow: ["GET", "HEAD", "OPTIONS"] });
    expect(table.match("/api/classes/7")?.allow).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(table.match("/api/nothing-here")).toBeNull();
    // Matched as React Router matches: a static segment before a dynamic one, any case, encoded, a trailing slash.
    expect(table.match("/api/classes/mine")?.id).toBe("routes/api/classes/mine");
    expect(table.match("/API/Classes/")?.id).toBe("routes/api/classes/list");
    expect(table.match("/api/cl%61sses/7")?.id).toBe("routes/api/classes/one");
    expect(table.match("/api")).toBeNull();
  });

  test("a resource route outside /api gives its methods; a page gives null", () => {
    expect(table.resourceAllow("/student/assignments/3/drawings")).toEqual(["POST", "OPTIONS"]);
    expect(table.resourceAllow("/class/1/export/csv")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(table.resourceAllow("/class/1/home")).toBeNull();
    expect(table.resourceAllow("/no/such/page")).toBeNull();
  });

  test("a page whose static segments outrank a resource route's dynamic ones stays a page", () => {
    expect(table.resourceAllow("/class/1/export/help")).toBeNull();
    expect(screenMethodAnswer(table, "GET", "/class/1/export/help")).toBeNull();
  });

  test("a GET to a POST-only resource is a 405 naming what it takes", async () => {
    const answer = screenMethodAnswer(table, "GET", "/student/assignments/3/drawings");
    expect(answer?.status).toBe(405);
    expect(answer?.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(await answer?.text()).toContain("GET is not allowed here.");
  });
});

describe("over the app's own routes, the compiled table answers as React Router's matching would", async () => {
  const { readFileSync } = await import("node:fs");
  const { matchRoutes } = await import("react-router");
  const { default: config } = await import("~/routes");
  type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
  const list: Parameters<typeof routesOf>[0] = [{ id: "root", path: "", module: page }];
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
  const built = routesOf(list);
  const table = createApiRouteTable(built);
  // The whole tree, as React Router sees it.
  const byParent = new Map<string | undefined, typeof list>();
  for (const route of list) {
    const parent = route.id === "root" ? undefined : (route.parentId ?? "root");
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const tree = (parent: string | undefined): object[] =>
    (byParent.get(parent) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      ...(route.index ? {} : { children: tree(route.id) }),
    }));
  const leafOf = (pathname: string) =>
    matchRoutes(tree(undefined) as never, pathname)?.at(-1)?.route as { id?: string } | undefined;
  const paths = list
    .map((route) => {
      const segments: string[] = [];
      for (let at: (typeof list)[number] | undefined = route; at; ) {
        if (at.path) segments.unshift(at.path);
        at = list.find((candidate) => candidate.id === (at as { parentId?: string }).parentId);
      }
      return `/${segments.join("/")}`;
    })
    .flatMap((path) => [
      path.replace(/:[\w-]+/g, "7"),
      path.replace(/:[\w-]+/g, "mine"),
      `${path.replace(/:[\w-]+/g, "7")}/`,
    ]);

  test.each([...new Set(paths), "/api/nothing", "/class/7/nothing", "/no/such/page"])("%s", (pathname) => {
    const leaf = leafOf(pathname)?.id;
    expect(table.match(pathname)?.id ?? null).toBe(leaf?.startsWith("routes/api/") ? leaf : null);
    const isResource = leaf !== undefined && !leaf.startsWith("routes/api/") && !built[leaf]?.module.default;
    expect(table.resourceAllow(pathname) !== null).toBe(isResource);
  });
});
