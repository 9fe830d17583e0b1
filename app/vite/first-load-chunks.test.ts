import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaresPlainPage, firstLoadChunks } from "./first-load-chunks";
import { barrelExports, deepImports } from "./radix-deep-imports";

const app = "/app";
const routes = [
  { file: "routes/index.tsx", index: true },
  { file: "routes/projector.tsx", path: "projector" },
  // served without the client bundle (ADR 170)
  { file: "routes/login.tsx", path: "login" },
  {
    file: "routes/shell.tsx",
    children: [
      { file: "routes/class/layout.tsx", path: "class", children: [{ file: "routes/class/home.tsx", path: "home" }] },
      { file: "routes/admin/layout.tsx", path: "admin", children: [{ file: "routes/admin/index.tsx", index: true }] },
    ],
  },
];
const a = (file: string) => path.join(app, file);
/** Static imports; `lazy` is imported by nothing statically (it is behind `import()`). */
const graph: Record<string, string[]> = {
  [a("entry.client.tsx")]: ["react-dom"],
  "react-dom": [],
  [a("root.tsx")]: ["theme", "kit"],
  theme: [],
  kit: [],
  [a("routes/index.tsx")]: ["kit"],
  [a("routes/projector.tsx")]: ["kit", "big-code"],
  "big-code": [],
  [a("routes/login.tsx")]: ["logo"],
  [a("routes/shell.tsx")]: ["avatar", "menu", "big-code", "logo"],
  logo: [],
  avatar: ["theme"],
  menu: ["menu-part"],
  "menu-part": [],
  [a("routes/class/layout.tsx")]: ["class-nav"],
  "class-nav": ["kit", "shared-with-admin"],
  "shared-with-admin": [],
  [a("routes/class/home.tsx")]: ["stat-card"],
  "stat-card": [],
  [a("routes/admin/layout.tsx")]: ["sidebar"],
  sidebar: ["lazy-importer"],
  "lazy-importer": [],
  [a("routes/admin/index.tsx")]: ["shared-with-admin"],
  lazy: ["menu"],
};

function chunkOf(id: string): string | null {
  const groups = firstLoadChunks(app, routes, (file) => file === "routes/login.tsx");
  const ctx = { getModuleInfo: (moduleId: string) => ({ importedIds: graph[moduleId] ?? [] }) };
  for (const group of groups) {
    const name = group.name(id, ctx);
    if (name) return name;
  }
  return null;
}

describe("firstLoadChunks", () => {
  it("puts what a layout always loads, and only its pages use, into the layout's chunk", () => {
    expect(chunkOf("react-dom")).toBe("root-first-load");
    expect(chunkOf("theme")).toBe("root-first-load");
    expect(chunkOf("kit")).toBe("root-first-load");
    expect(chunkOf("avatar")).toBe("shell-first-load");
    expect(chunkOf("menu-part")).toBe("shell-first-load");
    expect(chunkOf("sidebar")).toBe("admin-first-load");
  });

  it("does not count a page served without the client bundle as a user: it loads no chunk", () => {
    expect(chunkOf("logo")).toBe("shell-first-load"); // the shell's and the sign-in page's
    expect(chunkOf(a("routes/login.tsx"))).toBeNull();
  });

  it("finds the routes that declare a plain page", () => {
    expect(declaresPlainPage("export const handle: PlainPageHandle = { plainPage: true };")).toBe(true);
    expect(declaresPlainPage("export const handle = { plainPage: false };")).toBe(false);
  });

  it("leaves to the bundler what a page outside the layout also uses, or some of its pages only", () => {
    expect(chunkOf("big-code")).toBeNull(); // shell and the projector, which is outside the shell
    expect(chunkOf("shared-with-admin")).toBeNull(); // the class layout and an admin page
    expect(chunkOf("class-nav")).toBeNull(); // imports what is in no outer chunk
    expect(chunkOf("stat-card")).toBeNull(); // one page's, not a layout's
    expect(chunkOf(a("routes/shell.tsx"))).toBeNull(); // route modules stay their own chunks
  });
});

describe("radix deep imports", () => {
  const index =
    'import{Box as e}from"./box.js";import*as t from"./callout.js";import{Tooltip as o}from"./tooltip.js";' +
    "export{e as Box,t as Callout,o as Tooltip};";
  const exports = barrelExports(index, (specifier) => `@radix-ui/themes/components/${specifier.slice(2, -3)}`);

  it("imports each name from its own module: a namespace as a namespace", () => {
    expect(deepImports("Box, Callout as Note, type BoxProps", exports, "@radix-ui/themes")).toBe(
      'import { Box } from "@radix-ui/themes/components/box"; ' +
        'import * as Note from "@radix-ui/themes/components/callout"; ' +
        'import type { BoxProps } from "@radix-ui/themes";',
    );
  });

  it("leaves an import with a name the index does not list as it is", () => {
    expect(deepImports("Box, Unknown", exports, "@radix-ui/themes")).toBeNull();
  });
});
