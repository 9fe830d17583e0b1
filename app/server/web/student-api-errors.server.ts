/**
 * Errors the student API answers with that the shared domain errors do not
 * name (a stopped or expired class code is 410 Gone), and the one wrapper
 * that maps every error of a student API route to `{ code, message }`.
 */
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

/** Runs a student API handler: StudentApiErrors keep their status, everything else goes through toApiResponse. */
export async function handleStudentApi(run: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (error instanceof StudentApiError) {
      response = jsonError(error.status, error.code, error.message);
      for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
    } else {
      response = toApiResponse(error);
    }
  }
  // Answers carry tokens and a student's own data: never cache them.
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}
