/**
 * How a student's name is stored and typed (docs/product.md#student-identity,
 * ADR 181): one normalisation and one allow-list for every place a name comes
 * in, the join (page and student API) and the teacher's roster (form and API).
 *
 * Normalisation (`normalizeStudentName`):
 * - Unicode NFKC, so a full-width "Ｆelix" or a ligature "ﬁ" is the plain text
 *   a keyboard types;
 * - no invisible characters: format characters (\p{Cf}: soft hyphen,
 *   zero-width space/joiners, the bidi controls LRM/RLM/ALM, LRE…RLO and
 *   LRI…PDI, the BOM) and every default-ignorable code point (Hangul fillers,
 *   variation selectors), so two names that look the same are the same text;
 * - inner runs of spaces collapsed to one, ends trimmed.
 *
 * The allow-list (`studentNameProblem`, issue 35.4): a name holds only letters
 * and marks of the scripts people write names in (not symbols, not Braille's
 * blank, not box-drawing lines, not historic scripts), spaces, hyphens,
 * apostrophes, full stops, a middle dot and the digits 0–9; each word is
 * written in one script (Japanese, Korean and Chinese mixes allowed), so one
 * letter cannot be swapped for a look-alike of another script; at most four
 * marks sit on one letter. What is left that still looks like another name
 * (a whole word in look-alike letters, marks below or above) is folded by
 * the server's comparison (app/server/students/name-skeleton.server.ts).
 *
 * Pure and small: the forms' schemas use it in the browser as well; the
 * confusables table never ships to a browser.
 */
import type { z } from "zod";
import { singleLineText } from "./schemas/text";

/** Format characters and default-ignorable code points: the characters that show nothing. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** A name as stored: NFKC, without invisible characters, single spaces, trimmed. */
export function normalizeStudentName(input: string): string {
  return input.normalize("NFKC").replace(INVISIBLE, "").normalize("NFKC").replace(/\s+/g, " ").trim();
}

/** The scripts names are written in (letters and marks of any other script are refused). */
const NAME_SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Syriac",
  "Thaana",
  "Nko",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Ethiopic",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Han",
  "Bopomofo",
  "Mongolian",
  "Tifinagh",
  "Cherokee",
  "Canadian_Aboriginal",
  "Yi",
  "Javanese",
  "Balinese",
  "Sundanese",
  "Vai",
  "Adlam",
  "Ol_Chiki",
  "Tai_Le",
  "New_Tai_Lue",
  "Tai_Viet",
  "Cham",
  "Buginese",
  "Batak",
  "Lisu",
  "Osage",
  "Kayah_Li",
  "Meetei_Mayek",
  "Chakma",
] as const;
type NameScript = (typeof NAME_SCRIPTS)[number];

let scriptPatterns: [NameScript, RegExp][] | undefined;
/** The script of a letter or mark; "common" for Common/Inherited ones; null for a script names are not written in. */
function scriptOf(character: string): NameScript | "common" | null {
  if (/[\p{Script=Common}\p{Script=Inherited}]/u.test(character)) return "common";
  scriptPatterns ??= NAME_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, "u")]);
  return scriptPatterns.find(([, pattern]) => pattern.test(character))?.[0] ?? null;
}

/** Scripts one word may mix: Japanese, Korean and Chinese writing (UTS #39's Jpan, Kore, Hanb). */
const MIXES: readonly (readonly NameScript[])[] = [
  ["Han", "Hiragana", "Katakana"],
  ["Han", "Hangul"],
  ["Han", "Bopomofo"],
];

/** Letters, marks, spaces, hyphens (- ‐), apostrophes (' ’), full stop, middle dots (· ・), ASCII digits. */
const NAME_CHARACTER = /^[\p{L}\p{M} \-\u2010'\u2019.\u00b7\u30fb0-9]$/u;
const MAX_MARKS_ON_A_LETTER = 4;

export type StudentNameProblem = "characters" | "scripts" | "marks";

/** The messages of the problems (the catalogues' keys, in English). */
export const STUDENT_NAME_MESSAGES: Record<StudentNameProblem, string> = {
  characters: "Use only letters, digits, spaces, hyphens, apostrophes and full stops in a name.",
  scripts: "Write each word of a name in one alphabet.",
  marks: "A letter of this name has too many accents.",
};

/** Why a normalised name may not be stored, or null when it may (see the module comment). */
export function studentNameProblem(name: string): StudentNameProblem | null {
  const decomposed = name.normalize("NFD");
  let marks = 0;
  for (const character of decomposed) {
    if (!NAME_CHARACTER.test(character)) return "characters";
    const isMark = /\p{M}/u.test(character);
    marks = isMark ? marks + 1 : 0;
    if (marks > MAX_MARKS_ON_A_LETTER) return "marks";
    if (/[\p{L}\p{M}]/u.test(character) && scriptOf(character) === null) return "characters";
  }
  for (const word of decomposed.split(" ")) {
    if (/^\p{M}/u.test(word)) return "marks";
    const scripts = new Set<NameScript>();
    for (const character of word) {
      const script = /[\p{L}\p{M}]/u.test(character) ? scriptOf(character) : "common";
      if (script && script !== "common") scripts.add(script);
    }
    if (scripts.size > 1 && !MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)))) {
      return "scripts";
    }
  }
  return null;
}

/**
 * A first or last name field: the single-line text rule, then the
 * normalisation, then the allow-list; chain `.min()` / `.max()` (they count
 * the normalised name, so a name of invisible characters only is an empty name).
 */
export function studentNameText(requiredMessage: string): z.ZodString {
  return singleLineText(requiredMessage)
    .overwrite(normalizeStudentName)
    .superRefine((value, context) => {
      const problem = studentNameProblem(value);
      if (problem) context.addIssue({ code: "custom", message: STUDENT_NAME_MESSAGES[problem] });
    });
}
