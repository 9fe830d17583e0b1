/**
 * The build keeps only part of Radix Themes' CSS (app/vite/radix-themes-css.ts).
 * These tests read the app's source and fail when a screen starts using a
 * component, a breakpoint, a negative margin or a colour scale that the
 * subset leaves out: that screen would otherwise render unstyled.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  componentClasses,
  componentSourceFiles,
  packageDir,
  RADIX_THEMES_SUBSET,
  subsetRadixThemesCss,
} from "../vite/radix-themes-css";
import { RADIX_COLOR_SCALES } from "./radix-themes";

const appDir = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // app/vite/ holds the build's own plugins (they name Radix's classes to cut them), not screens.
    if (entry.isDirectory()) return full === path.join(appDir, "vite") ? [] : sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(appDir).map((file) => ({
  file: path.relative(appDir, file),
  text: readFileSync(file, "utf8"),
}));

function findAll(pattern: RegExp): Array<{ file: string; match: RegExpMatchArray }> {
  return sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => ({ file, match })));
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

describe("Radix Themes subset", () => {
  test("every Radix Themes component the app imports has its stylesheet in the subset", () => {
    const kept = componentSourceFiles(RADIX_THEMES_SUBSET.components);
    const imported = findAll(/import\s*\{([^}]*)\}\s*from\s*"@radix-ui\/themes"/g).flatMap(({ file, match }) =>
      match[1]
        .split(",")
        .map((part) => part.trim().split(/\s+as\s+/)[0])
        .filter((name) => /^[A-Z]/.test(name))
        .map((name) => ({ file, name })),
    );
    expect(imported.length).toBeGreaterThan(10);
    const missing = imported
      .map(({ file, name }) => ({
        file,
        name,
        css: path.join(packageDir(), "src", "components", `${kebab(name)}.css`),
      }))
      // Theme, Portal, Slot and the like have no stylesheet of their own.
      .filter(({ css }) => existsSync(css) && !kept.has(css))
      .map(({ file, name }) => `${name} (${file})`);
    expect(missing, "add these components to RADIX_THEMES_SUBSET.components").toEqual([]);
  });

  test("every Radix Themes class the app writes by hand is kept", () => {
    const kept = componentClasses(RADIX_THEMES_SUBSET.components);
    const everyComponent = readdirSync(path.join(packageDir(), "src", "components"))
      .filter((name) => name.endsWith(".css"))
      .map((name) => name.replace(/\.css$/, ""));
    // Some classes Radix sets have no rule at all (rt-TabNavRoot): nothing to keep for those.
    const styled = componentClasses(everyComponent);
    const written = findAll(/\brt-[A-Z][A-Za-z0-9]*/g);
    expect(written.length).toBeGreaterThan(10);
    const missing = written
      .filter(({ match }) => styled.has(match[0]) && !kept.has(match[0]))
      .map(({ file, match }) => `${match[0]} (${file})`);
    expect(missing, "add the component that owns these classes to RADIX_THEMES_SUBSET.components").toEqual([]);
  });

  test("every breakpoint the app names is kept", () => {
    const kept = new Set<string>(RADIX_THEMES_SUBSET.breakpoints);
    const used = [
      // responsive props: { initial: "1", sm: "2" }
      ...findAll(/\b(xs|sm|md|lg|xl):\s*["'{]/g),
      // classes written by hand: sm:rt-r-px-5
      ...findAll(/\b(xs|sm|md|lg|xl):rt-/g),
    ];
    expect(used.length).toBeGreaterThan(0);
    const missing = used.filter(({ match }) => !kept.has(match[1])).map(({ file, match }) => `${match[0]} (${file})`);
    expect(missing, "add these breakpoints to RADIX_THEMES_SUBSET.breakpoints").toEqual([]);
  });

  test("no screen asks for a negative margin or the dark theme", () => {
    const found = [
      ...findAll(/\bm[trblxy]?=\{?["']-\d/g),
      ...findAll(/-rt-r-m/g),
      ...findAll(/appearance=["']dark/g),
      ...findAll(/className=["'][^"']*\bdark(-theme)?\b/g),
    ].map(({ file, match }) => `${match[0]} (${file})`);
    expect(found).toEqual([]);
  });

  test("every colour a screen names has its scale imported", () => {
    const kept = new Set<string>(RADIX_COLOR_SCALES);
    const named = [
      ...findAll(/\b(?:color|accentColor|grayColor)=["']([a-z]+)["']/g),
      ...findAll(/data-accent-color=["']([a-z]+)["']/g),
      ...findAll(/\bcolor:\s*["']([a-z]+)["']/g),
      ...findAll(/\?\s*["']([a-z]+)["']\s*:\s*["']([a-z]+)["']/g).filter(({ match }) =>
        // color={ok ? "green" : "red"}: only the ternaries that pick colours
        [match[1], match[2]].every((name) =>
          /^(gray|gold|bronze|brown|yellow|amber|orange|tomato|red|ruby|crimson|pink|plum|purple|violet|iris|indigo|blue|cyan|teal|jade|green|grass|lime|mint|sky)$/.test(
            name,
          ),
        ),
      ),
    ];
    expect(named.length).toBeGreaterThan(10);
    const missing = named.flatMap(({ file, match }) =>
      match
        .slice(1)
        .filter((name) => name && !kept.has(name))
        // "color" in other senses: a CSS keyword, a palette entry of the drawing preview
        .filter((name) => !["inherit", "currentcolor", "transparent", "black", "white"].includes(name))
        .map((name) => `${name} (${file})`),
    );
    expect(missing, "import these colour scales in app/styles/radix-themes.ts").toEqual([]);
  });

  test("the cut removes unused components, breakpoints, negative margins and the dark theme, and keeps the rest", () => {
    const css = `
      .rt-Button:where(.rt-variant-solid) { color: red }
      .rt-SelectTrigger { color: red }
      .rt-Button, .rt-SelectTrigger { color: blue }
      @media (min-width: 1280px) { .lg\\:rt-r-p-4 { padding: 1px } }
      @media (min-width: 768px) { .sm\\:rt-r-p-4 { padding: 2px } }
      .-rt-r-mt-2 { margin-top: -1px }
      .rt-r-mt-2 { margin-top: 1px }
      .dark, .dark-theme { --indigo-1: black }
      :root, .light { --indigo-1: white }
      @keyframes rt-fade-in { from { opacity: 0 } to { opacity: 1 } }
    `;
    const cut = subsetRadixThemesCss(css).replace(/\s+/g, " ");
    expect(cut).toContain(".rt-Button:where(.rt-variant-solid) { color: red }");
    expect(cut).not.toContain("rt-SelectTrigger");
    expect(cut).toContain(".rt-Button { color: blue }");
    expect(cut).not.toContain("lg\\:");
    expect(cut).not.toContain("1280px");
    expect(cut).toContain(".sm\\:rt-r-p-4 { padding: 2px }");
    expect(cut).not.toContain("-rt-r-mt-2");
    expect(cut).toContain(".rt-r-mt-2 { margin-top: 1px }");
    expect(cut).not.toContain("black");
    expect(cut).toContain(":root, .light { --indigo-1: white }");
    expect(cut).toContain("from { opacity: 0 }");
  });
});
