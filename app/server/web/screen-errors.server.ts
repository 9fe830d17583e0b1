/**
 * The one way a screen (a route module with a component) answers a domain
 * error. The JSON API has its own single mapping (`api.server.ts`); this is
 * its twin for HTML:
 *
 * - a record the actor may not see, or that does not exist → the 404 page,
 *   inside the layout's frame (`orNotFound`, `notFoundPage`);
 * - a rule said no to a form → the form comes back with the message, its
 *   field errors next to their fields, and nothing typed lost
 *   (`formErrorReply`);
 * - a rule said no to a button with no form to show again → a redirect with
 *   a failure toast (`redirectWithFailure`).
 *
 * A route's own id in the URL that is not a record id is the 404 page too
 * (`recordIdParam`), and a page that shows a list with a "that one is gone"
 * note instead of a 404 reads `nullIfNotFound`.
 *
 * Anything that is not a domain error is rethrown (or, for the toast,
 * logged and replaced by the screen's fallback text), so a bug is never
 * dressed up as a refusal.
 *
 *   export async function loader({ params, context, request }: Route.LoaderArgs) {
 *     const student = await orNotFound(getStudent(db, user, classId, studentId));
 *   }
 *   export async function action(...) {
 *     const submission = parseWithZod(formData, { schema });
 *     if (submission.status !== "success") return formReply(submission);
 *     try {
 *       await updateStudent(db, user, classId, studentId, submission.value);
 *     } catch (error) {
 *       return formErrorReply(submission, error);
 *     }
 *     return redirectWithSuccess(here, "Saved.");
 *   }
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { parseRecordId } from "~/lib/schemas/ids";
import type { StudentFormReply } from "~/lib/student-form";
import { type DomainError, isDomainError } from "../errors.server";
import { type Say, sayRefusal } from "../i18n/refusal-text.server";
import { unexpectedErrorLog } from "../logger.server";
import { redirectWithError } from "../redirects.server";

/** The 404 page (thrown from a loader or action; the nearest error boundary draws it). */
export function notFoundPage(message = "Not Found"): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}

/** True when the error is the domain's NOT_FOUND. */
export function isNotFound(error: unknown): error is DomainError {
  return isDomainError(error) && error.code === "NOT_FOUND";
}

/** A URL's id (`/admin/schools/:schoolId`): the number, or the 404 page when it is not a record id written plainly. */
export function recordIdParam(value: string | undefined, message?: string): number {
  const id = parseRecordId(value);
  if (id === null) throw notFoundPage(message);
  return id;
}

/**
 * Awaits a domain call; its NOT_FOUND becomes the 404 page, anything else
 * passes through. The page says `message` (a sentence, or the domain error's
 * own message when given as a function), or the standard sentence.
 */
export async function orNotFound<T>(work: Promise<T>, message?: string | ((error: DomainError) => string)): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isNotFound(error)) throw notFoundPage(typeof message === "function" ? message(error) : message);
    throw error;
  }
}

/** Awaits a domain call; its NOT_FOUND becomes null (the page says the record is gone), anything else passes through. */
export async function nullIfNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The domain error a rule refused with; anything else (a bug, a guard's Response) is rethrown. */
export function refusal(error: unknown): DomainError {
  if (!isDomainError(error)) throw error;
  return error;
}

interface ReplyOptions<E> {
  /** Fields whose posted value must not be sent back (passwords). */
  hideFields?: string[];
  /** More data for the component beside `result` (for a page with several forms: which one). */
  extra?: E;
}

interface ErrorReplyOptions<E> extends ReplyOptions<E> {
  /**
   * The field a rule's message belongs to (a name already taken), shown next
   * to it instead of above the form; a function chooses by the error
   * (undefined: above the form).
   */
  messageField?: string | ((error: DomainError) => string | undefined);
  /**
   * The request's translator: the rule's message is said in the reader's
   * language here (a message with values in it cannot be looked up later by
   * its text, ADR 227). Without it the message stays the English key that
   * the form translates where it shows it.
   */
  t?: Say;
}

/** A form whose input did not parse: the field errors, with a 400. */
// biome-ignore lint/complexity/noBannedTypes: no extra data is an empty object type
export function formReply<T, E extends object = {}>(submission: Submission<T>, options: ReplyOptions<E> = {}) {
  return data(
    { ...(options.extra as E), result: submission.reply({ hideFields: options.hideFields }) },
    { status: 400 },
  );
}

/**
 * A domain rule refused a parsed form: the form comes back with the message
 * (and the rule's field errors next to their fields), with the error's status
 * and headers (a rate limit's Retry-After). Anything else is rethrown.
 */
// biome-ignore lint/complexity/noBannedTypes: no extra data is an empty object type
export function formErrorReply<T, E extends object = {}>(
  submission: Submission<T>,
  thrown: unknown,
  options: ErrorReplyOptions<E> = {},
) {
  const error = refusal(thrown);
  const message = options.t ? sayRefusal(error, options.t) : error.message;
  const field = typeof options.messageField === "function" ? options.messageField(error) : options.messageField;
  const fieldErrors = field
    ? { ...error.fieldErrors, [field]: [message] }
    : error.fieldErrors
      ? { ...error.fieldErrors }
      : undefined;
  return data(
    {
      ...(options.extra as E),
      result: submission.reply({
        formErrors: field ? undefined : [message],
        fieldErrors,
        hideFields: options.hideFields,
      }),
    },
    { status: error.status, headers: error.headers },
  );
}

/**
 * A button with no form to show again: a redirect with the rule's message as
 * a failure toast (in the reader's language when given the request's
 * translator `t`; otherwise the toast translates the English key where it
 * shows it). A thrown Response (a guard's redirect) passes through; an
 * unexpected error is logged and the screen's fallback text is shown instead.
 */
export function redirectWithFailure(url: string, error: unknown, fallbackMessage: string, t?: Say): Promise<Response> {
  if (error instanceof Response) throw error;
  if (isDomainError(error)) return redirectWithError(url, t ? sayRefusal(error, t) : error.message);
  unexpectedErrorLog.error("screen.action_failed", {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return redirectWithError(url, fallbackMessage);
}

/**
 * A student form (the student pages use plain forms, ADR 151) whose input or
 * a domain rule said no: the form comes back with every value typed, the
 * message for the whole form and the field errors, with the rule's status
 * and headers (a stopped class code is 410). Anything else is rethrown.
 * With the request's translator `t` the message is said in the student's
 * language here (a message with a number in it cannot be looked up by its
 * text later: ADR 228).
 */
export function studentFormErrorReply(
  error: unknown,
  values: Record<string, string>,
  fieldNames?: (uid: string) => string,
  t?: Say,
) {
  const refused = refusal(error);
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(refused.fieldErrors ?? {})) {
    fieldErrors[fieldNames ? fieldNames(key) : key] = messages;
  }
  const message = t ? sayRefusal(refused, t) : refused.message;
  return studentFormReply({ formErrors: [message], fieldErrors, values }, refused.status, refused.headers);
}

/** A student form's answer when it did not go through (400 unless said otherwise). */
export function studentFormReply(reply: StudentFormReply, status = 400, headers?: Record<string, string>) {
  return data({ reply }, { status, headers });
}
