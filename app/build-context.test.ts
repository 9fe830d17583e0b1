/**
 * The Docker image builds from a context without tests/, docs/ and .ci/ (.dockerignore). CI runs the
 * Docker test only when its inputs change (tests/docker/inputs-hash.sh), so this guards every other
 * change: nothing the build reads (app/ and the build's config files) imports from those folders.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const LEFT_OUT = /^(tests|docs|\.ci)(\/|$)/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

test("the image's build reads nothing from tests/, docs/ or .ci/", () => {
  const root = process.cwd();
  const files = [...sourceFiles("app"), "vite.config.ts", "react-router.config.ts", "drizzle.config.ts"];
  const found: string[] = [];
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (!specifier.startsWith(".")) continue;
      const target = path.relative(root, path.resolve(path.dirname(file), specifier));
      if (LEFT_OUT.test(target)) found.push(`${file} imports ${specifier}`);
    }
  }
  expect(files.length).toBeGreaterThan(100);
  expect(found).toEqual([]);
});
