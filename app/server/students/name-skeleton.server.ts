/**
 * Names compared by how they look (ADR 181): the confusable skeleton of
 * Unicode TS #39 (skeleton(X) = NFD(confusable mapping of NFD(X))), with the
 * mapping from Unicode's confusables.txt as the `unhomoglyph` package ships
 * it. A Cyrillic "Fеlix", "FELIX" and "felix" are all the rostered "Felix";
 * so is a capital I typed as a small L.
 *
 * A name has three keys, and two names are the same when they share one:
 * - its skeleton after lower-casing (case does not matter: "ida" is "Ida"),
 * - its skeleton before lower-casing, lower-cased and skeletoned again (so
 *   "lda" with a small L, which looks like "Ida", is "Ida" too),
 * - the skeleton of its capitals lower-cased (a dotless "ı" is an "I" in
 *   capitals, so "i"; a German "ß" is "ss"),
 * - its letters of other scripts skeletoned one by one and its Latin letters
 *   as typed, lower-cased and skeletoned (a Cyrillic capital "ЕК" beside a
 *   Latin "I" typed for an "i": "alIce ЕК" is "Alice Ek").
 * Before any skeleton, marks are folded (issue 35.4): every combining mark is
 * dropped after NFD, so "Fẹlix" with a dot below, "Felı̇x" with a dotless i and
 * a dot above, and "José" are "Felix" and "Jose"; and the Cyrillic letters with
 * a descender, tail, hook or stroke that confusables.txt leaves out (ҳ, қ, ң…)
 * become their plain letter, which the skeleton then maps (ҳ → х → x).
 * Spaces are ignored, as they always were, and first and last name are
 * compared together ("Anna Maria" + "Lee" is "Anna" + "Maria Lee"). What a
 * name may contain at all is the allow-list of ~/lib/student-name.
 */
import unhomoglyph from "unhomoglyph";
import { normalizeStudentName } from "~/lib/student-name";

/**
 * Cyrillic letters that look like a plain letter with a small addition (a
 * descender, tail, hook or stroke), each with its plain letter: confusables.txt
 * does not map them.
 */
const CYRILLIC_PLAIN = new Map(
  "ҒГ ғг ҔГ ҕг ӶГ ӷг ҖЖ җж ҘЗ ҙз ҚК қк ҜК ҝк ҞК ҟк ҠК ҡк ӃК ӄк ҢН ңн ӇН ӈн ӉН ӊн ҤН ҥн ҪС ҫс ҬТ ҭт ҰҮ ұү ҲХ ҳх ӼХ ӽх ӾХ ӿх ҶЧ ҷч ҸЧ ҹч ӋЧ ӌч ӅЛ ӆл ӍМ ӎм ԒЛ ԓл ԦХ ԧх ԨН ԩн ԮЛ ԯл"
    .split(" ")
    .map((pair) => [pair[0], pair[1]] as const),
);
const CYRILLIC_ADDED = new RegExp(`[${[...CYRILLIC_PLAIN.keys()].join("")}]`, "gu");

const LATIN = /\p{Script=Latin}/u;

/** Marks folded, then TR39's skeleton: NFD(confusables(NFD(X))), marks folded again. */
function skeleton(text: string): string {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(CYRILLIC_ADDED, (c) => CYRILLIC_PLAIN.get(c) ?? c);
  return unhomoglyph(folded).normalize("NFD").replace(/\p{M}/gu, "");
}

/** The keys a name is known by; see the module comment. */
export function nameSkeletonKeys(firstName: string, lastName: string): string[] {
  const name = normalizeStudentName(`${firstName}${lastName}`).replace(/\s+/g, "");
  const byCase = skeleton(name.toLowerCase());
  const byShape = skeleton(skeleton(name).toLowerCase());
  const byCapitals = skeleton(name.toUpperCase().toLowerCase());
  // Letters of other scripts by their look first, Latin letters as typed: a Cyrillic capital "ЕК"
  // is "EK", so "ek", beside a Latin capital I that is an i ("alIce" + "ЕК" is "Alice Ek").
  const byForeignShape = skeleton(
    [...name]
      .map((c) => (LATIN.test(c) ? c : skeleton(c)))
      .join("")
      .toLowerCase(),
  );
  return [...new Set([byCase, byShape, byCapitals, byForeignShape])];
}

/** True when the two names look the same (share a skeleton key). */
export function sameLookingNames(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => b.includes(key));
}
