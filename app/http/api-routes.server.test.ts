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
  { id: "routes/not-found", path: "*", module: page },
]);

describe("the route table asks the small tree, and answers as the whole tree would", () => {
  const table = createApiRouteTable(routes);

  test("an API path finds its API route and its methods; an unknown one finds none", () => {
    expect(table.match("/api/classes")).toEqual({ id: "routes/api/classes/list", allow: ["GET", "HEAD", "OPTIONS"] });
    expect(table.match("/api/classes/7")?.allow).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(table.match("/api/nothing-here")).toBeNull();
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
