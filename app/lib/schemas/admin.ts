/**
 * Input rules for the admin area (issue 7) that both the forms (client) and
 * the domain (server) use. Pure: no server imports.
 */
import { singleLineText } from "./text";

export const schoolNameSchema = singleLineText("Enter a school name")
  .min(1, "Enter a school name")
  .max(120, "School name must be at most 120 characters");

/** A query string from filter values: empty values left out. "" when nothing is set. */
export function toSearch(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
