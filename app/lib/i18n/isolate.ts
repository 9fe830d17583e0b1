/**
 * Text of another direction inside a sentence (issue 36): a name, class name, survey title or code put
 * into a message through `{value}` is wrapped in Unicode's first-strong isolate (U+2068 … U+2069) when
 * its first letter runs the other way than the message's language. Without it, an English class
 * "4 Willow" in an Arabic sentence shows as "Willow 4", and an Arabic name at the end of an English
 * sentence takes the full stop with it. The isolate is the text-only form of `<bdi>`: it works in
 * toasts, titles and aria-labels as well as in the page, with JavaScript on and off.
 *
 * Both formatters apply it (the server's i18next-icu, the browser's intl-messageformat), so the server's
 * render and the hydrated page agree. Text of the message's own direction (and numbers, dates) is left
 * as it is: English pages with English names are byte for byte what they were.
 *
 * Elements that hold content or user text on their own (a heading, a table cell, an option) get
 * `dir="auto"` or `<bdi>` instead (app/styles/app.css: `[dir="auto"], bdi { unicode-bidi: isolate }`).
 */
import type { TextDirection } from "./languages";

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/** The first letter with a direction: right to left (Hebrew, Arabic, Syriac, Thaana, NKo …) or left to right. */
const FIRST_STRONG = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[A-Za-z\u00c0-\u02af\u0370-\u058f]/;
const RIGHT_TO_LEFT = /^[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]$/;
/**
 * A link or an e-mail address on its own (no spaces): left as it is, so a mail program that turns it
 * into a link does not take the invisible isolates into the address.
 */
const LINK = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|[^\s@]+@[^\s@]+)$/i;

/**
 * The value wrapped in an isolate when its first letter runs the other way than `dir` (the direction
 * the isolate then gives it): "4 Willow" in Arabic, "صف 4" in English. An Arabic label that names
 * "Google" inside it reads as Arabic and is left as it is.
 */
export function isolateText(value: string, dir: TextDirection): string {
  const first = FIRST_STRONG.exec(value)?.[0];
  if (first === undefined || value.startsWith(FIRST_STRONG_ISOLATE) || LINK.test(value)) return value;
  const runs: TextDirection = RIGHT_TO_LEFT.test(first) ? "rtl" : "ltr";
  return runs === dir ? value : `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}

/** A message's values with each string of the other direction isolated (other values as they are). */
export function isolateValues<T extends Record<string, unknown> | undefined>(values: T, dir: TextDirection): T {
  if (!values) return values;
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== "string") continue;
    const isolated = isolateText(value, dir);
    if (isolated === value) continue;
    copy ??= { ...values };
    copy[key] = isolated;
  }
  return (copy ?? values) as T;
}
