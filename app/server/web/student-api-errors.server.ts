/**
 * The one wrapper of a student API route: every error becomes
 * `{ code, message }` through the API's single mapping (toApiResponse), in
 * the request's language, and no answer is cached.
 */
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { getLanguage, getServerT } from "../i18n/i18n.server";
import { hasSaying, sayRefusal } from "../i18n/refusal-text.server";
import { toApiResponse } from "./api.server";

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
  let response: Response;
  let thrown: unknown;
  try {
    response = await run();
  } catch (error) {
    thrown = error;
    response = toApiResponse(error);
  }
  if (context && response.status >= 400) response = await translateErrorBody(response, context, thrown);
  // Answers carry tokens and a student's own data: never cache them.
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * `{ code, message, fieldErrors? }` with the messages translated (English keys
 * of the `student` catalogue); a message with values in it (a rate limit's
 * minutes) is said again in the student's language by the error that made it
 * (ADR 227, 228).
 */
async function translateErrorBody(
  response: Response,
  context: Readonly<RouterContextProvider>,
  thrown: unknown,
): Promise<Response> {
  if (getLanguage(context) === DEFAULT_LANGUAGE) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json()) as {
    message?: unknown;
    fieldErrors?: Record<string, unknown>;
  };
  if (typeof body?.message !== "string") return response;
  const t = await getServerT(context, "student");
  body.message = hasSaying(thrown) ? sayRefusal(thrown, t) : t(body.message);
  if (body.fieldErrors && typeof body.fieldErrors === "object") {
    for (const [field, messages] of Object.entries(body.fieldErrors)) {
      if (Array.isArray(messages)) body.fieldErrors[field] = messages.map((message) => t(String(message)));
    }
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
