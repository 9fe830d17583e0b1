import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import {
  BROWSER_CHECK_SCRIPT,
  ENHANCE_FLAG,
  enhancedBrowserTargets,
  REQUIRED_BROWSER_FEATURES,
} from "./browser-support";

/** A stand-in for a browser's global object with every required feature. */
function modernGlobals() {
  const window: Record<string, unknown> = {};
  return Object.assign(window, {
    window,
    HTMLScriptElement: { prototype: { noModule: false } },
    Array: { prototype: { at() {} } },
    Object: { hasOwn() {} },
    TextEncoderStream: class {},
  });
}

function verdict(globals: Record<string, unknown>) {
  runInNewContext(BROWSER_CHECK_SCRIPT, globals);
  return globals[ENHANCE_FLAG];
}

describe("the inline browser check", () => {
  test("passes where every required feature is there", () => {
    expect(verdict(modernGlobals())).toBe(true);
  });

  test("fails where any one of them is missing", () => {
    type Globals = ReturnType<typeof modernGlobals>;
    const removals: [string, (globals: Globals) => void][] = [
      [
        "ES modules",
        (g) => Reflect.deleteProperty((g.HTMLScriptElement as { prototype: object }).prototype, "noModule"),
      ],
      ["Array.prototype.at", (g) => Reflect.deleteProperty((g.Array as { prototype: object }).prototype, "at")],
      ["Object.hasOwn", (g) => Reflect.deleteProperty(g.Object as object, "hasOwn")],
      ["TextEncoderStream", (g) => Reflect.deleteProperty(g, "TextEncoderStream")],
    ];
    expect(removals.map(([name]) => name).sort()).toEqual(
      REQUIRED_BROWSER_FEATURES.map((feature) => feature.name).sort(),
    );
    for (const [name, remove] of removals) {
      const globals = modernGlobals();
      remove(globals);
      expect(verdict(globals), name).toBe(false);
    }
  });

  test("fails, rather than throws, where a test itself throws", () => {
    const globals = modernGlobals();
    Reflect.deleteProperty(globals, "HTMLScriptElement");
    expect(verdict(globals)).toBe(false);
  });

  test("sets only its flag where it passes, and inert streams where TextEncoderStream is missing", () => {
    const modern = modernGlobals();
    const before = Object.keys(modern);
    verdict(modern);
    expect(Object.keys(modern)).toEqual([...before, ENHANCE_FLAG]);
    const old = modernGlobals();
    Reflect.deleteProperty(old, "TextEncoderStream");
    expect(verdict(old)).toBe(false);
    // What React Router's inline scripts do with them: no error.
    const Stream = old.ReadableStream as new (source: {
      start(c: { enqueue(x: unknown): void }): void;
    }) => {
      pipeThrough(t: unknown): unknown;
    };
    const Encoder = old.TextEncoderStream as new () => unknown;
    expect(() => new Stream({ start: (c) => c.enqueue("data") }).pipeThrough(new Encoder())).not.toThrow();
  });

  test("the JavaScript target is the oldest version of each engine that passes every check", () => {
    expect(enhancedBrowserTargets()).toEqual(["chrome93", "edge93", "firefox105", "safari15.4"]);
  });
});
