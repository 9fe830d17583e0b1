import { expect, test } from "vitest";
import { PASSWORD_PAGE, passwordPageHref, passwordReturnTarget } from "./account-links";

test("the password page's link returns to the page it was made on", () => {
  expect(passwordPageHref("/admin/staff?page=2")).toBe(`${PASSWORD_PAGE}?redirectTo=%2Fadmin%2Fstaff%3Fpage%3D2`);
  expect(passwordPageHref("/")).toBe(`${PASSWORD_PAGE}?redirectTo=%2F`);
});

test("a link made on the password page keeps that page's own target, never nesting it", () => {
  const onPage = passwordPageHref("/class/3/home");
  expect(passwordPageHref(onPage)).toBe(onPage);
  expect(passwordPageHref(PASSWORD_PAGE)).toBe(`${PASSWORD_PAGE}?redirectTo=%2F`);
});

test("an already nested target is unwrapped to the first page that is not the password page", () => {
  const nested = `${PASSWORD_PAGE}?${new URLSearchParams({
    redirectTo: `${PASSWORD_PAGE}?${new URLSearchParams({ redirectTo: "/home" })}`,
  })}`;
  expect(passwordReturnTarget(nested)).toBe("/home");
  expect(passwordReturnTarget(`${PASSWORD_PAGE}?redirectTo=${encodeURIComponent(PASSWORD_PAGE)}`)).toBeNull();
  expect(passwordReturnTarget(null)).toBeNull();
});

test("targets elsewhere pass through untouched, for the same-site check to judge", () => {
  expect(passwordReturnTarget("//evil.example/account/password")).toBe("//evil.example/account/password");
  expect(passwordReturnTarget("https://evil.example/")).toBe("https://evil.example/");
});
