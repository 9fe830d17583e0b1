/**
 * Query-string filters (a list's page, page size, status, dates…) are
 * checked, not reinterpreted: a value out of range or not among the choices
 * is a 400 that names the parameter, never quietly replaced by a default (a
 * client asking for 500 rows must not believe it got them all when it got
 * 25). An empty value means "not set", as a filter form's "All" option sends
 * it. Parameters the schema does not name (a tracking tag, React Router's
 * own `_routes` or `index`) are left alone; a parameter it names may appear
 * only once.
 *
 * The refusal is a thrown `{ code: "VALIDATION", message, fieldErrors }`
 * Response: the JSON API answers it as it is, a screen's error boundary shows it.
 */
import type { z } from "zod";
import { jsonError } from "./json-error.server";

export function parseSearchParams<Schema extends z.ZodObject>(
  schema: Schema,
  params: URLSearchParams,
): z.infer<Schema> {
  const known = new Set(Object.keys(schema.shape));
  // `known` holds only the schema's own names, so `raw` never gets `__proto__` or the like.
  const raw: Record<string, string> = {};
  const seen = new Set<string>();
  const fieldErrors = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (!known.has(key)) continue;
    if (seen.has(key)) fieldErrors.set(key, [`${key} is given more than once; give it once.`]);
    seen.add(key);
    if (value !== "") raw[key] = value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join(".") || "(query)";
      fieldErrors.set(key, [...(fieldErrors.get(key) ?? []), issue.message]);
    }
  }
  if (fieldErrors.size > 0) {
    const [key, [first]] = [...fieldErrors][0];
    throw jsonError(400, "VALIDATION", `${key}: ${first}`, {
      fieldErrors: Object.fromEntries(fieldErrors),
      headers: { "Cache-Control": "no-store" },
    });
  }
  return result.data as z.infer<Schema>;
}
