/**
 * An API error answer in the request's language (ADR 215): `{ code, message,
 * fieldErrors? }` with the messages said again from their English keys, in
 * the student catalogue for the student API and the staff catalogue for the
 * staff API; the `code` never changes.
 */
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { getLanguage, getServerT } from "../i18n/i18n.server";
import { hasSaying, sayRefusal } from "../i18n/refusal-text.server";

/**
 * `{ code, message, fieldErrors? }` with the messages translated (English keys
 * of the namespace's catalogue); a message with values in it (a rate limit's
 * minutes) is said again in the student's language by the error that made it
 * (ADR 227, 228).
 */
export async function translateErrorBody(
  response: Response,
  context: Readonly<RouterContextProvider>,
  thrown: unknown,
  namespace: "student" | "staff",
): Promise<Response> {
  if (getLanguage(context) === DEFAULT_LANGUAGE) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json()) as {
    message?: unknown;
    fieldErrors?: Record<string, unknown>;
  };
  if (typeof body?.message !== "string") return response;
  const t = await getServerT(context, namespace);
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
