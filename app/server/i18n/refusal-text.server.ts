/**
 * A refusal whose message has values in it ("There is no staff account for
 * {email} at your school yet.", "… (try again in about 5 minutes)") cannot be
 * translated by looking its text up in the catalogue: the text is not a key.
 * Such an error keeps how to say it (ADR 227): `withSaying` gives it a
 * function of a translator, and its `message` is what that function says in
 * English, so the JSON API and the logs read as before. A screen says it in
 * the reader's language with `sayRefusal(error, t)`; any other error's message
 * is an English key, translated as it is.
 *
 *   throw withSaying(forbidden(""), (t) => t("There is no staff account for {email} yet.", { email }));
 *   formErrorReply(submission, error, { t }); // the form shows it in German
 */
import { IntlMessageFormat } from "intl-messageformat";

export type Say = (key: string, values?: Record<string, unknown>) => string;

const sayings = new WeakMap<Error, (t: Say) => string>();

/** English: the catalogue's English maps every key to itself, so formatting the key is the English text. */
export const sayInEnglish: Say = (key, values) =>
  values ? String(new IntlMessageFormat(key, "en", undefined, { ignoreTag: true }).format(values)) : key;

/** Gives the error its message with values, in any language; its `message` becomes the English. */
export function withSaying<E extends Error>(error: E, say: (t: Say) => string): E {
  sayings.set(error, say);
  error.message = say(sayInEnglish);
  return error;
}

/** True when the error's message has values in it, so only `sayRefusal` can translate it. */
export function hasSaying(error: unknown): error is Error {
  return error instanceof Error && sayings.has(error);
}

/** The error's message in the translator's language. */
export function sayRefusal(error: Error, t: Say): string {
  const say = sayings.get(error);
  return say ? say(t) : t(error.message);
}
