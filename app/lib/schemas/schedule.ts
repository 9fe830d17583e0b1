/**
 * The schedule and repeat fields of the assign form and the assignment's schedule form (issue #38), as
 * zod reads them: datetime-local values read in the school's time zone, then the rules that need no
 * database (close after open, a new time not in the past, at most MAX_ROUNDS rounds, rounds that do not
 * overlap). The domain functions (app/server/assignments/schedule.server.ts) check the same rules again
 * at the moment of the write, with checkSchedule.
 */
import { z } from "zod";
import { dateToZonedInput, zonedInputToDate } from "~/lib/zoned-time";

/** The most rounds one series may have: a school year of weekly rounds. */
export const MAX_ROUNDS = 52;
export const MAX_REPEAT_WEEKS = 12;

export const SCHEDULE_TEXTS = {
  badTime: "Enter a date and a time.",
  closeBeforeOpen: "The closing time must be after the opening time.",
  openInPast: "The opening time must not be in the past.",
  closeInPast: "The closing time must not be in the past.",
  repeatNeedsTimes: "A repeated survey needs an opening and a closing time.",
  untilNeeded: "Enter the last day of the rounds.",
  badDates: "Enter dates as YYYY-MM-DD, one per line.",
  datesAfterFirst: "Each date must come after the first round's day.",
  tooManyRounds: `A series has at most ${MAX_ROUNDS} rounds.`,
  overlap: "Each round must close before the next one opens.",
};

export interface Schedule {
  opensAt: Date | null;
  closesAt: Date | null;
}

type FieldErrors = Partial<Record<"opensAt" | "closesAt", string[]>>;

/**
 * The schedule's rules against `now`: the close after the opening; a time that changes (against
 * `before`, the stored schedule; none for a new assignment) not in the past.
 */
export function checkSchedule(next: Schedule, now: Date, before: Schedule = { opensAt: null, closesAt: null }) {
  const errors: FieldErrors = {};
  const changed = (a: Date | null, b: Date | null) => a !== null && a.getTime() !== b?.getTime();
  if (changed(next.opensAt, before.opensAt) && next.opensAt! < now) errors.opensAt = [SCHEDULE_TEXTS.openInPast];
  if (changed(next.closesAt, before.closesAt) && next.closesAt! <= now) errors.closesAt = [SCHEDULE_TEXTS.closeInPast];
  if (next.opensAt && next.closesAt && next.closesAt <= next.opensAt)
    errors.closesAt = [SCHEDULE_TEXTS.closeBeforeOpen];
  return errors;
}

const localTime = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The two datetime-local fields, read in `timeZone` (empty: no time). */
export function scheduleFields(timeZone: string) {
  const at = localTime.transform((value, ctx) => {
    if (value === undefined) return null;
    const date = zonedInputToDate(value, timeZone);
    if (!date) ctx.addIssue({ code: "custom", message: SCHEDULE_TEXTS.badTime });
    return date ?? null;
  });
  return { opensAt: at, closesAt: at };
}

/** The schedule form of an assignment: its two times, checked against `now` and the stored `before`. */
export function scheduleFormSchema(timeZone: string, now: Date, before?: Schedule) {
  return z.object(scheduleFields(timeZone)).superRefine((value, ctx) => {
    for (const [path, messages] of Object.entries(checkSchedule(value, now, before)))
      for (const message of messages) ctx.addIssue({ code: "custom", message, path: [path] });
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The repeat fields: none, every N weeks until a day, or a list of days (one per line or comma). */
export const repeatFields = {
  repeat: z.enum(["none", "weeks", "dates"]).default("none"),
  everyWeeks: z.coerce.number().int().min(1).max(MAX_REPEAT_WEEKS).default(1),
  until: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(DAY, SCHEDULE_TEXTS.untilNeeded).optional()),
  dates: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const days = (value ?? "")
        .split(/[\s,;]+/)
        .map((day) => day.trim())
        .filter(Boolean);
      if (days.some((day) => !DAY.test(day))) ctx.addIssue({ code: "custom", message: SCHEDULE_TEXTS.badDates });
      return [...new Set(days)].sort();
    }),
};

const DAY_MS = 24 * 3600_000;

/** The same wall-clock time `days` later in `timeZone` (09:00 stays 09:00 across a change of the clocks). */
function shiftDays(at: Date, days: number, timeZone: string): Date {
  const local = dateToZonedInput(at, timeZone);
  const moved = new Date(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return zonedInputToDate(`${moved}${local.slice(10)}`, timeZone)!;
}

function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS);
}

export type Repeat = { repeat: "none" | "weeks" | "dates"; everyWeeks: number; until?: string; dates: string[] };

/**
 * The rounds of a series: the first (its opening and closing), then the same times every `everyWeeks`
 * weeks while the opening day is on or before `until`, or on each of `dates`. Stops one past MAX_ROUNDS
 * (the caller refuses that many).
 */
export function planRounds(first: { opensAt: Date; closesAt: Date }, repeat: Repeat, timeZone: string) {
  const firstDay = dateToZonedInput(first.opensAt, timeZone).slice(0, 10);
  const offsets: number[] = [0];
  if (repeat.repeat === "weeks" && repeat.until) {
    const last = daysBetween(firstDay, repeat.until);
    for (let days = repeat.everyWeeks * 7; days <= last && offsets.length <= MAX_ROUNDS; days += repeat.everyWeeks * 7)
      offsets.push(days);
  } else if (repeat.repeat === "dates") {
    for (const day of repeat.dates.slice(0, MAX_ROUNDS + 1)) offsets.push(daysBetween(firstDay, day));
  }
  return offsets.map((days) => ({
    opensAt: shiftDays(first.opensAt, days, timeZone),
    closesAt: shiftDays(first.closesAt, days, timeZone),
  }));
}

/** What is wrong with a series' rounds, by field, or nothing. */
export function checkRounds(rounds: Schedule[], repeat: Repeat): Record<string, string[]> {
  if (repeat.repeat === "weeks" && !repeat.until) return { until: [SCHEDULE_TEXTS.untilNeeded] };
  const field = repeat.repeat === "weeks" ? "until" : "dates";
  if (rounds.length > MAX_ROUNDS) return { [field]: [SCHEDULE_TEXTS.tooManyRounds] };
  for (let i = 1; i < rounds.length; i++) {
    if (rounds[i].opensAt! <= rounds[i - 1].opensAt!) return { [field]: [SCHEDULE_TEXTS.datesAfterFirst] };
    if (rounds[i].opensAt! < rounds[i - 1].closesAt!) return { [field]: [SCHEDULE_TEXTS.overlap] };
  }
  return {};
}

/**
 * The assign form: named or anonymous, an optional schedule, and an optional repeat. Its value is the
 * rounds to create: one (a single assignment, scheduled or not) or a series' rounds.
 */
export function assignFormSchema(timeZone: string, now: Date) {
  return z
    .object({
      anonymous: z.literal("on").optional(),
      ...scheduleFields(timeZone),
      ...repeatFields,
    })
    .superRefine((value, ctx) => {
      const fail = (errors: Record<string, string[]>) => {
        for (const [path, messages] of Object.entries(errors))
          for (const message of messages) ctx.addIssue({ code: "custom", message, path: [path] });
      };
      fail(checkSchedule(value, now));
      if (value.repeat === "none") return;
      if (!value.opensAt || !value.closesAt) return fail({ repeat: [SCHEDULE_TEXTS.repeatNeedsTimes] });
      fail(checkRounds(planRounds({ opensAt: value.opensAt, closesAt: value.closesAt }, value, timeZone), value));
    })
    .transform((value) => ({
      anonymous: value.anonymous === "on",
      rounds:
        value.repeat !== "none" && value.opensAt && value.closesAt
          ? planRounds({ opensAt: value.opensAt, closesAt: value.closesAt }, value, timeZone)
          : [{ opensAt: value.opensAt, closesAt: value.closesAt }],
    }));
}
