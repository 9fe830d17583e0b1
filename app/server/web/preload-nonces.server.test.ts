import { expect, test } from "vitest";
import { withoutPreloadNonces } from "./preload-nonces.server";

const nonce = "zMoe+IOyn/G5q86YX6QPMCYw==";

test("drops the nonce of module preloads and keeps every script's", () => {
  const html = `<head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head><body><script nonce="${nonce}">x()</script><link rel="modulepreload" href="/assets/b.js" nonce="${nonce}"/><script nonce="${nonce}" type="module" async="">import "/assets/b.js";</script></body>`;
  expect(withoutPreloadNonces(Buffer.from(html), nonce).toString()).toBe(
    `<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head><body><script nonce="${nonce}">x()</script><link rel="modulepreload" href="/assets/b.js"/><script nonce="${nonce}" type="module" async="">import "/assets/b.js";</script></body>`,
  );
});

test("a nonce that is not the page's stays (nothing else is touched)", () => {
  const html = `<link rel="modulepreload" href="/assets/a.js" nonce="other"/>`;
  expect(withoutPreloadNonces(Buffer.from(html), nonce).toString()).toBe(html);
});

test("a page without module preloads, or one past the last preload's tag, is sent as it was", () => {
  const page = Buffer.from(`<head><script nonce="${nonce}">x()</script></head><body>é</body>`);
  expect(withoutPreloadNonces(page, nonce)).toBe(page);
  const html = `<p>ü</p><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><p>ä ${nonce}</p>`;
  expect(withoutPreloadNonces(Buffer.from(html), nonce).toString()).toBe(
    `<p>ü</p><link rel="modulepreload" href="/assets/a.js"/><p>ä ${nonce}</p>`,
  );
});
