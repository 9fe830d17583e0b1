/**
 * The student API's limits, without the zod schemas around them, so the
 * student pages can show them in the browser without loading a validation
 * library (ADR 141).
 */

/** Longest free-text answer, in characters. */
export const MAX_TEXT_ANSWER_LENGTH = 2000;
/** Largest drawing upload, in bytes. */
export const MAX_DRAWING_BYTES = 2 * 1024 * 1024;
/** Largest drawing side, in pixels. */
export const MAX_DRAWING_SIDE = 4096;
/** Longest accepted Idempotency-Key header. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** Longest first or last name. */
export const MAX_NAME_LENGTH = 60;
/** Longest personal code field (the code is "KMR-394"; room for spaces). */
export const MAX_PERSONAL_CODE_LENGTH = 20;
