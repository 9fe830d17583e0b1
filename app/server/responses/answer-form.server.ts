/**
 * The answering page's form, read into the student API's submission (ADR
 * 152): the same `answers` object keyed by block `_uid` that
 * `POST /api/student/v1/assignments/{id}/responses` takes, so one domain
 * function (submitResponse) validates and stores both. The form says no more
 * than the JSON could: every `answer.<uid>` field is passed on (an unknown
 * uid is refused by the same rule as in the API), an option is the option's
 * index, a drawing is `{ drawingId }` (with `description` where the child
 * described it instead, issue 37), and an empty field is an unanswered one.
 */
import { randomBytes } from "node:crypto";
import { ANSWER_FIELD_PREFIX, descriptionFieldName, FORM_TOKEN_FIELD } from "~/lib/answer-form";
import type { AnswerField } from "~/lib/survey-content";
import { type Answers, answersDigest } from "./submissions.server";

export interface ReadAnswerForm {
  answers: Answers;
  /** Every field posted, as typed, to fill the form in again. */
  values: Record<string, string>;
  /** The per-form token (null when missing or malformed). */
  formToken: string | null;
  /** When the page with the form was served, as its token says (null: not said). */
  servedAt: Date | null;
}

/**
 * A new per-form token: put in the form each time the page is drawn. It
 * starts with when (ms, base 36): the submission's key says which page it
 * came from, so an older page's answers never replace a newer page's (issue
 * #37). A student can only make their own submission count as older.
 */
export function newFormToken(now = Date.now()): string {
  return `${now.toString(36)}.${randomBytes(18).toString("base64url")}`;
}

const FORM_TOKEN_PATTERN = /^(?:([0-9a-z]{1,11})\.)?[A-Za-z0-9_-]{16,100}$/;

function servedAtOf(token: string | null): Date | null {
  const time = token ? FORM_TOKEN_PATTERN.exec(token)?.[1] : undefined;
  return time ? new Date(Number.parseInt(time, 36)) : null;
}

export function readAnswerForm(form: FormData, fields: AnswerField[]): ReadAnswerForm {
  const kinds = new Map(fields.map((field) => [field.uid, field.kind]));
  const answers: Answers = {};
  const values: Record<string, string> = {};
  for (const [name, entry] of form.entries()) {
    if (!name.startsWith(ANSWER_FIELD_PREFIX) || typeof entry !== "string") continue;
    values[name] = entry;
    const uid = name.slice(ANSWER_FIELD_PREFIX.length);
    if (entry === "" || uid in answers) continue;
    switch (kinds.get(uid)) {
      case "option":
        answers[uid] = /^\d{1,6}$/.test(entry) ? Number(entry) : entry;
        break;
      case "drawing":
        answers[uid] = { drawingId: entry };
        break;
      default:
        answers[uid] = entry;
    }
  }
  for (const field of fields) {
    if (field.kind !== "drawing") continue;
    const description = form.get(descriptionFieldName(field.uid));
    if (typeof description !== "string") continue;
    values[descriptionFieldName(field.uid)] = description;
    if (description.trim() === "") continue;
    const drawing = answers[field.uid];
    answers[field.uid] = { ...(typeof drawing === "object" && drawing !== null ? drawing : {}), description };
  }
  const token = form.get(FORM_TOKEN_FIELD);
  const formToken = typeof token === "string" && FORM_TOKEN_PATTERN.test(token) ? token : null;
  if (formToken) values[FORM_TOKEN_FIELD] = formToken;
  return { answers, values, formToken, servedAt: servedAtOf(formToken) };
}

/**
 * The Idempotency-Key of a form post: the form's token and what it sends.
 * The same form sent twice (a double click, a resend after Back) is one
 * submission, answered from the stored response; the same form sent again
 * with other answers is a new submission that replaces the earlier one, as
 * a new Idempotency-Key would in the API.
 */
export function formIdempotencyKey(formToken: string | null, answers: Answers): string | null {
  if (!formToken) return null;
  return `form:${formToken}:${answersDigest(answers).slice(0, 22)}`;
}

/** Stored answers → the form's field values (to fill in the form for a change). */
export function answersToValues(answers: Answers): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [uid, value] of Object.entries(answers)) {
    const name = `${ANSWER_FIELD_PREFIX}${uid}`;
    if (typeof value === "string" || typeof value === "number") values[name] = String(value);
    else if (value && typeof value === "object") {
      const { drawingId, description } = value as { drawingId?: unknown; description?: unknown };
      if (typeof drawingId === "string") values[name] = drawingId;
      if (typeof description === "string") values[descriptionFieldName(uid)] = description;
    }
  }
  return values;
}
