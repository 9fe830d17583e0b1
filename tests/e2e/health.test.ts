/** The running production build: health endpoints, a page with JS on and off, 404s and security headers. */
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newPage } from "../support/browser";
import { sharedDemoServer } from "../support/server";

let app: { baseURL: string };

beforeAll(() => {
  app = sharedDemoServer();
});

test("GET /healthz answers JSON that the process is alive", async () => {
  const response = await fetch(`${app.baseURL}/healthz`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("GET /readyz answers JSON that the embedded database answers", async () => {
  const response = await fetch(`${app.baseURL}/readyz`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
});

test("an HTML page carries the security headers and a CSP whose nonce is on every script", async () => {
  const response = await fetch(`${app.baseURL}/`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-request-id")).toBeTruthy();

  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");

  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

  // A fresh nonce for every response.
  const again = await fetch(`${app.baseURL}/`);
  expect(again.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
});

test("a cross-site POST with a cookie is refused", async () => {
  const crossSite = {
    method: "POST",
    headers: { Origin: "https://evil.example", Cookie: "a=b", "Content-Type": "application/x-www-form-urlencoded" },
    body: "x=1",
  };
  // Our root middleware answers resource routes that take a POST...
  const resource = await fetch(`${app.baseURL}/student/heartbeat`, crossSite);
  expect(resource.status).toBe(403);
  expect(await resource.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
  // ...one that takes none refuses the method before anything runs (ADR 108)...
  const readOnly = await fetch(`${app.baseURL}/healthz`, crossSite);
  expect(readOnly.status).toBe(405);
  expect(readOnly.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  // ...and React Router's own origin check refuses a document action before it runs.
  const document = await fetch(`${app.baseURL}/?index`, crossSite);
  expect(document.status).toBe(400);
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the start page (or where it sends a visitor) renders without errors", async () => {
    // A console error, uncaught exception, CSP violation or invalid HTML fails it (tests/support/page-checks.ts).
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    // An anonymous visitor may be redirected (to /login); whichever page it is renders a heading.
    await expect
      .poll(async () => (await page.getByRole("heading", { level: 1 }).first().textContent())?.trim())
      .toBeTruthy();
    if (javaScriptEnabled) {
      // The sign-in page is a plain page (ADR 170): its plain script ran (the nonce let it through the CSP)
      // and showed the password's toggle, which is hidden without JavaScript.
      await page.getByRole("button", { name: "Show Password" }).waitFor();
    } else {
      expect(await page.getByRole("button", { name: "Show Password" }).isVisible()).toBe(false);
    }
    await page.waitForLoadState("load");
  });

  test("an unknown path shows Not Found with status 404", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "Not Found" }).count()).toBe(1);
    expect(await page.title()).toContain("Not Found");
  });
});
