import { expect, test } from "vitest";
import { isWellFormedHost, originFormOf } from "./request-target.server";

test("a host a URL can be built from is well formed: a name, an IPv4 or bracketed IPv6 address, a port", () => {
  for (const host of [
    "classroom.example.org",
    "localhost:3000",
    "127.0.0.1:8080",
    "[::1]:3000",
    "[2001:db8::1]",
    "a-b.c_d.example.",
  ]) {
    expect(isWellFormedHost(host), host).toBe(true);
  }
});

test("a missing, empty or malformed Host is not", () => {
  for (const host of [
    undefined,
    "",
    " ",
    "a b",
    "a b@c",
    "[::1",
    "x:99999999",
    "x:",
    "evil.example/path",
    "a..b",
    "%41",
    "user@host",
    "host:80:80",
    "-a.example",
    `${"a".repeat(300)}.example`,
  ]) {
    expect(isWellFormedHost(host), String(host)).toBe(false);
  }
});

test("an absolute-form target is read as its path and query; anything else is not one", () => {
  expect(originFormOf("http://evil.example/healthz")).toBe("/healthz");
  expect(originFormOf("HTTPS://evil.example:8443/api/x?y=1#z")).toBe("/api/x?y=1");
  expect(originFormOf("http://evil.example")).toBe("/");
  expect(originFormOf("ftp://evil.example/healthz")).toBeNull();
  expect(originFormOf("*")).toBeNull();
  expect(originFormOf("http://[bad/x")).toBeNull();
});
