/**
 * Our built CSS as the oldest supported engines read it (Chrome 79,
 * Safari 12.1), for the screenshots and test of "CSS that degrades": what an
 * old engine cannot parse, it drops, so this drops it too.
 *
 * - rules whose selector uses :where(), :is(), :has(), :focus-visible,
 *   ::marker or a selector list in :not() (the whole rule goes: one unknown
 *   selector invalidates the rule);
 * - declarations whose value uses color(), color-mix(), min(), max(),
 *   clamp(), or the dvh/svh/lvh units;
 * - every gap, row-gap and column-gap (gap in flex layouts is newer; dropping
 *   it in grids as well is the worse case);
 * - @supports blocks whose condition such an engine would not meet
 *   (selector(), color(), color-mix(), dvh): the blocks a modern engine would
 *   skip under "not" stay.
 */
import postcss, { type AtRule } from "postcss";

const UNKNOWN_SELECTOR = /:where\(|:is\(|:has\(|:focus-visible|::marker|:not\([^)]*,/;
const UNKNOWN_VALUE = /\bcolor\(|color-mix\(|\b(min|max|clamp)\(|\d(dvh|svh|lvh)\b/;
const GAP = /^(gap|row-gap|column-gap|grid-gap|grid-row-gap|grid-column-gap)$/;

/** What an old engine makes of an @supports condition: true, false, or null when it cannot parse it (block skipped). */
function oldEngineSupports(params: string): boolean | null {
  if (/selector\(/.test(params)) return null;
  const negated = /^\s*not\b/.test(params);
  const newer = /color\(|color-mix\(|dvh|svh|lvh/.test(params);
  if (!newer) return true;
  return negated;
}

export function asOldEngine(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules("supports", (atRule: AtRule) => {
    if (!oldEngineSupports(atRule.params)) atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
    if (UNKNOWN_SELECTOR.test(rule.selector)) rule.remove();
  });
  root.walkDecls((decl) => {
    if (GAP.test(decl.prop) || UNKNOWN_VALUE.test(decl.value)) decl.remove();
  });
  return root.toString();
}
