/**
 * Radix Themes' class names are written in one place: the layout kit
 * (kit.tsx, checked against Radix by kit.test.tsx). A screen that writes
 * `rt-…` by hand would drift from Radix unnoticed when Radix changes; it
 * uses a kit component (or Radix itself) instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const appDir = path.resolve(__dirname, "../..");

/** A Radix Themes class: a component (`rt-Flex`), a responsive prop (`rt-r-gap-2`), or a shared one (`rt-reset`). */
const RADIX_CLASS = /(?<![\w-])rt-(?:[A-Z]\w*|r-[\w-]+|reset|variant-\w+|underline-\w+)/g;

/** Files allowed to name Radix classes: the kit and its tests, and the build's CSS-subset plugin and its test. */
const ALLOWED = new Set([
  "components/ui/kit.tsx",
  "components/ui/kit-controls.tsx",
  "components/ui/kit.test.tsx",
  "components/ui/kit-only.test.ts",
  "styles/radix-themes.test.ts",
]);
const ALLOWED_DIRS = ["vite/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith("+types") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("no file in app/ but the kit writes a Radix Themes class name", () => {
  const offenders = sourceFiles(appDir)
    .map((file) => path.relative(appDir, file).split(path.sep).join("/"))
    .filter((file) => !ALLOWED.has(file) && !ALLOWED_DIRS.some((dir) => file.startsWith(dir)))
    .flatMap((file) => {
      const found = readFileSync(path.join(appDir, file), "utf8").match(RADIX_CLASS);
      return found ? [`${file}: ${[...new Set(found)].join(", ")}`] : [];
    });
  expect(offenders).toEqual([]);
});
