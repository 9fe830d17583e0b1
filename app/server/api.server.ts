/**
 * The one place domain errors become JSON API answers: `{ code, message }`
 * with the right status, and never a 500 for bad input.
 */
import { z } from "zod";
import { isRecordId } from "~/lib/schemas/ids";
import { isDomainError } from "./errors.server";
import { unexpectedErrorLog } from "./logger.server";

export function jsonError(status: number, code: string, message: string, extra?: Record<string, unknown>) {
  return Response.json({ code, message, ...extra }, { status });
}

/** Maps anything a handler threw to a JSON answer. Responses thrown by guards pass through. */
export function toApiResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isDomainError(error)) {
    return jsonError(
      error.status,
      error.code,
      error.message,
      error.fieldErrors ? { fieldErrors: error.fieldErrors } : undefined,
    );
  }
  if (error instanceof z.ZodError) {
    return jsonError(400, "VALIDATION", error.issues[0]?.message ?? "Invalid input.", {
      fieldErrors: z.flattenError(error).fieldErrors,
    });
  }
  unexpectedErrorLog.error("api.unexpected_error", {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return jsonError(500, "INTERNAL", "Something went wrong on our side. Please try again.");
}

/** Runs an API handler and maps its errors. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return toApiResponse(error);
  }
}

/** Reads a JSON body; a malformed or missing body is a 400, not a 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw Response.json({ code: "BAD_REQUEST", message: "The request body is not valid JSON." }, { status: 400 });
  }
}

/** Parses input with a zod schema, throwing a VALIDATION answer on failure. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw result.error;
  return result.data;
}

/** A numeric route id; anything else is a 404 (it cannot name a record). */
export function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!isRecordId(id) || String(id) !== value) {
    throw Response.json({ code: "NOT_FOUND", message: "Not Found" }, { status: 404 });
  }
  return id;
}
