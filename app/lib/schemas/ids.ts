import { z } from "zod";

/**
 * Record ids are PostgreSQL `integer`s. A larger number names no record, and
 * must not reach a query: PostgreSQL refuses it with an error (a 500), where
 * the answer should be "not found" or a form error.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A positive whole number that an id column can hold. */
export function isRecordId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_RECORD_ID;
}

/**
 * An id as text (a URL segment, a query string, a form field) names a record
 * only when written plainly: digits, no leading zero, no sign, no spaces.
 * `Number()` reads `0x1`, `1e0`, `01`, `1.0` and ` 1` as 1; they name no
 * record, and are the unknown id they are (docs/decisions/198).
 */
const PLAIN_RECORD_ID = /^[1-9][0-9]{0,9}$/;

/** The record id that `value` writes plainly, or null. */
export function parseRecordId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !PLAIN_RECORD_ID.test(value)) return null;
  const id = Number(value);
  return isRecordId(id) ? id : null;
}

/**
 * A record id in a form, a query string or a JSON body: a JSON number that is
 * a record id, or its plain text (parseRecordId). Every message names the
 * field; `message` replaces them all (a form's own sentence).
 */
export function recordIdSchema(name: string, message = `${name} must be a record id`) {
  return z.preprocess(
    (value) => (typeof value === "string" ? (parseRecordId(value) ?? Number.NaN) : value),
    z.number({ message }).int(message).positive(message).max(MAX_RECORD_ID, message),
  );
}
