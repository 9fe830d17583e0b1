/**
 * JSON API bodies are strict: a key the endpoint does not know is refused
 * with a 400 that names it, never silently ignored (a client that sends
 * `status` to an endpoint that cannot change it must learn that nothing
 * happened to the status). Forms are not strict: a form post carries
 * `intent`, the honeypot and the like beside its schema's fields.
 */
import { z } from "zod";

export function unknownKeysMessage(keys: readonly PropertyKey[]): string {
  const names = keys.map((key) => JSON.stringify(String(key))).join(", ");
  return keys.length === 1
    ? `Unknown field ${names}: this call does not take it.`
    : `Unknown fields ${names}: this call does not take them.`;
}

const unknownKeysError: z.core.$ZodErrorMap = (issue) =>
  issue.code === "unrecognized_keys" ? unknownKeysMessage(issue.keys) : undefined;

/** A JSON body of exactly these keys (each may still be optional). */
export function strictBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: unknownKeysError });
}

/** A body that takes nothing: `{}` or no body at all. */
export const emptyBody = strictBody({});
