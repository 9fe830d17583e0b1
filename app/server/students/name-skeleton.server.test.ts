import { expect, test } from "vitest";
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

test("different names stay different", () => {
  expect(same(["Felix", "Costa"], ["Felix", "Costas"])).toBe(false);
  expect(same(["Mia", "Jensen"], ["Mila", "Jensen"])).toBe(false);
});
