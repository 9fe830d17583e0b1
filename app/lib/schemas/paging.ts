import { z } from "zod";

/**
 * A page number (or page size) in a query string: a whole number from 1 to
 * `max`; every message names the parameter. The one schema for paging at the
 * edge: the staff list, the audit log and the responses API use it.
 */
export function pageNumberSchema(max: number, name = "page") {
  return z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);
}
