/**
 * Text of another direction inside a sentence (issue 36): a name, class name, survey title or code put
 * into a message through `{value}` is wrapped in Unicode's first-strong isolate (U+2068 … U+2069) when
 * it holds letters of the other direction than the message's language. Without it, an English class
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

/** Letters written right to left: Hebrew, Arabic, Syriac, Thaana, NKo … and their presentation forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** Letters written left to right (Latin, Greek, Cyrillic and the like). */
const LEFT_TO_RIGHT = /[A-Za-z\u00c0-\u02af\u0370-\u058f]/;

/** The value wrapped in an isolate when it has letters of the other direction than `dir`. */
export function isolateText(value: string, dir: TextDirection): string {
  const other = dir === "rtl" ? LEFT_TO_RIGHT : RIGHT_TO_LEFT;
  if (!other.test(value) || value.startsWith(FIRST_STRONG_ISOLATE)) return value;
  return `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
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
