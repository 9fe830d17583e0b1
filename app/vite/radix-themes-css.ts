/**
 * Radix Themes' stylesheets, cut down to what this app uses (ADR 140).
 *
 * The package's single `styles.css` is 86 kB gzip: every component, every
 * colour scale in light and dark, every layout utility at six breakpoints.
 * The app imports the package's split files instead (app/styles/radix-themes.ts)
 * and this plugin removes, while Vite loads them:
 *
 * - rules for components the app does not use: a selector survives only if
 *   every Radix component class in it (`.rt-Button`, `.rt-DialogContent`…)
 *   belongs to a component listed in `RADIX_THEMES_SUBSET.components`. Which
 *   classes a component owns is read from the package's own source CSS
 *   (`src/components/<name>.css` and what it `@import`s);
 * - responsive variants for breakpoints the app never names (`lg:rt-r-p-4`):
 *   only `RADIX_THEMES_SUBSET.breakpoints` stay;
 * - negative margins (`-rt-r-mt-2`): no screen asks for one;
 * - the dark theme (`.dark`, `.dark-theme`): the app never sets it.
 *
 * The list is checked by app/styles/radix-themes.test.ts: every Radix
 * component the app imports or names by class, and every breakpoint it uses,
 * must be covered here, or the test fails.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import postcss, { type Root } from "postcss";
import type { Plugin } from "vite";

export type Breakpoint = "xs" | "sm" | "md" | "lg" | "xl";

export interface RadixThemesSubset {
  /** File names under the package's src/components (without .css), e.g. "dropdown-menu". */
  components: string[];
  /** Breakpoints whose responsive classes are kept. */
  breakpoints: Breakpoint[];
}

/** What the app uses. Add a component or a breakpoint here when a screen starts using it. */
export const RADIX_THEMES_SUBSET: RadixThemesSubset = {
  components: [
    "reset",
    "animations",
    "layout",
    "text",
    "heading",
    "link",
    "code",
    "button",
    "badge",
    "callout",
    "card",
    "table",
    "separator",
    "text-field",
    "text-area",
    "tab-nav",
    "dialog",
    "dropdown-menu",
    // Radix Themes renders a dropdown menu's and a dialog's content inside its ScrollArea.
    "scroll-area",
  ],
  breakpoints: ["sm", "md"],
};

/** The stylesheets of @radix-ui/themes this plugin cuts down. */
const SUBSET_FILES = /@radix-ui[\\/]themes[\\/](components|utilities|tokens[\\/].+)\.css$/;

const COMPONENT_CLASS = /\.rt-[A-Z][A-Za-z0-9]*/g;
const RESPONSIVE_CLASS = /\.(xs|sm|md|lg|xl)\\:rt-/g;
const DARK_THEME = /\.dark(-theme)?\b/;
/** `-rt-r-mt-2`, `sm:-rt-r-mt-2`: negative margins. */
const NEGATIVE_MARGIN = /\.((xs|sm|md|lg|xl)\\:)?-rt-r-m/;

export function packageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("@radix-ui/themes/package.json"));
}

/** The package's source stylesheets of the given components, with every file they `@import`. */
export function componentSourceFiles(components: string[], root = packageDir()): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    if (!existsSync(file)) throw new Error(`Radix Themes has no ${path.relative(root, file)}`);
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/@import\s+['"](.+?)['"]/g)) visit(path.resolve(path.dirname(file), match[1]));
  };
  for (const name of components) visit(path.join(root, "src", "components", `${name}.css`));
  return files;
}

/** Every component class (`rt-Button`) that appears in the given components' source stylesheets. */
export function componentClasses(components: string[], root = packageDir()): Set<string> {
  const classes = new Set<string>();
  for (const file of componentSourceFiles(components, root)) {
    for (const match of readFileSync(file, "utf8").matchAll(COMPONENT_CLASS)) classes.add(match[0].slice(1));
  }
  return classes;
}

/** Removes the rules (and selectors in rule lists) the subset does not need, in place. */
export function cutDown(root: Root, keepClasses: Set<string>, breakpoints: Set<string>): void {
  const keepSelector = (selector: string) => {
    if (DARK_THEME.test(selector) || NEGATIVE_MARGIN.test(selector)) return false;
    for (const match of selector.matchAll(COMPONENT_CLASS)) if (!keepClasses.has(match[0].slice(1))) return false;
    for (const match of selector.matchAll(RESPONSIVE_CLASS)) if (!breakpoints.has(match[1])) return false;
    return true;
  };
  root.walkRules((rule) => {
    // Keyframe steps ("from", "50%") are not selectors.
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter(keepSelector);
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  // At-rules left empty (@media, @supports) go too, innermost first.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

export function subsetRadixThemesCss(css: string, subset: RadixThemesSubset = RADIX_THEMES_SUBSET): string {
  const root = postcss.parse(css);
  cutDown(root, componentClasses(subset.components), new Set(subset.breakpoints));
  return root.toString();
}

/** The Vite plugin: cuts down @radix-ui/themes' split stylesheets as they load. */
export function radixThemesCss(subset: RadixThemesSubset = RADIX_THEMES_SUBSET): Plugin {
  let keepClasses: Set<string> | undefined;
  const breakpoints = new Set(subset.breakpoints);
  return {
    name: "orliverse:radix-themes-css",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0];
      if (!SUBSET_FILES.test(file)) return null;
      keepClasses ??= componentClasses(subset.components);
      const root = postcss.parse(code, { from: file });
      cutDown(root, keepClasses, breakpoints);
      return { code: root.toString(), map: null };
    },
  };
}
