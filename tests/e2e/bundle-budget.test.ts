/**
 * The byte budget (docs/performance.md): each page's first-load JS and CSS,
 * gzip, computed from the production build's own route manifest
 * (tests/support/bundle-budget.ts). Deterministic: the figures depend on the
 * build alone, never on timing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loginAs, newContext } from "../support/browser";
import {
  formatFirstLoadTable,
  measureFirstLoad,
  overBudget,
  PAGE_BUDGETS,
  pagesWithoutBudget,
} from "../support/bundle-budget";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app?.stop();
});

test("every page of the app has a row in the budget table", () => {
  expect(pagesWithoutBudget()).toEqual([]);
});

test("every page's first-load JS and CSS are within budget", () => {
  const loads = measureFirstLoad();
  expect(loads).toHaveLength(PAGE_BUDGETS.length);
  expect(overBudget(loads), `\n${formatFirstLoadTable(loads)}\n`).toEqual([]);
});

test("the budget counts exactly the scripts and stylesheets a page's HTML names", async () => {
  const context = await newContext({ javaScriptEnabled: false });
  const pages = [
    { path: "/login", account: null },
    { path: "/class/1/home", account: "teacher" as const },
    { path: "/admin/staff", account: "platformAdmin" as const },
  ];
  for (const { path, account } of pages) {
    if (account) await loginAs(context, app.baseURL, account);
    else await context.clearCookies();
    const response = await context.request.get(`${app.baseURL}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const named = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]))].sort();
    const [load] = measureFirstLoad("build", [{ name: path, path, jsKb: 0, cssKb: 0 }]);
    // modulepreload links, plus what the inline module script imports
    const scripts = named(/(?:rel="modulepreload" href=|import\(?\s*|from\s*)"(\/assets\/[^"]+\.js)"/g);
    expect(scripts, path).toEqual([...load.jsFiles].sort());
    const styles = named(/rel="stylesheet" href="(\/assets\/[^"]+\.css)#?"/g);
    expect(styles, path).toEqual(load.cssFiles.map((file) => file.replace(/#$/, "")).sort());
  }
});

test("no validation library reaches the browser: the server validates every form (ADR 141)", () => {
  const assets = path.resolve("build/client/assets");
  const withZod = readdirSync(assets).filter(
    (file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes("._zod"),
  );
  expect(withZod).toEqual([]);
});
