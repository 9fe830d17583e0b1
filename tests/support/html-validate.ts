/**
 * The HTML contract: html-validate with the rules the app's markup keeps
 * (docs/decisions/130-html-contract-in-the-e2e-suite.md). The e2e suite runs
 * it on every document the browser receives (./page-checks.ts); unit tests
 * of components may run it on a fragment (`validateHtmlFragment`).
 */
import { type ConfigData, HtmlValidate, type Message } from "html-validate";

/**
 * The rules the app's HTML keeps: html-validate's `standard` preset (the
 * HTML standard's content models, attributes and ARIA use; no style
 * preferences, which React's output could not follow) and WCAG technique
 * H71 (a fieldset is named by its legend), which an outside check found
 * missing. Kept here, not in a top-level .htmlvalidate.json: the suite is its
 * only user.
 */
export const HTML_VALIDATE_CONFIG: ConfigData = {
  root: true,
  extends: ["html-validate:standard"],
  rules: {
    "wcag/h71": "error",
  },
};

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** html-validate's findings for one document, one line each: rule, line:column, message, element and source. */
export async function validateHtml(html: string, url: string): Promise<string[]> {
  const report = await validator.validateString(html, url);
  const lines = html.split("\n");
  return report.results.flatMap((result) => result.messages.map((message) => describeMessage(message, lines)));
}

function describeMessage(message: Message, lines: string[]): string {
  const line = lines[message.line - 1] ?? "";
  const start = Math.max(0, message.column - 1 - 60);
  const excerpt = line.slice(start, message.column - 1 + Math.max(message.size, 1) + 60).replace(/\s+/g, " ");
  return `${message.ruleId} at line ${message.line}:${message.column}: ${message.message}${
    message.selector ? ` (${message.selector})` : ""
  }\n      …${excerpt}…`;
}

/** Findings for a fragment of markup (a component's output), placed in a minimal valid document's body. */
export function validateHtmlFragment(fragment: string): Promise<string[]> {
  return validateHtml(
    `<!doctype html><html lang="en"><head><title>Fragment</title></head><body>${fragment}</body></html>`,
    "fragment.html",
  );
}
