import { expect, test } from "vitest";
import { autoRefreshSearch, autoRefreshSeconds } from "./auto-refresh";

test("?refresh=N asks for a refresh every N seconds, within 2 to 300", () => {
  expect(autoRefreshSeconds("?refresh=5")).toBe(5);
  expect(autoRefreshSeconds(new URLSearchParams("refresh=2"))).toBe(2);
  expect(autoRefreshSeconds("?refresh=300")).toBe(300);
});

test("anything else is no refresh at all", () => {
  for (const search of [
    "",
    "?refresh=",
    "?refresh=1",
    "?refresh=301",
    "?refresh=5.5",
    "?refresh=-5",
    "?refresh=0x5",
    "?refresh=0005",
  ])
    expect(autoRefreshSeconds(search), search).toBeNull();
});

test("the search string keeps only a valid refresh", () => {
  expect(autoRefreshSearch(5)).toBe("?refresh=5");
  expect(autoRefreshSearch(null)).toBe("");
});
