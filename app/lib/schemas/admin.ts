/**
 * Input rules for the admin area (issue 7) that both the forms (client) and
 * the domain (server) use. Pure: no server imports.
 */
import { z } from "zod";

export const schoolNameSchema = z
  .string({ message: "Enter a school name" })
  .trim()
  .min(1, "Enter a school name")
  .max(120, "School name must be at most 120 characters");

export { toSearch } from "../query-string";
