import { expect, test } from "vitest";
import { HOSTILE_REDIRECTS } from "../../tests/support/hostile-strings";
import { safeRedirectPath } from "./redirect-path";

/** What a browser does with a Location header: the URL it ends up on. */
function browserTarget(location: string): URL {
  return new URL(location, "https://classroom.example/account/password");
}

test("same-site paths are kept, with their query and hash", () => {
  for (const path of [
    "/",
    "/class/1/home",
    "/admin/staff?q=Ada+Lovelace&page=2",
    "/admin/staff?result=3#bulk-result",
    "/home?noClasses=true",
    "/class/-1/home",
  ]) {
    expect(safeRedirectPath(path, "/fallback"), path).toBe(path);
  }
});

test("every hostile target falls back or stays a path on this site", () => {
  for (const hostile of HOSTILE_REDIRECTS) {
    const result = safeRedirectPath(hostile, "/fallback");
    expect(result.startsWith("/") && !result.startsWith("//"), JSON.stringify(hostile)).toBe(true);
    expect(browserTarget(result).host, JSON.stringify(hostile)).toBe("classroom.example");
    // A valid header value: printable ASCII only.
    expect(result, JSON.stringify(hostile)).toMatch(/^[\x21-\x7e]+$/);
    expect(() => new Headers({ Location: result }), JSON.stringify(hostile)).not.toThrow();
  }
});

test("tabs, newlines, backslashes, encoded slashes and dot segments are refused, not repaired", () => {
  for (const hostile of [
    "/\t/evil.example",
    "/%09/evil.example",
    "/\n/evil.example",
    "/home\r\nSet-Cookie: x=1",
    "/\\evil.example",
    "\\/\\/evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%00",
    "/\u0085/evil.example",
  ]) {
    expect(safeRedirectPath(hostile, "/fallback"), JSON.stringify(hostile)).toBe("/fallback");
  }
});

test("look-alike slashes stay inside the path, percent-encoded", () => {
  expect(safeRedirectPath("/\uFF0F\uFF0Fevil.example", "/fallback")).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
  expect(safeRedirectPath("\uFF0F\uFF0Fevil.example", "/fallback")).toBe("/fallback");
});

test("anything but a string is the fallback", () => {
  for (const value of [null, undefined, 1, ["/x"], {}, ""]) expect(safeRedirectPath(value, "/f")).toBe("/f");
});
