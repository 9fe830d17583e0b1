import { createRequestHandler, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createApiRouteTable, isApiPath } from "./api-routes.server";
import { appRouteRows, routesOf, wholePathOf } from "./route-config.test-support";
import { areaOfPath, isApiRouteId, splitBuild } from "./split-build.server";

const route = (id: string, parentId: string | undefined, path: string | undefined, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});

test("each build keeps its own routes with their parents and the shared ones, in the modules and in the manifest the server renders from", () => {
  const build = {
    routes: {
      root: route("root", undefined, ""),
      "routes/index": route("routes/index", "root", undefined, true),
      "routes/api/classes": route("routes/api/classes", "root", "api/classes"),
      "routes/shell": route("routes/shell", "root", undefined),
      "routes/class/layout": route("routes/class/layout", "routes/shell", "class/:classId"),
      "routes/class/home": route("routes/class/home", "routes/class/layout", "home"),
      "routes/admin/index": route("routes/admin/index", "routes/shell", "admin", true),
      "routes/login": route("routes/login", "root", "Login"),
      "routes/not-found": route("routes/not-found", "root", "*"),
    },
    assets: {
      url: "/assets/manifest-1.js",
      routes: { root: {}, "routes/api/classes": {}, "routes/class/home": {}, "routes/login": {} },
    },
  } as unknown as ServerBuild;
  const split = splitBuild(build, (cut) => cut);
  const ids = (cut: ServerBuild) => Object.keys(cut.routes).sort();
  expect(ids(split.forRequest("/api/classes"))).toEqual(["root", "routes/api/classes"]);
  const shared = ["root", "routes/index", "routes/not-found"];
  const classes = split.forRequest("/class/3/home");
  expect(ids(classes)).toEqual([...shared, "routes/class/home", "routes/class/layout", "routes/shell"].sort());
  expect(ids(split.forRequest("/admin"))).toEqual([...shared, "routes/admin/index", "routes/shell"].sort());
  expect(ids(split.forRequest("/LOGIN/"))).toEqual([...shared, "routes/login"].sort());
  expect(ids(split.forRequest("/nothing/here"))).toEqual(shared);
  expect(Object.keys(classes.assets.routes).sort()).toEqual(["root", "routes/class/home"]);
  // The browser's own manifest file is the same for all.
  expect(classes.assets.url).toBe("/assets/manifest-1.js");
  // The API is chosen by the path the server received; the screens by the URL's.
  expect(ids(split.forRequest("/x/../api/classes", "/api/classes"))).toEqual(shared);
});

test("a request path's area is its first segment as React Router reads it", () => {
  expect(areaOfPath("/class/1/students.data")).toBe("class");
  expect(areaOfPath("/login.data")).toBe("login");
  expect(areaOfPath("/_root.data")).toBe("");
  expect(areaOfPath("/")).toBe("");
  expect(areaOfPath("/Cl%61SS/1")).toBe("class");
  expect(areaOfPath("/%E0/1")).toBe("%e0");
});

/**
 * The proof: every route of app/routes.ts, reached through React Router's own
 * request handler (documents, single-fetch `.data`, resource routes), on the
 * whole build and on the build the split picks, runs the same routes' loaders.
 */
describe("over the app's own routes, the build the split picks matches what the whole build matches", () => {
  const rows = appRouteRows();
  const ran: string[] = [];
  const modules = new Map(
    rows.map((row) => [
      row.id,
      {
        ...row.module,
        loader: () => {
          ran.push(row.id);
          return null;
        },
      },
    ]),
  );
  const routes = routesOf(rows.map((row) => ({ ...row, module: modules.get(row.id) as object })));
  const build = {
    routes,
    assets: {
      url: "/assets/manifest-1.js",
      version: "1",
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id, module: `/assets/${id}.js` }])),
    },
    entry: { module: { default: () => new Response("page") } },
    basename: "/",
    publicPath: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const whole = createRequestHandler(build, "production");
  const split = splitBuild(build, (cut) => createRequestHandler(cut, "production"));
  const loadersRun = async (handler: ReturnType<typeof createRequestHandler>, pathname: string) => {
    ran.length = 0;
    await (await handler(new Request(`http://localhost${pathname}`))).arrayBuffer();
    return [...ran].sort();
  };

  const urls = Object.keys(routes)
    .map((id) => wholePathOf(routes, id))
    .flatMap((path) => {
      const url = path.replace(/:[\w-]+/g, "7").replace(/\*$/, "any/thing");
      return [
        url,
        `${url}/`,
        url.toUpperCase(),
        url.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
        `${url === "/" ? "/_root" : url}.data`,
        `${url}/.data`,
        `${url}?_data=${encodeURIComponent(path)}`,
        `${url}/nothing`,
        `/nothing${url}`,
      ];
    });
  const odd = ["/__manifest?p=/login", "/%E0/login", "/login/%E0", "//login", "/login//", "/x/../login", "/login%2Fx"];

  const apiTable = createApiRouteTable(routes);
  // React Router warns of a path it cannot decode (`/%E0/login`), then matches it undecoded.
  beforeAll(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  test.each([...new Set([...urls, ...odd])])("%s", async (url) => {
    const pathname = new URL(`http://localhost${url}`).pathname;
    const expected = await loadersRun(whole, url);
    expect(expected.length).toBeGreaterThan(0);
    if (isApiPath(pathname) && !expected.some(isApiRouteId)) {
      // No API route: the entry answers it itself (a JSON 404) before React Router.
      expect(apiTable.match(pathname)).toBeNull();
      return;
    }
    const picked = await loadersRun(split.forRequest(pathname), url);
    if (!isApiPath(pathname) && expected.some(isApiRouteId)) {
      // `/API/...`, `/%61pi/...`: only a path the entry sends to the API reaches its routes (ADR 109), as before.
      expect(picked).toEqual(["root", "routes/not-found"]);
    } else {
      expect(picked).toEqual(expected);
    }
  });
});
