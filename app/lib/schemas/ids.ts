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
