import { expect, test } from "vitest";
import { withoutFalseFutureFlags } from "./router-handoff.server";

test("the handoff keeps the future flags that are on and everything else, escaped for a script", () => {
  const handoff = JSON.stringify({
    basename: "/",
    future: { v8_middleware: true, v8_splitRouteModules: false, unstable_optimizeDeps: false },
    routeDiscovery: { mode: "initial" },
    ssr: true,
    isSpaMode: false,
    criticalCss: "a>b{}</style>",
  }).replace(/[<>]/g, (c) => (c === "<" ? "\\u003c" : "\\u003e"));
  const trimmed = withoutFalseFutureFlags(handoff) as string;
  expect(JSON.parse(trimmed)).toEqual({
    basename: "/",
    future: { v8_middleware: true },
    routeDiscovery: { mode: "initial" },
    ssr: true,
    isSpaMode: false,
    criticalCss: "a>b{}</style>",
  });
  expect(trimmed).not.toMatch(/[<>]/);
  expect(trimmed.length).toBeLessThan(handoff.length - 50);
});

test("a handoff without flags, or none, stays as it is", () => {
  expect(withoutFalseFutureFlags(undefined)).toBeUndefined();
  expect(withoutFalseFutureFlags('{"basename":"/"}')).toBe('{"basename":"/"}');
});
