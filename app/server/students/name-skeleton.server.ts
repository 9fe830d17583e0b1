/**
 * Names compared by how they look (ADR 181): the confusable skeleton of
 * Unicode TS #39 (skeleton(X) = NFD(confusable mapping of NFD(X))), with the
 * mapping from Unicode's confusables.txt as the `unhomoglyph` package ships
 * it. A Cyrillic "Fеlix", "FELIX" and "felix" are all the rostered "Felix";
 * so is a capital I typed as a small L.
 *
 * A name has two keys, and two names are the same when they share one:
 * - its skeleton after lower-casing (case does not matter: "ida" is "Ida"),
 * - its skeleton before lower-casing, lower-cased and skeletoned again (so
 *   "lda" with a small L, which looks like "Ida", is "Ida" too).
 * Spaces are ignored, as they always were, and first and last name are
 * compared together ("Anna Maria" + "Lee" is "Anna" + "Maria Lee").
 */
import unhomoglyph from "unhomoglyph";
import { normalizeStudentName } from "~/lib/student-name";

function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/** The keys a name is known by; see the module comment. */
export function nameSkeletonKeys(firstName: string, lastName: string): string[] {
  const name = normalizeStudentName(`${firstName}${lastName}`).replace(/\s+/g, "");
  const byCase = skeleton(name.toLowerCase());
  const byShape = skeleton(skeleton(name).toLowerCase());
  return byCase === byShape ? [byCase] : [byCase, byShape];
}

/** True when the two names look the same (share a skeleton key). */
export function sameLookingNames(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => b.includes(key));
}
