import { expect, test } from "vitest";
import { isPlainPage } from "./plain-page";

test("the page's own route decides whether it is served without the client bundle", () => {
  expect(isPlainPage([{ handle: undefined }, { handle: { plainPage: true } }])).toBe(true);
  expect(isPlainPage([{ handle: { plainPage: true } }, { handle: undefined }])).toBe(false);
  expect(isPlainPage([{}, { handle: { plainPage: false } }])).toBe(false);
  expect(isPlainPage([])).toBe(false);
});

test("a route may decide from its loader data", () => {
  const handle = { plainPage: (data: unknown) => (data as { light?: boolean } | undefined)?.light === true };
  expect(isPlainPage([{ handle, data: { light: true } }])).toBe(true);
  expect(isPlainPage([{ handle, data: { light: false } }])).toBe(false);
  expect(isPlainPage([{ handle, data: undefined }])).toBe(false);
});
