import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import {
  withoutFalseFutureFlags,
  withSingleQuotedStreamChunks,
  withSingleQuotedStreamChunksIn,
} from "./router-scripts.server";

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

test("the page data's string reads the same in single quotes, and still cannot end its script", () => {
  const data = `[{"_1":2},"name","O'Brien \\\\ </script><script>alert(1)</script> & \u2028 line\nnext"]`;
  const literal = JSON.stringify(data).replace(
    /[<>&\u2028]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const html = `<p>x</p><script nonce="abc">window.__reactRouterContext.streamController.enqueue(${literal});</script><!--$--><script nonce="abc">window.__reactRouterContext.streamController.close();</script><!--/$--></body>`;
  const short = withSingleQuotedStreamChunks(html);
  expect(short.length).toBeLessThan(html.length);
  const calls: string[] = [];
  const controller = { enqueue: (c: string) => calls.push(c), close: () => calls.push("close") };
  for (const script of short.matchAll(/<script nonce="abc">([\s\S]*?)<\/script>/g)) {
    runInNewContext(script[1], { window: { __reactRouterContext: { streamController: controller } } });
  }
  // The same string, then the close, from one script; the server render's boundary markers stay.
  expect(calls).toEqual([data, "close"]);
  expect(short.match(/<\/script>/g)).toHaveLength(1);
  expect(short).toMatch(/^<p>x<\/p><script nonce="abc">.*<\/script><!--\$--><!--\/\$--><\/body>$/s);
});

test("on the page's bytes, only its end is rewritten: the same page as the text's rewrite, a page without data as it was", () => {
  const literal = JSON.stringify(`[{"_1":2},"Zoë","مرحبا"]`);
  const page = `<html dir="rtl"><p>مرحبا Zoë</p><script nonce="n">window.__reactRouterContext.streamController.enqueue(${literal});</script><!--$--><script nonce="n">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;
  const bytes = Buffer.from(page);
  expect(withSingleQuotedStreamChunksIn(bytes).toString()).toBe(withSingleQuotedStreamChunks(page));
  expect(withSingleQuotedStreamChunksIn(bytes).length).toBeLessThan(bytes.length);
  const plain = Buffer.from('<html><p>Zoë</p><script nonce="n">x()</script></html>');
  expect(withSingleQuotedStreamChunksIn(plain)).toBe(plain);
});
