/**
 * The text rule (ADR 120): which characters a text may hold, for every text
 * field of every screen and API. Pure: the forms (client), the API schemas
 * and the server's backstops share it.
 *
 * Never allowed anywhere: C0 control characters other than tab, line feed and
 * carriage return (NUL above all: PostgreSQL refuses it in `text` and `jsonb`),
 * DEL and the C1 controls (U+007F–U+009F), lone UTF-16 surrogates (half a
 * character, which UTF-8 cannot carry) and the Unicode noncharacters
 * (U+FDD0–U+FDEF and U+xFFFE/U+xFFFF, "not for interchange").
 *
 * Single-line fields (names, e-mails, codes, filters, ids, passwords) refuse
 * tab, line feed and carriage return as well; only multi-line fields (a
 * contact's notes, a free-text answer, a pasted CSV) may hold them. Leading
 * and trailing whitespace of a trimmed field is removed before the check, so
 * a name pasted with a trailing tab or newline is simply cleaned.
 */
import { z } from "zod";

/** Text that can never be stored: everything but tab, LF and CR of the C0/C1 controls, lone surrogates, noncharacters. */
const NEVER_ALLOWED = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
/** The same, plus tab, LF and CR: a single-line field's rule. */
const NOT_IN_ONE_LINE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;

export type TextKind = "single-line" | "multi-line";

function codePointName(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Why a text may not be stored as it is, or null when it may. The message
 * names the character, so a user can find it: an invisible character is
 * otherwise impossible to spot.
 */
export function forbiddenTextMessage(value: string, kind: TextKind): string | null {
  const found = findForbiddenCharacter(value, kind);
  return found ? messageFor(found.character) : null;
}

/** The first character a field of this kind may not hold, and where it is; null when there is none. */
export function findForbiddenCharacter(value: string, kind: TextKind): { index: number; character: string } | null {
  const found = (kind === "single-line" ? NOT_IN_ONE_LINE : NEVER_ALLOWED).exec(value);
  return found ? { index: found.index, character: found[0] } : null;
}

function messageFor(character: string): string {
  if (character === "\t" || character === "\n" || character === "\r") {
    return "Keep this on one line: remove the line break or tab.";
  }
  const code = character.codePointAt(0)!;
  const what =
    code >= 0xd800 && code <= 0xdfff
      ? "a broken character (half of an emoji or symbol)"
      : /\p{Cc}/u.test(character)
        ? "an invisible control character"
        : "a character reserved for internal use";
  return `This text contains ${what} (${codePointName(character)}) that cannot be saved. Remove it and try again.`;
}

/** True when a text holds only characters that may be stored in a field of this kind. */
export function isCleanText(value: string, kind: TextKind): boolean {
  return forbiddenTextMessage(value, kind) === null;
}

function textCheck(kind: TextKind) {
  return (ctx: z.core.ParsePayload<string>) => {
    const message = forbiddenTextMessage(ctx.value, kind);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value, continue: false });
  };
}

/** The single-line rule as a zod check, for strings that are not trimmed (passwords, tokens). */
export const singleLineCheck = textCheck("single-line");
/** The multi-line rule as a zod check: tab and line breaks allowed, other controls not. */
export const multiLineCheck = textCheck("multi-line");

/**
 * A single-line text field: trimmed, then checked. Chain `.min()` / `.max()`
 * as with any zod string; `message` is the "required" message for a missing value.
 */
export function singleLineText(message?: string) {
  return z
    .string(message ? { message } : undefined)
    .trim()
    .check(singleLineCheck);
}

/** A multi-line text field (notes, free-text answers): trimmed, tab and line breaks kept inside. */
export function multiLineText(message?: string) {
  return z
    .string(message ? { message } : undefined)
    .trim()
    .check(multiLineCheck);
}

/** A string that is not trimmed (a password, a token) but still single-line. */
export function untrimmedText(message?: string) {
  return z.string(message ? { message } : undefined).check(singleLineCheck);
}

export interface ForbiddenTextFinding {
  /** Where it was found: a form field's name, a JSON path (`answers.q1`), a query parameter. */
  field: string;
  message: string;
}

/**
 * The backstop: the first field name or value, anywhere in a parsed JSON
 * body or a form, that holds a character no field may hold (the
 * multi-line rule; a field's own schema applies the stricter one).
 * Keys are checked as well as values.
 */
export function findForbiddenText(
  value: unknown,
  path = "",
  seen: WeakSet<object> = new WeakSet(),
): ForbiddenTextFinding | null {
  if (typeof value === "string") {
    const message = forbiddenTextMessage(value, "multi-line");
    return message ? { field: path || "(body)", message } : null;
  }
  if (value === null || typeof value !== "object" || seen.has(value)) return null;
  seen.add(value);
  const entries: Iterable<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as [string, unknown])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const here = path ? `${path}.${key}` : key;
    const keyMessage = forbiddenTextMessage(key, "multi-line");
    if (keyMessage) return { field: here, message: keyMessage };
    const found = findForbiddenText(item, here, seen);
    if (found) return found;
  }
  return null;
}

/** The backstop for a form or a query string: every name and every text value. */
export function findForbiddenEntry(
  entries: Iterable<[string, FormDataEntryValue | string]>,
): ForbiddenTextFinding | null {
  for (const [name, value] of entries) {
    const nameMessage = forbiddenTextMessage(name, "multi-line");
    if (nameMessage) return { field: name, message: nameMessage };
    if (typeof value !== "string") continue;
    const message = forbiddenTextMessage(value, "multi-line");
    if (message) return { field: name, message };
  }
  return null;
}
