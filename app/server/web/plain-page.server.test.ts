import { expect, test } from "vitest";
import { plainPageHtml } from "./plain-page.server";

const linkOf = (href: string) =>
  plainPageHtml({ title: "T", message: "M", link: { href, text: "Back" } }).match(/<a href="([^"]*)">Back<\/a>/)?.[1];

test("the page's link stays on the site, whatever path it was built from", () => {
  expect(linkOf("/login")).toBe("/login");
  expect(linkOf("/class/12/home")).toBe("/class/12/home");
  for (const href of [
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ]) {
    expect(linkOf(href), href).toBe("/");
  }
});
