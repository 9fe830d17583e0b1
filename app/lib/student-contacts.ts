/** How many contacts a student may have; the form shows it, the schema enforces it (no zod here: the browser loads this, ADR 141). */
export const MAX_CONTACTS = 6;
