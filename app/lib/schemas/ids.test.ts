import { expect, test } from "vitest";
import { z } from "zod";
import { MAX_RECORD_ID, parseRecordId, recordIdSchema } from "./ids";

const ODD_FORMS_OF_ONE = ["0x1", "1e0", "01", "1.0", " 1", "1 ", "+1", "1_0", "0b1", "0o1", "１", "1\n"];

test("an id written plainly is read as that id", () => {
  expect(parseRecordId("1")).toBe(1);
  expect(parseRecordId("42")).toBe(42);
  expect(parseRecordId(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
});

test("odd forms of an id name no record", () => {
  for (const value of ODD_FORMS_OF_ONE) expect(parseRecordId(value), JSON.stringify(value)).toBeNull();
  for (const value of ["", "0", "-1", "-0", String(MAX_RECORD_ID + 1), "99999999999", "abc", null, undefined]) {
    expect(parseRecordId(value), JSON.stringify(value)).toBeNull();
  }
});

test("a form or query field refuses odd forms of an id and says which field", () => {
  const schema = z.object({ classId: recordIdSchema("classId") });
  expect(schema.parse({ classId: "7" })).toEqual({ classId: 7 });
  expect(schema.parse({ classId: 7 })).toEqual({ classId: 7 });
  for (const value of [...ODD_FORMS_OF_ONE, "0", "", 0, 1.5, -1, MAX_RECORD_ID + 1, true, null]) {
    const result = schema.safeParse({ classId: value });
    expect(result.success, JSON.stringify(value)).toBe(false);
    expect(result.error?.issues[0].message).toBe("classId must be a record id");
  }
  expect(
    z.object({ schoolId: recordIdSchema("schoolId", "Choose a school") }).safeParse({}).error?.issues[0].message,
  ).toBe("Choose a school");
  expect(z.object({ actorId: recordIdSchema("actorId").optional() }).parse({})).toEqual({});
});
