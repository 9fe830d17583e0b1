import { expect, test } from "vitest";
import { isoDateParam, isRealDay } from "./dates";

test("a real day passes; a day the calendar lacks, or another shape, is refused with the parameter's name", () => {
  expect(isRealDay("2028-02-29")).toBe(true);
  expect(isRealDay("2026-02-30")).toBe(false);
  const from = isoDateParam("from");
  expect(from.safeParse("2026-01-31").success).toBe(true);
  expect(from.safeParse("2026-02-30").error?.issues[0].message).toBe("from is not a real date");
  expect(from.safeParse("31/01/2026").error?.issues[0].message).toBe("from must be a date like 2026-01-31");
});
