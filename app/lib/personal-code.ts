/**
 * A student's personal code: printed on their card, typed on /join next to
 * the class code, so a classmate who knows a name cannot become that child
 * (docs/product.md#student-identity).
 *
 * Three letters and three digits, "KMR-394": short enough for an
 * eight-year-old to copy from a card, with no letters or digits that look
 * alike on a projector or in a child's handwriting (no I/L/1, O/0/Q, B/8,
 * S/5, G/6, Z/2, U/V).
 */
export const PERSONAL_CODE_LETTERS = "ACDEFHJKMNPRTWXY";
export const PERSONAL_CODE_DIGITS = "34679";

const PERSONAL_CODE_PATTERN = new RegExp(`^[${PERSONAL_CODE_LETTERS}]{3}-[${PERSONAL_CODE_DIGITS}]{3}$`);

/**
 * "kmr 394", " KMR394 " and "kmr-394" all name KMR-394. Whatever does not
 * come out in the code's shape is returned tidied but unchanged, and then
 * simply matches no student.
 */
export function normalizePersonalCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s\-‐‑‒–—]+/g, "");
  return compact.length === 6 ? `${compact.slice(0, 3)}-${compact.slice(3)}` : compact;
}

/** True when the text is a personal code as stored: "KMR-394". */
export function isPersonalCode(value: string): boolean {
  return PERSONAL_CODE_PATTERN.test(value);
}

/** A new personal code from the given source of random integers (crypto's randomInt on the server). */
export function generatePersonalCode(randomInt: (max: number) => number): string {
  let letters = "";
  let digits = "";
  for (let i = 0; i < 3; i++) letters += PERSONAL_CODE_LETTERS[randomInt(PERSONAL_CODE_LETTERS.length)];
  for (let i = 0; i < 3; i++) digits += PERSONAL_CODE_DIGITS[randomInt(PERSONAL_CODE_DIGITS.length)];
  return `${letters}-${digits}`;
}
