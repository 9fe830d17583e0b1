/**
 * The page-level checks every e2e test gets from tests/support/browser.ts
 * (tests/support/page-checks.ts), checked against pages that break them on
 * purpose, served by a small HTTP server of this file: invalid HTML, a console
 * error, an uncaught exception, a CSP violation, a missing script. Each is
 * reported, naming the page, and what a test declares is not.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { expectConsoleError, jsModes, newPage } from "../support/browser";
import { takeUnexpectedProblems } from "../support/page-checks";

const VALID_HEAD = '<meta charset="utf-8"><title>Check</title>';
const CSP = "default-src 'self'; script-src 'self' 'nonce-ok'";

const PAGES: Record<string, { status?: number; body: string }> = {
  "/valid": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body><main><p>Fine</p></main></body></html>`,
  },
  "/summary-div": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body>
<details><summary><div>Menu</div></summary><p>Items</p></details>
</body></html>`,
  },
  "/not-found": {
    status: 404,
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body><h1>Not Found</h1></body></html>`,
  },
  "/console-error": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body>
<script nonce="ok">console.error("Something broke in the page")</script></body></html>`,
  },
  "/uncaught": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body>
<script nonce="ok">setTimeout(() => { throw new TypeError("nobody caught this") })</script></body></html>`,
  },
  "/csp": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}</head><body>
<script>window.injected = true</script></body></html>`,
  },
  "/missing-script": {
    body: `<!doctype html><html lang="en"><head>${VALID_HEAD}<script src="/no-such-script.js" nonce="ok"></script></head><body><p>Hi</p></body></html>`,
  },
};

let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    if (pathname === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    const page = PAGES[pathname];
    if (!page) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
      return;
    }
    response
      .writeHead(page.status ?? 200, { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.each(jsModes)(
  "$name: invalid HTML is reported with the page, the rule and the line",
  async ({ javaScriptEnabled }) => {
    const page = await newPage({ javaScriptEnabled, baseURL });
    await page.goto("/valid");
    await page.goto("/summary-div");
    const problems = await takeUnexpectedProblems(page);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`HTML on GET ${baseURL}/summary-div (200): element-permitted-content at line 2:20:`);
    expect(problems[0]).toContain("<div> element is not permitted as content under <summary>");
  },
);

test.each(jsModes)("$name: a 4xx page is the app's answer, not a problem", async ({ javaScriptEnabled }) => {
  const page = await newPage({ javaScriptEnabled, baseURL });
  const response = await page.goto("/not-found");
  expect(response?.status()).toBe(404);
  expect(await takeUnexpectedProblems(page)).toEqual([]);
});

test("an undeclared console error fails; a declared one does not", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL });
  await page.goto("/console-error");
  expect(await takeUnexpectedProblems(page)).toEqual([
    `console error on ${baseURL}/console-error: Something broke in the page`,
  ]);
  expectConsoleError(page, /^Something broke in the page$/);
  await page.reload();
  expect(await takeUnexpectedProblems(page)).toEqual([]);
});

test("an uncaught exception is reported", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL });
  await page.goto("/uncaught");
  await expect
    .poll(async () => (await takeUnexpectedProblems(page)).join("\n"))
    .toContain(`uncaught exception on ${baseURL}/uncaught: TypeError: nobody caught this`);
});

test("a CSP violation is reported", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL });
  await page.goto("/csp");
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  const problems = await takeUnexpectedProblems(page);
  expect(problems.some((line) => line.startsWith(`CSP violation on ${baseURL}/csp:`))).toBe(true);
});

test("a script that fails to load is reported, naming it", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL });
  await page.goto("/missing-script");
  expect(await takeUnexpectedProblems(page)).toEqual([
    `console error on ${baseURL}/missing-script: Failed to load resource: the server responded with a status of 404 (Not Found) (${baseURL}/no-such-script.js)`,
  ]);
});
