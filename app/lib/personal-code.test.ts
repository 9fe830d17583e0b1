import { randomInt } from "node:crypto";
import { expect, test } from "vitest";
import { generatePersonalCode, isPersonalCode, normalizePersonalCode } from "./personal-code";

test("a typed personal code is read whatever its case, spaces or hyphen", () => {
  for (const typed of ["kmr 394", " KMR394 ", "kmr-394", "Kmr – 394"]) {
    expect(normalizePersonalCode(typed)).toBe("KMR-394");
  }
});

test("generated codes have the printed shape and use no look-alike characters", () => {
  for (let i = 0; i < 500; i++) {
    const code = generatePersonalCode(randomInt);
    expect(isPersonalCode(code)).toBe(true);
    expect(code).not.toMatch(/[ILOQBSGZUV0125 8]/);
    expect(normalizePersonalCode(code.toLowerCase())).toBe(code);
  }
});

test("text of another shape is not a personal code", () => {
  expect(isPersonalCode(normalizePersonalCode("SUNNY-4821"))).toBe(false);
  expect(isPersonalCode("KMR-390")).toBe(false);
});
