/**
 * The one wrapper of a student API route: every error becomes
 * `{ code, message }` through the API's single mapping (toApiResponse), in
 * the request's language, and no answer is cached.
 */
import type { RouterContextProvider } from "react-router";
import { runApiHandler } from "./api.server";

/**
 * Runs a student API handler; anything it throws goes through toApiResponse.
 * With the request's context, an error's `message` and field messages are in
 * the request's language (ADR 215; the app sends Accept-Language); its
 * `code` never changes.
 */
export async function handleStudentApi(
  run: () => Promise<Response>,
  context?: Readonly<RouterContextProvider>,
): Promise<Response> {
  const response = await runApiHandler(run, context, "student");
  // Answers carry tokens and a student's own data: never cache them.
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}
