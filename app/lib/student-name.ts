/**
 * How a student's name is stored and typed (docs/product.md#student-identity,
 * ADR 181): one normalisation for every place a name comes in, the join
 * (page and student API) and the teacher's roster (form and API).
 *
 * - Unicode NFKC, so a full-width "Ｆelix" or a ligature "ﬁ" is the plain text
 *   a keyboard types;
 * - no invisible characters: format characters (\p{Cf}: soft hyphen,
 *   zero-width space/joiners, the bidi controls LRM/RLM/ALM, LRE…RLO and
 *   LRI…PDI, the BOM) and every default-ignorable code point (Hangul fillers,
 *   variation selectors), so two names that look the same are the same text;
 * - inner runs of spaces collapsed to one, ends trimmed.
 *
 * Pure and small: the forms' schemas use it in the browser as well. Comparing
 * names by their look (the confusable skeleton) is the server's job
 * (app/server/students/name-skeleton.server.ts), so the confusables table
 * never ships to a browser.
 */
import type { z } from "zod";
import { singleLineText } from "./schemas/text";

/** Format characters and default-ignorable code points: the characters that show nothing. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** A name as stored: NFKC, without invisible characters, single spaces, trimmed. */
export function normalizeStudentName(input: string): string {
  return input.normalize("NFKC").replace(INVISIBLE, "").normalize("NFKC").replace(/\s+/g, " ").trim();
}

/**
 * A first or last name field: the single-line text rule, then the
 * normalisation; chain `.min()` / `.max()` (they count the normalised name,
 * so a name of invisible characters only is an empty name).
 */
export function studentNameText(requiredMessage: string): z.ZodString {
  return singleLineText(requiredMessage).overwrite(normalizeStudentName);
}
