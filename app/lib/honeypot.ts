/**
 * Public forms carry a honeypot field that people never see or fill. Kept out
 * of the zod schemas so that the screens can name it without loading a
 * validation library in the browser (ADR 141).
 */
export const HONEYPOT_FIELD = "website";
