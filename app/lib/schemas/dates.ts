import { z } from "zod";

/** Whether `value` (YYYY-MM-DD) names a day of the calendar: 2026-02-30 does not. */
export function isRealDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A filter's date (`from`, `to`): YYYY-MM-DD and a real day, with messages that name the parameter. */
export const isoDateParam = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
    // Round-tripped: Date.parse takes 2026-02-30 for 2 March, which is not the day asked for.
    .refine((value) => isRealDay(value), `${name} is not a real date`);
