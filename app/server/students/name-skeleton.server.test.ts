import fc from "fast-check";
import { expect, test } from "vitest";
import { normalizeStudentName, studentNameProblem } from "~/lib/student-name";
import { nameSkeletonKeys, sameLookingNames } from "./name-skeleton.server";

const same = (a: [string, string], b: [string, string]) =>
  sameLookingNames(nameSkeletonKeys(...a), nameSkeletonKeys(...b));

test("look-alike letters from other scripts are the same name", () => {
  // Cyrillic е (U+0435) and С (U+0421), Greek ο (U+03BF).
  expect(same(["F\u0435lix", "\u0421osta"], ["Felix", "Costa"])).toBe(true);
  expect(same(["Felix", "C\u03bfsta"], ["Felix", "Costa"])).toBe(true);
});

test("invisible characters, full-width letters, case and spaces do not make a new name", () => {
  expect(same(["Fe\u200blix", "Cos\u00adta"], ["Felix", "Costa"])).toBe(true);
  expect(same(["\uff26elix", "COSTA"], ["felix", "costa"])).toBe(true);
  expect(same(["Anna Maria", "Lee"], ["Anna", "MariaLee"])).toBe(true);
});

test("a small L that looks like a capital I is the same name, and so is a lower-case i", () => {
  expect(same(["lda", "Berg"], ["Ida", "Berg"])).toBe(true);
  expect(same(["ida", "berg"], ["Ida", "Berg"])).toBe(true);
});

test("Latin case tricks beside capital look-alikes from another script are the same name", () => {
  // Found by the property below: a capital I typed for the i, and a Cyrillic capital ЕК for Ek.
  expect(same(["alIce", "\u0415\u041a"], ["Alice", "Ek"])).toBe(true);
  expect(same(["fElIx", "\u0421\u041e\u0405\u0422\u0410"], ["Felix", "Costa"])).toBe(true);
});

test("different names stay different", () => {
  expect(same(["Felix", "Costa"], ["Felix", "Costas"])).toBe(false);
  expect(same(["Mia", "Jensen"], ["Mila", "Jensen"])).toBe(false);
});

/** What the outside testers typed next to a claimed "Felix Costa" (issue 35.4). */
const FELIX_LOOK_ALIKES: [string, string][] = [
  ["Felix\u2800", "Costa"], // a trailing Braille blank
  ["Fel\u0131\u0307x", "Costa"], // dotless ı and a combining dot above
  ["Felix\u{16fe4}", "Costa"], // Khitan small script filler
  ["Feli\u04b3", "Costa"], // Cyrillic ҳ
  ["Fe\u0323li\u0324x", "Co\u0331sta"], // combining marks below
  ["Fe\uffe8ix", "Costa"], // half-width light vertical for the l
  ["F\u13acix", "Costa"], // Cherokee Ꭼ for the capital E... in a Latin word
  ["Felix", "\u13a4osta"], // and another Cherokee letter
];

test("the testers' look-alikes are refused by the allow-list or fold to Felix Costa", () => {
  for (const [firstName, lastName] of FELIX_LOOK_ALIKES) {
    const first = normalizeStudentName(firstName);
    const last = normalizeStudentName(lastName);
    const refused = studentNameProblem(first) !== null || studentNameProblem(last) !== null;
    expect(refused || same([first, last], ["Felix", "Costa"]), `${firstName} ${lastName}`).toBe(true);
  }
});

test("marks are folded before the skeleton, and whole-script look-alikes fold with them", () => {
  expect(same(["Fel\u0131\u0307x", "Costa"], ["Felix", "Costa"])).toBe(true);
  expect(same(["Fe\u0323lix", "Co\u0331sta"], ["Felix", "Costa"])).toBe(true);
  // A wholly Cyrillic "Мах" with ҳ (descender) looks like "Max".
  expect(same(["\u041c\u0430\u04b3", "Lee"], ["Max", "Lee"])).toBe(true);
  expect(same(["Strau\u00df", "Anna"], ["Strauss", "Anna"])).toBe(true);
  // Capitals do not make look-alikes of different names.
  expect(same(["Lia", "Berg"], ["Ila", "Berg"])).toBe(false);
  expect(same(["Ali", "Berg"], ["All", "Berg"])).toBe(false);
});

/** Look-alikes of Latin letters from other scripts (Cyrillic, Greek, Cherokee, Lisu, Armenian). */
const LOOK_ALIKE_LETTERS: Record<string, string[]> = {
  a: ["\u0430", "\u0251"],
  e: ["\u0435", "\u04bd"],
  o: ["\u043e", "\u03bf", "\u0585"],
  i: ["\u0456", "\u0131", "\u13a5"],
  x: ["\u0445", "\u04b3", "\u04fd"],
  c: ["\u0441", "\u04ab"],
  s: ["\u0455"],
  l: ["\u04cf", "\u2502", "\uffe8"],
  F: ["\u03dc", "\ua4dd"],
  C: ["\u0421", "\u13df", "\ua4da"],
  E: ["\u0415", "\u13ac", "\ua4f0"],
  M: ["\u041c", "\u039c", "\u13b7"],
  K: ["\u041a", "\u049a", "\u13e6"],
};
const INVISIBLE_OR_BLANK = [
  "\u200b",
  "\u00ad",
  "\u2060",
  "\u2800",
  "\u3164",
  "\u115f",
  "\u{16fe4}",
  "\u034f",
  "\u180e",
];
const MARK = fc.integer({ min: 0, max: 0x6f }).map((n) => String.fromCodePoint(0x300 + n));

/** A name changed the ways the testers did: letters swapped for look-alikes, marks and blanks added, case. */
const variant = (name: string) =>
  fc
    .array(
      fc.oneof(
        fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), pick: fc.nat() }),
        fc.record({ kind: fc.constant("mark" as const), at: fc.nat(), mark: MARK }),
        fc.record({ kind: fc.constant("blank" as const), at: fc.nat(), pick: fc.nat() }),
        fc.record({ kind: fc.constant("case" as const), at: fc.nat(), pick: fc.nat() }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      let chars = [...name];
      // Case first: a look-alike swapped in and then re-cased is another look ("AIIce" is not "Alice").
      edits.sort((a, b) => Number(b.kind === "case") - Number(a.kind === "case"));
      for (const edit of edits) {
        const at = edit.at % (chars.length + 1);
        if (edit.kind === "swap") {
          const index = at % chars.length;
          const options = LOOK_ALIKE_LETTERS[chars[index]];
          if (options) chars[index] = options[edit.pick % options.length];
        } else if (edit.kind === "mark") {
          chars = [...chars.slice(0, at), edit.mark, ...chars.slice(at)];
        } else if (edit.kind === "blank") {
          chars = [
            ...chars.slice(0, at),
            INVISIBLE_OR_BLANK[edit.pick % INVISIBLE_OR_BLANK.length],
            ...chars.slice(at),
          ];
        } else {
          const index = at % chars.length;
          chars[index] = edit.pick % 2 ? chars[index].toUpperCase() : chars[index].toLowerCase();
        }
      }
      return chars.join("");
    });

test("generated variants of a rostered name are refused or are that name", () => {
  for (const [first, last] of [
    ["Felix", "Costa"],
    ["Max", "Mack"],
    ["Alice", "Ek"],
  ]) {
    fc.assert(
      fc.property(variant(first), variant(last), (typedFirst, typedLast) => {
        const f = normalizeStudentName(typedFirst);
        const l = normalizeStudentName(typedLast);
        const refused = studentNameProblem(f) !== null || studentNameProblem(l) !== null || !f || !l;
        return refused || same([f, l], [first, last]);
      }),
      { numRuns: 2000 },
    );
  }
});
