/**
 * `import { Box, Callout } from "@radix-ui/themes"` becomes an import of each
 * component's own module (`@radix-ui/themes/components/box`, ...), in the
 * app's modules at build time. The package's index re-exports every
 * component, so through it every module of the app would statically reach
 * the dialogs and menus the app loads lazily; with the imports made direct,
 * the module graph says what a module really uses, which the first-load
 * chunks (./first-load-chunks.ts) are computed from. The bundle's code is the
 * same: the bundler dropped the unused re-exports anyway.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

interface Source {
  /** The module to import it from. */
  from: string;
  /** The module's export of that name, or "*" for the module itself (`Callout`, `Dialog`: namespaces). */
  imported: string;
}

/**
 * Each name an index module exports and where it comes from, read from the
 * index's own import and export lists (`import * as t from "./x.js"`,
 * `import { A as e } from "./y.js"`, `export { t as X, e as A }`);
 * `from` turns the index's specifier into one the app can import.
 */
export function barrelExports(indexCode: string, from: (specifier: string) => string): Map<string, Source> {
  const locals = new Map<string, Source>();
  for (const match of indexCode.matchAll(/import\s*\*\s*as\s+([\w$]+)\s+from\s*"([^"]+)"/g)) {
    locals.set(match[1] as string, { from: from(match[2] as string), imported: "*" });
  }
  for (const match of indexCode.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of (match[1] as string).split(",")) {
      const [imported, local = imported] = part.trim().split(/\s+as\s+/);
      if (imported) locals.set(local as string, { from: from(match[2] as string), imported });
    }
  }
  const exports = new Map<string, Source>();
  for (const match of indexCode.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (match[1] as string).split(",")) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const source = locals.get(local as string);
      if (source && exported) exports.set(exported, source);
    }
  }
  return exports;
}

/** The import statements that replace one import from an index, or null when a name is not known (left as it is). */
export function deepImports(specifiers: string, exports: Map<string, Source>, barrel: string): string | null {
  const statements: string[] = [];
  const types: string[] = [];
  for (const raw of specifiers.split(",")) {
    const part = raw.trim();
    if (!part) continue;
    if (part.startsWith("type ")) {
      types.push(part.slice(5));
      continue;
    }
    const [name, local = name] = part.split(/\s+as\s+/) as [string, string?];
    const source = exports.get(name);
    if (!source) return null;
    statements.push(
      source.imported === "*"
        ? `import * as ${local} from "${source.from}";`
        : `import { ${source.imported === local ? local : `${source.imported} as ${local}`} } from "${source.from}";`,
    );
  }
  if (types.length > 0) statements.push(`import type { ${types.join(", ")} } from "${barrel}";`);
  return statements.join(" ");
}

interface Barrel {
  /** The specifier that names the index. */
  name: string;
  /** The modules whose imports of it are rewritten. */
  importers: RegExp;
  /** The index's file, from this package's `require.resolve`. */
  index: (resolve: (id: string) => string) => string;
  /** The specifier to import a module the index names. */
  from: (specifier: string) => string;
}

const BARRELS: Barrel[] = [
  {
    // The app's modules: `import { Box } from "@radix-ui/themes"`.
    name: "@radix-ui/themes",
    importers: /[\\/]app[\\/].*\.tsx?$/,
    // The CommonJS build's index sits beside the ES module build's: dist/cjs, dist/esm.
    index: (resolve) => path.join(path.dirname(resolve("@radix-ui/themes")), "..", "esm", "components", "index.js"),
    from: (specifier) => `@radix-ui/themes/components/${specifier.replace(/^\.\//, "").replace(/\.js$/, "")}`,
  },
  {
    // Radix Themes' own modules: `import{Slot as i}from"radix-ui"` (the primitives' index).
    name: "radix-ui",
    importers: /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]/,
    index: (resolve) => resolve("radix-ui").replace(/\.js$/, ".mjs"),
    from: (specifier) => specifier,
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export function radixDeepImports(): Plugin {
  const exportsOf = new Map<Barrel, Map<string, Source>>();
  const require = createRequire(import.meta.url);
  return {
    name: "orliverse:radix-deep-imports",
    enforce: "pre",
    apply: "build",
    transform: {
      filter: { code: /radix-ui/ },
      handler(code, id) {
        let out = code;
        for (const barrel of BARRELS) {
          if (!barrel.importers.test(id) || !out.includes(`"${barrel.name}"`)) continue;
          let exports = exportsOf.get(barrel);
          if (!exports) {
            exports = barrelExports(readFileSync(barrel.index(require.resolve), "utf8"), barrel.from);
            exportsOf.set(barrel, exports);
          }
          const known = exports;
          const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escapeRegExp(barrel.name)}["'];?`, "g");
          out = out.replace(
            pattern,
            (statement, specifiers: string) => deepImports(specifiers, known, barrel.name) ?? statement,
          );
        }
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
