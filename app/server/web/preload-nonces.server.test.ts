import { expect, test } from "vitest";
import { withoutPreloadNonces } from "./preload-nonces.server";

const nonce = "zMoe+IOyn/G5q86YX6QPMCYw==";

test("drops the nonce of module preloads and keeps every script's", () => {
  const html = `<head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head><body><script nonce="${nonce}">x()</script><link rel="modulepreload" href="/assets/b.js" nonce="${nonce}"/><script nonce="${nonce}" type="module" async="">import "/assets/b.js";</script></body>`;
  expect(withoutPreloadNonces(html, nonce)).toBe(
    `<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head><body><script nonce="${nonce}">x()</script><link rel="modulepreload" href="/assets/b.js"/><script nonce="${nonce}" type="module" async="">import "/assets/b.js";</script></body>`,
  );
});

test("a nonce that is not the page's stays (nothing else is touched)", () => {
  const html = `<link rel="modulepreload" href="/assets/a.js" nonce="other"/>`;
  expect(withoutPreloadNonces(html, nonce)).toBe(html);
});
