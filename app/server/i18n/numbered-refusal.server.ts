import type { getServerT } from "./i18n.server";

/**
 * A refusal whose English text has numbers in it ("At most 1000 students …"), said in the
 * reader's language: the numbers are taken out as values, so the catalogue's key is the text
 * with `{n0}`, `{n1}`, … in their places.
 */
export function sayNumberedRefusal(message: string, t: Awaited<ReturnType<typeof getServerT>>): string {
  const values: number[] = [];
  const key = message.replace(/\d+/g, (digits) => {
    values.push(Number(digits));
    return `{n${values.length - 1}}`;
  });
  return t(key, Object.fromEntries(values.map((value, index) => [`n${index}`, value])));
}
