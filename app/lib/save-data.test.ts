import { expect, test } from "vitest";
import { asksToSaveData } from "./save-data";

test("Save-Data: on asks to save data, in any case and with spaces around it", () => {
  expect(asksToSaveData(new Headers({ "Save-Data": "on" }))).toBe(true);
  expect(asksToSaveData(new Headers({ "save-data": " ON " }))).toBe(true);
});

test("no Save-Data header, or any other value, does not", () => {
  expect(asksToSaveData(new Headers())).toBe(false);
  expect(asksToSaveData(new Headers({ "Save-Data": "off" }))).toBe(false);
  expect(asksToSaveData(new Headers({ "Save-Data": "" }))).toBe(false);
  expect(asksToSaveData(new Headers({ "Save-Data": "on, off" }))).toBe(false);
});
