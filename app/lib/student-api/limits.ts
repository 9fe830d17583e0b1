/**
 * The student API's limits, without the zod schemas around them, so the
 * student pages can show them in the browser without loading a validation
 * library (ADR 141).
 */

/** Longest free-text answer, in characters. */
export const MAX_TEXT_ANSWER_LENGTH = 2000;
/** Longest "Describe it instead" text of a drawing question (issue 37), in characters. */
export const MAX_DRAWING_DESCRIPTION_LENGTH = 500;
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
/**
 * What a device id (the app's `X-Device-Id`, the join-device cookie) must
 * look like: 16–64 of A–Z a–z 0–9 _ -. Anything else is no device id.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
