/**
 * Input rules for the admin area that both the forms (client) and
 * the domain (server) use. Pure: no server imports.
 */
import { z } from "zod";
import { singleLineText } from "./text";

export const schoolNameSchema = singleLineText("Enter a school name")
  .min(1, "Enter a school name")
  .max(120, "School name must be at most 120 characters");

export { toSearch } from "../query-string";

/** An empty input means "none". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim().toLowerCase() || null);

/**
 * How a school's staff sign in (ADR 211): its Google Workspace domain, its
 * Microsoft tenant id, and whether passwords are refused for its staff.
 */
export const schoolSignInSchema = z.object({
  googleDomain: optionalText.refine(
    (value) => value === null || /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value),
    "Enter the school's Google Workspace domain, such as school.example.org",
  ),
  microsoftTenantId: optionalText.refine(
    (value) => value === null || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
    "Enter the school's Microsoft tenant id: 36 characters such as 72f988bf-86f1-41af-91ab-2d7cd011db47",
  ),
  requireProviderSignIn: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

/** Requiring the school's provider needs a way to find the school: its domain or tenant. */
export const REQUIRE_NEEDS_PROVIDER =
  "Enter the school's Google domain or Microsoft tenant id before requiring sign-in through it";
export type SchoolSignInInput = z.infer<typeof schoolSignInSchema>;
