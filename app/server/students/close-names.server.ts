/**
 * A typed name close to a name on the class list (issue 36): "Zara Newkyd"
 * when "Zara Newkid" is listed. Names are compared by the look-alike keys of
 * name-skeleton.server.ts (case, marks and confusable letters folded, spaces
 * ignored), then by edit distance (fastest-levenshtein): one edit for names
 * of 6 to 11 letters, two from 12 letters on, none below 6 (short names are
 * too often one letter apart). Names that look the same are not "close":
 * they are the same name (join.server.ts's sameLookingStudent). Names whose
 * digits differ are never close: a number is typed on purpose ("Mia Jensen 2"
 * beside "Mia Jensen 1").
 */
import { distance } from "fastest-levenshtein";
import { nameSkeletonKeys } from "./name-skeleton.server";

export interface ListedName {
  id: number;
  firstName: string;
  lastName: string;
}

/** Edits two names may be apart and still be close, by the shorter one's length. */
export function editsAllowed(length: number): number {
  if (length >= 12) return 2;
  if (length >= 6) return 1;
  return 0;
}

/** The digits of a name as typed (the look-alike keys turn a 1 into an l). */
const digits = (name: { firstName: string; lastName: string }) =>
  `${name.firstName}${name.lastName}`.replace(/\D+/g, "");

/** The listed name closest to the typed one within the edits allowed (fewest edits, then list order), or null. */
export function closestListedName<T extends ListedName>(
  listed: readonly T[],
  firstName: string,
  lastName: string,
): T | null {
  const typed = nameSkeletonKeys(firstName, lastName);
  let best: { student: T; edits: number } | null = null;
  const typedDigits = digits({ firstName, lastName });
  for (const student of listed) {
    if (digits(student) !== typedDigits) continue;
    for (const mine of nameSkeletonKeys(student.firstName, student.lastName)) {
      for (const key of typed) {
        const allowed = editsAllowed(Math.min(key.length, mine.length));
        if (allowed === 0 || Math.abs(key.length - mine.length) > allowed) continue;
        const edits = distance(key, mine);
        if (edits <= allowed && (best === null || edits < best.edits)) best = { student, edits };
      }
    }
  }
  return best?.student ?? null;
}
