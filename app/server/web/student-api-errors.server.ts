/**
 * Errors the student API answers with that the shared domain errors do not
 * name (a stopped or expired class code is 410 Gone), and the one wrapper
 * that maps every error of a student API route to `{ code, message }`.
 */
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { getLanguage, getServerT } from "../i18n/i18n.server";
import { hasSaying, sayRefusal } from "../i18n/refusal-text.server";
import { jsonError, toApiResponse } from "./api.server";

export class StudentApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers?: Record<string, string>;

  constructor(status: number, code: string, message: string, headers?: Record<string, string>) {
    super(message);
    this.name = "StudentApiError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const CLOSED_MESSAGE = "This survey is closed";
export const NOT_STARTED_MESSAGE = "This survey has not started yet";

export const INVALID_TOKEN_MESSAGE =
  "Your student token is not valid any more. Join your class again with its class code.";

export const invalidStudentToken = () =>
  new StudentApiError(401, "UNAUTHORIZED", INVALID_TOKEN_MESSAGE, { "WWW-Authenticate": 'Bearer realm="student"' });

/**
 * Runs a student API handler: StudentApiErrors keep their status, everything
 * else goes through toApiResponse. With the request's context, an error's
 * `message` and field messages are in the request's language (ADR 215; the
 * app sends Accept-Language); its `code` never changes.
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
    if (error instanceof StudentApiError) {
      response = jsonError(error.status, error.code, error.message);
      for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
    } else {
      response = toApiResponse(error);
    }
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
