/**
 * The one place domain errors become JSON API answers: `{ code, message }`
 * with the right status, and never a 500 for bad input.
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { parseRecordId } from "~/lib/schemas/ids";
import { type ForbiddenTextFinding, findForbiddenText } from "~/lib/schemas/text";
import { isDomainError, isPoolTimeout, serviceBusy } from "../errors.server";
import { unexpectedErrorLog } from "../logger.server";
import { translateErrorBody } from "./api-language.server";
import { jsonError } from "./json-error.server";

/** Maps anything a handler threw to a JSON answer. Responses thrown by guards pass through. */
export function toApiResponse(caught: unknown): Response {
  if (caught instanceof Response) return caught;
  // No connection came free in time: a busy moment, answered as one, and no error line (issue #35).
  const error = isPoolTimeout(caught) ? serviceBusy() : caught;
  if (isDomainError(error)) {
    return jsonError(error.status, error.code, error.message, {
      fieldErrors: error.fieldErrors,
      headers: error.headers,
      details: error.details,
    });
  }
  if (isAbortedBody(error)) {
    // The client went away while sending: nobody reads this answer, and it is not a fault of ours.
    return jsonError(400, "BAD_REQUEST", "The request body did not arrive in full.");
  }
  if (error instanceof z.ZodError) {
    return jsonError(400, "VALIDATION", error.issues[0]?.message ?? "Invalid input.", {
      fieldErrors: fieldErrorsOf(error),
    });
  }
  unexpectedErrorLog.error("api.unexpected_error", {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return jsonError(500, "INTERNAL", "Something went wrong on our side. Please try again.");
}

/**
 * Node's error for a request whose connection closed before its body was
 * all there (`IncomingMessage` "aborted"), as a body reader sees it.
 */
function isAbortedBody(error: unknown): boolean {
  return (
    error instanceof Error && error.message === "aborted" && (error as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}

/**
 * Runs a staff API handler and maps its errors; with the request's context,
 * an error's message and field messages are in the request's language
 * (Accept-Language, `?lng=`, the language cookie; issue 36), its code never.
 */
export function handleApi(run: () => Promise<Response>, context?: Readonly<RouterContextProvider>): Promise<Response> {
  return runApiHandler(run, context, "staff");
}

/** A handler's answer, or its error through toApiResponse; an error's texts in the request's language (namespace `ns`). */
export async function runApiHandler(
  run: () => Promise<Response>,
  context: Readonly<RouterContextProvider> | undefined,
  ns: "student" | "staff",
): Promise<Response> {
  let response: Response;
  let thrown: unknown;
  try {
    response = await run();
  } catch (error) {
    thrown = error;
    response = toApiResponse(error);
  }
  return context && response.status >= 400 ? translateErrorBody(response, context, thrown, ns) : response;
}

/**
 * Field path → messages, for every issue: nested fields by their dotted path
 * (`staffMembers.0.name`), and an unknown key under its own name.
 */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  // A Map, not an object: a client may name a key `constructor` or `__proto__`.
  const fieldErrors = new Map<string, string[]>();
  const add = (path: PropertyKey[], message: string) => {
    const key = path.map(String).join(".") || "(body)";
    fieldErrors.set(key, [...(fieldErrors.get(key) ?? []), message]);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) add([...issue.path, key], issue.message);
    else add(issue.path, issue.message);
  }
  return Object.fromEntries(fieldErrors);
}

/** The 400 for text no field may hold, found by a backstop before any schema ran. */
export function forbiddenTextResponse(found: ForbiddenTextFinding): Response {
  return jsonError(400, "VALIDATION", `${found.field}: ${found.message}`, {
    fieldErrors: { [found.field]: [found.message] },
  });
}

/**
 * How deeply a JSON body may nest arrays and objects. The deepest body the
 * API takes (a bulk staff import, a response's answers) nests 3 levels;
 * deeper is refused before anything walks it, since the backstop below and
 * zod walk a body recursively and 20,000 levels overflow the stack (ADR 192).
 */
export const MAX_JSON_DEPTH = 64;

/** True when JSON text nests arrays and objects deeper than `max`; counted on the text, without recursion. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character.
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * Reads a JSON body; a malformed, missing, too deeply nested or cut-short
 * body is a 400, not a 500. The
 * text rule's backstop runs here too (ADR 120): a key or string anywhere in
 * the body with a character no field may hold (NUL, other control
 * characters, a lone surrogate) is refused before any schema or query sees
 * it, so a field a schema forgot can never reach the database.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, "BAD_REQUEST", "The request body is not valid JSON.");
  }
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw jsonError(400, "BAD_REQUEST", `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`);
  }
  const found = findForbiddenText(body);
  if (found) throw forbiddenTextResponse(found);
  return body;
}

/** Parses input with a zod schema, throwing a VALIDATION answer on failure. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw result.error;
  return result.data;
}

/** A numeric route id; anything else is a 404 (it cannot name a record). */
export function parseId(value: string | undefined): number {
  const id = parseRecordId(value);
  if (id === null) throw jsonError(404, "NOT_FOUND", "Not Found");
  return id;
}
