import { describe, expect, test } from "vitest";
import { createApiRouteTable, screenMethodAnswer } from "./api-routes.server";
import { appRouteRows, routesOf, routeTree, wholePathOf } from "./route-config.test-support";

const page = { default: () => null, loader: () => null };
const loaderOnly = { loader: () => null };
const actionOnly = { action: () => null };

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
  const { matchRoutes } = await import("react-router");
  const built = routesOf(appRouteRows());
  const table = createApiRouteTable(built);
  const leafOf = (pathname: string) =>
    matchRoutes(routeTree(built), pathname)?.at(-1)?.route as { id?: string } | undefined;
  const paths = Object.keys(built)
    .map((id) => wholePathOf(built, id))
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
