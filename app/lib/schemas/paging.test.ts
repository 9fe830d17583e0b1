import { expect, test } from "vitest";
import { pageNumberSchema } from "./paging";

test("a page number is a whole number from 1 to its maximum, given as text in a query string", () => {
  const page = pageNumberSchema(100);
  expect(page.parse("1")).toBe(1);
  expect(page.parse("100")).toBe(100);
  for (const [value, message] of [
    ["0", "page must be at least 1"],
    ["101", "page must be at most 100"],
    ["1.5", "page must be a whole number"],
    ["two", "page must be a number"],
  ]) {
    const result = page.safeParse(value);
    expect(result.success, value).toBe(false);
    expect(result.error?.issues[0].message, value).toBe(message);
  }
});

test("the messages name the parameter", () => {
  expect(pageNumberSchema(50, "pageSize").safeParse("51").error?.issues[0].message).toBe("pageSize must be at most 50");
});
