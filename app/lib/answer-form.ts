/**
 * How the answering page's plain form names its fields (shared by the page
 * and the server, no validation library): each answer is posted as
 * `answer.<block _uid>`, the drawing answer as the drawing id it uploaded
 * and its "Describe it instead" text as `description.<block _uid>` (issue 37),
 * and the form carries a per-form token in `formToken` (ADR 152).
 */
export const ANSWER_FIELD_PREFIX = "answer.";
export const DESCRIPTION_FIELD_PREFIX = "description.";
export const FORM_TOKEN_FIELD = "formToken";

export function answerFieldName(uid: string): string {
  return `${ANSWER_FIELD_PREFIX}${uid}`;
}

/** The form field of a drawing question's "Describe it instead" text. */
export function descriptionFieldName(uid: string): string {
  return `${DESCRIPTION_FIELD_PREFIX}${uid}`;
}

/** An element id for a field, from its block uid (ids take no spaces). */
export function answerFieldId(uid: string): string {
  return `answer-${uid.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
