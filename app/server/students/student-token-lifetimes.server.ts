/**
 * How long each kind of token works from its issue: "browser" is the student
 * pages' cookie session, "app" the student API's bearer token. A leaf module
 * (no imports but a type), so the student cookie's lifetime can be read while
 * the token and error modules are still loading each other.
 */
import type { StudentTokenKind } from "../db/schema.server";

export const STUDENT_TOKEN_LIFETIME_MS: Record<StudentTokenKind, number> = {
  browser: 8 * 60 * 60 * 1000,
  app: 8 * 60 * 60 * 1000,
};
