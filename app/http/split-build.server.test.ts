import type { ServerBuild } from "react-router";
import { expect, test } from "vitest";
import { splitBuild } from "./split-build.server";

const route = (id: string, parentId: string | undefined, path: string) => ({ id, parentId, path, module: {} });

test("each half keeps its own routes with their parents, in the modules and in the manifest the server renders from", () => {
  const build = {
    routes: {
      root: route("root", undefined, ""),
      "routes/api/layout": route("routes/api/layout", "root", "api"),
      "routes/api/classes": route("routes/api/classes", "routes/api/layout", "classes"),
      "routes/class/layout": route("routes/class/layout", "root", "class/:classId"),
      "routes/class/home": route("routes/class/home", "routes/class/layout", "home"),
      "routes/not-found": route("routes/not-found", "root", "*"),
    },
    assets: {
      url: "/assets/manifest-1.js",
      routes: { root: {}, "routes/api/classes": {}, "routes/class/home": {}, "routes/api/layout": {} },
    },
  } as unknown as ServerBuild;
  const { api, pages } = splitBuild(build);
  expect(Object.keys(api.routes).sort()).toEqual(["root", "routes/api/classes", "routes/api/layout"]);
  expect(Object.keys(pages.routes).sort()).toEqual([
    "root",
    "routes/class/home",
    "routes/class/layout",
    "routes/not-found",
  ]);
  expect(Object.keys(api.assets.routes).sort()).toEqual(["root", "routes/api/classes", "routes/api/layout"]);
  expect(Object.keys(pages.assets.routes).sort()).toEqual(["root", "routes/class/home"]);
  // The browser's own manifest file is the same for both.
  expect(api.assets.url).toBe("/assets/manifest-1.js");
  expect(pages.assets.url).toBe("/assets/manifest-1.js");
});
