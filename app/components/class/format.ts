/**
 * Dates in the class area: the reader's language (Intl), one fixed time zone
 * (UTC), so the server and browser render the same text. English stays
 * en-GB's day-month-year, as before languages came (issue #28).
 */
const formats = new Map<string, { dateTime: Intl.DateTimeFormat; dateOnly: Intl.DateTimeFormat }>();

function formatsFor(locale: string) {
  const tag = locale === "en" ? "en-GB" : locale;
  let found = formats.get(tag);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
      dateOnly: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
    };
    formats.set(tag, found);
  }
  return found;
}

export function formatDateTime(value: Date | string | null | undefined, locale = "en"): string {
  if (!value) return "—";
  return `${formatsFor(locale).dateTime.format(new Date(value))} UTC`;
}

export function formatDate(value: Date | string | null | undefined, locale = "en"): string {
  if (!value) return "—";
  return formatsFor(locale).dateOnly.format(new Date(value));
}

export function studentName(student: { firstName: string; lastName: string }): string {
  return `${student.firstName} ${student.lastName}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
