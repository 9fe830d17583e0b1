import { expect, test } from "vitest";
import { normalizeClassCode } from "./join.server";

test("any mix of case, spaces, hyphens and dots reaches the same three-group code", () => {
  for (const typed of [
    "UDRJ-6436-BQTK",
    "udrj 6436 bqtk",
    "udrj 6436-bqtk",
    "udrj-6436 bqtk",
    "Udrj.6436.Bqtk",
    " udrj . 6436 - bqtk ",
    "udrj6436bqtk",
    "UDRJ\u00a06436\u2013BQTK",
    "ＵＤＲＪ－６４３６－ＢＱＴＫ",
  ]) {
    expect(normalizeClassCode(typed), typed).toBe("UDRJ-6436-BQTK");
  }
});

test("the older two-group codes, as the projector showed them, keep their form", () => {
  for (const typed of ["SUNNY-4821", "sunny 4821", "sunny.4821", "Sunny - 4821", "SUNNY4821"]) {
    expect(normalizeClassCode(typed), typed).toBe("SUNNY-4821");
  }
  expect(normalizeClassCode("ktrw 4827")).toBe("KTRW-4827");
});
