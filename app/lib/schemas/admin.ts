/**
 * Input rules for the admin area that both the forms (client) and
 * the domain (server) use. Pure: no server imports.
 */
import { singleLineText } from "./text";

export const schoolNameSchema = singleLineText("Enter a school name")
  .min(1, "Enter a school name")
  .max(120, "School name must be at most 120 characters");

export { toSearch } from "../query-string";
