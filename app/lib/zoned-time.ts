/**
 * Times in a school's time zone (issue #38): a `<input type="datetime-local">` value ("2026-03-02T09:00")
 * read as the wall clock of an IANA zone, and instants shown in the reader's language in that zone.
 * Only Intl: the browser and the server agree, and no time zone data ships in the bundle.
 */

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `at`, as UTC milliseconds of the same fields. */
function wallClockMs(at: number, timeZone: string): number {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute, +part.second);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a datetime-local value names in `timeZone`, or null when it is not one. A time the clocks
 * skip (spring forward) moves forward by the gap; one they repeat takes the first.
 */
export function zonedInputToDate(value: string, timeZone: string): Date | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  let at = wanted - (wallClockMs(wanted, timeZone) - wanted);
  // Once more at the guess: the offset may differ across a change of the clocks.
  at = wanted - (wallClockMs(at, timeZone) - at);
  return new Date(at);
}

/** An instant as a datetime-local value in `timeZone` ("2026-03-02T09:00"), for a field's default. */
export function dateToZonedInput(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "";
  return new Date(wallClockMs(new Date(value).getTime(), timeZone)).toISOString().slice(0, 16);
}

function tagOf(locale: string): string {
  return locale === "en" ? "en-GB" : locale;
}

/** "Monday 2 March, 09:00" style parts in the reader's language and the school's zone. */
export function zonedParts(value: Date | string, locale: string, timeZone: string): { day: string; time: string } {
  const at = new Date(value);
  const tag = tagOf(locale);
  return {
    day: new Intl.DateTimeFormat(tag, { weekday: "long", day: "numeric", month: "long", timeZone }).format(at),
    time: new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit", timeZone }).format(at),
  };
}

/** The weekday only ("Monday") when it is within the coming week, else the day and month. */
export function zonedDay(value: Date | string, now: Date, locale: string, timeZone: string): string {
  const at = new Date(value);
  const withinWeek = at.getTime() - now.getTime() < 6 * 24 * 3600_000;
  return new Intl.DateTimeFormat(
    tagOf(locale),
    withinWeek ? { weekday: "long", timeZone } : { weekday: "long", day: "numeric", month: "long", timeZone },
  ).format(at);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "in 2 days", "in 3 hours", "in 5 minutes" in the reader's language (Intl.RelativeTimeFormat). */
export function relativeFromNow(value: Date | string, now: Date, locale: string): string {
  const diff = new Date(value).getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(tagOf(locale), { numeric: "always" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === "minute") return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, "minute");
}

/** "Mon, 2 Mar 2026, 09:00" in the reader's language, in the school's time zone. */
export function formatZoned(value: Date | string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(tagOf(locale), {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(value));
}

/** What a student reads beside a survey: when it opens (not open yet), or when it closes (open, closing). */
export type ScheduleNote = { kind: "opens"; day: string; time: string } | { kind: "closes"; relative: string } | null;

export function scheduleNote(
  row: { status: string; opensAt: Date | null; closesAt: Date | null },
  now: Date,
  locale: string,
  timeZone: string,
): ScheduleNote {
  if (row.status === "assigned" && row.opensAt) {
    const { time } = zonedParts(row.opensAt, locale, timeZone);
    return { kind: "opens", day: zonedDay(row.opensAt, now, locale, timeZone), time };
  }
  if (row.status === "active" && row.closesAt)
    return { kind: "closes", relative: relativeFromNow(row.closesAt, now, locale) };
  return null;
}
