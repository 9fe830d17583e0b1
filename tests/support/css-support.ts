/**
 * The built CSS against the supported browsers (package.json "browserslist"):
 * doiuse (caniuse's data) lists every feature some supported browser lacks,
 * and each one has a decision here, written out in docs/performance.md
 * ("CSS that degrades"). tests/e2e/css-support.test.ts fails on a feature
 * that has none, and shows the pages stay usable with the features that
 * matter removed (old-engine-css.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import doiuse from "doiuse";
import postcss, { type AtRule, type Declaration } from "postcss";

export const SUPPORTED_BROWSERS: string[] = JSON.parse(readFileSync("package.json", "utf8")).browserslist;

export type Decision =
  /** Our CSS or the build gives older browsers something else. */
  | "fallback"
  /** The rule is dropped there, and the page stays usable: the old-engine screenshots and test show it. */
  | "usable"
  /** Only the look of a detail differs (a cursor, the selection colour, a scrollbar); nothing is lost. */
  | "cosmetic";

/** Every feature doiuse reports for our CSS, keyed by its caniuse id, with what was done about it. */
export const CSS_FEATURE_DECISIONS: Record<string, { decision: Decision; note: string }> = {
  "css-unicode-bidi": {
    decision: "fallback",
    note: "unicode-bidi: isolate on bdi and [dir=auto] (Safari: partial): the HTML already isolates both (<bdi> and dir=auto do it in every supported browser); the rule only repeats it for the layout kit's elements",
  },
  "css-paged-media": {
    decision: "cosmetic",
    note: "@page { size: A4; margin } (Safari, Firefox < 95): printing the sign-in cards only; without it the browser's own page size and margins apply and the cards still fit",
  },
  "css-matches-pseudo": {
    decision: "usable",
    note: ":where() and :is() (Chrome < 88, Safari < 14). The build writes :is() also as :-webkit-any(); Radix Themes' :where() rules are dropped, and the pages keep native controls and our layout",
  },
  "css-not-sel-list": {
    decision: "usable",
    note: ":not(a, b) (Chrome < 88): inside Radix Themes' :where() rules, dropped with them",
  },
  "css-has": {
    decision: "cosmetic",
    note: ":has() (Chrome < 105, Firefox < 121, Safari < 15.4): the text fields' focus ring has Radix Themes' own fallback (@supports not selector(:has(*)) with :focus-within); otherwise only the dropdown menu's item padding and the page's color-scheme hint (light either way) differ",
  },
  "css-focus-visible": {
    decision: "fallback",
    note: ":focus-visible (Chrome < 86, Safari < 15.4): app.css gives :focus an outline under @supports not selector(:focus-visible); before Chrome 88 and Safari 14 the controls keep their native focus ring",
  },
  "css-color-function": {
    decision: "fallback",
    note: "color(display-p3 …): only inside @supports (color: color(display-p3 1 1 1)); the sRGB colours come first",
  },
  "viewport-unit-variants": {
    decision: "fallback",
    note: "100dvh: inside @supports (min-height: 100dvh), after 100vh",
  },
  "flexbox-gap": {
    decision: "usable",
    note: "gap in flex layouts (Chrome < 84, Safari < 14.1): items sit closer together; nothing overlaps",
  },
  "css-math-functions": {
    decision: "usable",
    note: "min(), max(), clamp() (Safari < 13.4): the declaration is dropped and the element takes its natural size",
  },
  "css-logical-props": {
    decision: "usable",
    note: "logical properties, partly (Chrome < 89, Safari < 15): a few paddings and sizes fall back to none",
  },
  "css-overflow": {
    decision: "cosmetic",
    note: "overflow: clip (Chrome < 90, Safari < 16): hidden content is scrollable instead",
  },
  "css-backdrop-filter": { decision: "cosmetic", note: "panel blur (Firefox < 103): translucent panels without blur" },
  "css-gradients": { decision: "cosmetic", note: "gradient syntax details (Safari < 15.4)" },
  "css-sticky": { decision: "fallback", note: "position: sticky: the build adds -webkit-sticky" },
  "css-color-adjust": {
    decision: "cosmetic",
    note: "print-color-adjust (iOS < 15.4): printing only; the build adds the -webkit- form",
  },
  multicolumn: { decision: "cosmetic", note: "column layout, partly supported everywhere (column breaks)" },
  "text-decoration": { decision: "cosmetic", note: "underline colour and offset (partial): a plain underline" },
  "extended-system-fonts": { decision: "fallback", note: "ui-monospace: the stack goes on to monospace" },
  "css3-cursors": { decision: "cosmetic", note: "cursor values on iOS: no pointer there" },
  "css-selection": { decision: "cosmetic", note: "::selection colour on iOS" },
  "text-size-adjust": { decision: "cosmetic", note: "text-size-adjust: only mobile browsers use it" },
  "css-text-indent": { decision: "cosmetic", note: "text-indent keywords (partial)" },
  "intrinsic-width": {
    decision: "fallback",
    note: "width: stretch: the -webkit-fill-available and -moz-available forms come first",
  },
  "css-width-stretch": { decision: "fallback", note: "width: stretch (Firefox): -moz-available comes first" },
  "css-marker-pseudo": { decision: "cosmetic", note: "::marker (Chrome < 86): a <details> keeps its triangle" },
  "css-containment": { decision: "cosmetic", note: "contain: paint (Safari < 15.4): a rendering hint" },
  "css-overscroll-behavior": {
    decision: "cosmetic",
    note: "overscroll-behavior (Safari < 16): scrolling may chain to the page",
  },
  "css-touch-action": { decision: "cosmetic", note: "touch-action (Safari): gestures on a scroll area" },
  pointer: { decision: "cosmetic", note: "pointer events (Safari 12): touch-action is ignored" },
  "css-scrollbar": { decision: "cosmetic", note: "scrollbar-width (iOS): a visible scrollbar" },
  "css-autofill": {
    decision: "cosmetic",
    note: ":autofill (Firefox): the -webkit- form covers the others; autofilled colours differ",
  },
  "background-clip-text": { decision: "cosmetic", note: "background-clip: text, partly (Safari < 15.5)" },
  "css-resize": { decision: "cosmetic", note: "resize (iOS): text areas do not show a handle there anyway" },
  "css-appearance": { decision: "fallback", note: "appearance: the build adds the -webkit- and -moz- forms" },
  "css-display-contents": {
    decision: "cosmetic",
    note: "display: contents, partly (accessibility of the box in old engines)",
  },
};

export interface CssFinding {
  feature: string;
  title: string;
  /** How often, in all stylesheets. */
  count: number;
  files: string[];
  /** doiuse's message: which browsers lack it. */
  message: string;
  /** The first declaration or rule that uses it. */
  example: string;
}

function stylesheets(buildDir: string): { file: string; css: string }[] {
  const assets = path.join(buildDir, "client", "assets");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".css"))
    .map((file) => ({ file, css: readFileSync(path.join(assets, file), "utf8") }));
}

/** doiuse over every stylesheet of the build, one finding per feature. */
export async function unsupportedCssFeatures(buildDir = "build"): Promise<CssFinding[]> {
  const findings = new Map<string, CssFinding>();
  for (const { file, css } of stylesheets(buildDir)) {
    await postcss([
      doiuse({
        browsers: SUPPORTED_BROWSERS,
        onFeatureUsage: (usage) => {
          const finding: CssFinding = findings.get(usage.feature) ?? {
            feature: usage.feature,
            title: usage.featureData.title,
            count: 0,
            files: [],
            message: usage.message.replace(/^[^:]*:\d+:\d+: /, ""),
            example: String(usage.usage).slice(0, 160),
          };
          finding.count += 1;
          if (!finding.files.includes(file)) finding.files.push(file);
          findings.set(usage.feature, finding);
        },
      }),
    ]).process(css, { from: file });
  }
  return [...findings.values()].sort((a, b) => a.feature.localeCompare(b.feature));
}

/**
 * color-mix() is not in doiuse's data (Chrome < 111, Safari < 16.2, Firefox < 113):
 * every declaration that uses it must sit inside an @supports that tests for
 * it, or have a fallback under @supports not (color: color-mix(…)).
 */
export function colorMixWithoutFallback(buildDir = "build"): string[] {
  const problems: string[] = [];
  for (const { file, css } of stylesheets(buildDir)) {
    const root = postcss.parse(css, { from: file });
    const fallbacks = new Set<string>();
    root.walkAtRules("supports", (atRule: AtRule) => {
      if (!/not\s*\(\s*color\s*:\s*color-mix/.test(atRule.params)) return;
      atRule.walkDecls((decl) => {
        const rule = decl.parent as { selector?: string };
        for (const selector of postcss.list.comma(rule.selector ?? "")) fallbacks.add(`${selector}|${decl.prop}`);
      });
    });
    root.walkDecls((decl: Declaration) => {
      if (!decl.value.includes("color-mix(")) return;
      let parent = decl.parent;
      while (parent && parent.type !== "root") {
        if (
          parent.type === "atrule" &&
          (parent as AtRule).name === "supports" &&
          (parent as AtRule).params.includes("color-mix")
        ) {
          return;
        }
        parent = parent.parent;
      }
      const rule = decl.parent as { selector?: string };
      const selectors = postcss.list.comma(rule.selector ?? "");
      // The build writes :is() twice (also as :-webkit-any()); the fallback covers both spellings.
      const covered = selectors.every(
        (selector) =>
          fallbacks.has(`${selector}|${decl.prop}`) ||
          fallbacks.has(`${selector.replaceAll(":-webkit-any(", ":is(")}|${decl.prop}`),
      );
      if (!covered) problems.push(`${file}: ${rule.selector} { ${decl.prop}: ${decl.value} }`);
    });
  }
  return problems;
}
