/**
 * The byte budget (docs/performance.md): each page's first-load JS and CSS,
 * gzip, computed from the production build's own route manifest
 * (tests/support/bundle-budget.ts). Deterministic: the figures depend on the
 * build alone, never on timing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { loginAs, newContext } from "../support/browser";
import {
  formatFirstLoadTable,
  measureFirstLoad,
  overBudget,
  PAGE_BUDGETS,
  type PageBudget,
  pagesWithoutBudget,
  plainScriptUrl,
} from "../support/bundle-budget";
import { sharedDemoServer } from "../support/server";

let app: { baseURL: string };

beforeAll(() => {
  app = sharedDemoServer();
});

test("every page of the app has a row in the budget table", () => {
  expect(pagesWithoutBudget()).toEqual([]);
});

test("every page's first-load JS and CSS are within budget", () => {
  const loads = measureFirstLoad();
  expect(loads).toHaveLength(PAGE_BUDGETS.length);
  expect(overBudget(loads), `\n${formatFirstLoadTable(loads)}\n`).toEqual([]);
});

/** The scripts and stylesheets a page's HTML names (and the inline module script imports). */
function namedAssets(html: string) {
  const named = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]))].sort();
  return {
    // modulepreload links, classic and module script tags, plus what the inline module script imports
    scripts: named(/(?:rel="modulepreload" href=|<script[^>]* src=|import\(?\s*|from\s*)"(\/assets\/[^"]+\.js)"/g),
    styles: named(/rel="stylesheet" href="(\/assets\/[^"]+\.css)#?"/g),
  };
}

function expectNamedAsMeasured(html: string, page: PageBudget) {
  const { scripts, styles } = namedAssets(html);
  const [load] = measureFirstLoad("build", [page]);
  expect(scripts, page.name).toEqual([...load.jsFiles].sort());
  expect(styles, page.name).toEqual(load.cssFiles.map((file) => file.replace(/#$/, "")).sort());
}

test("the budget counts exactly the scripts and stylesheets a page's HTML names", async () => {
  const context = await newContext({ javaScriptEnabled: false });
  const pages = [
    { path: "/login", account: null, plainScripts: ["plain-page" as const] },
    { path: "/class/1/home", account: "teacher" as const },
    { path: "/admin/staff", account: "platformAdmin" as const },
  ];
  for (const { path, account, plainScripts } of pages) {
    if (account) await loginAs(context, app.baseURL, account);
    else await context.clearCookies();
    const response = await context.request.get(`${app.baseURL}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expectNamedAsMeasured(await response.text(), { name: path, path, jsKb: 0, cssKb: 0, plainScripts });
  }
});

test("a page's message catalogues are files named by their content, cached a year; an unknown one is a 404 (issue 34)", async () => {
  const context = await newContext({ javaScriptEnabled: false });
  await loginAs(context, app.baseURL, "teacher");
  const home = await context.request.get(`${app.baseURL}/class/1/home?lng=de`);
  const urls = [...(await home.text()).matchAll(/rel="preload" as="fetch"[^>]* href="(\/i18n\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(urls.map((url) => url.replace(/\.[\w-]{10}\.json$/, ""))).toEqual(["/i18n/de/common", "/i18n/de/staff"]);
  for (const url of urls) {
    const response = await fetch(`${app.baseURL}${url}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status, url).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const messages = (await response.json()) as Record<string, unknown>;
    if (url.includes("/staff.")) expect(messages["Sign in"]).toBe("Anmelden");
  }
  const stale = await fetch(`${app.baseURL}/i18n/de/staff.0123456789.json`);
  expect(stale.status).toBe(404);
  expect(stale.headers.get("cache-control")).toBe("no-store");
});

test("the student pages name only the plain student script, the answering page its outbox's and the read-aloud script, and the drawing pad's where a survey has a drawing question (ADR 170, 171; issue #37)", async () => {
  const context = await newContext({ javaScriptEnabled: false });
  const get = async (path: string) => {
    const response = await context.request.get(`${app.baseURL}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const plain = (path: string, plainScripts: PageBudget["plainScripts"] = ["plain-page"]): PageBudget => ({
    name: path,
    path,
    jsKb: 0,
    cssKb: 0,
    plainScripts,
  });
  expectNamedAsMeasured(await get("/join"), plain("/join"));
  const joined = await context.request.post(`${app.baseURL}/join`, {
    form: { code: "SUNNY-4821", firstName: "Bea", lastName: "Budget" },
    headers: { Origin: app.baseURL },
    maxRedirects: 0,
  });
  expect(joined.status()).toBe(302);
  const list = await get("/student");
  expectNamedAsMeasured(list, plain("/student"));
  // The demo class has a survey with a drawing question open; the list links to it.
  const drawingSurvey = list.match(/href="(\/student\/assignments\/\d+)"[^>]*>Drawing: my safe place</)?.[1];
  expect(drawingSurvey).toBeTruthy();
  // The answering page adds its outbox's script and the read-aloud script (issue #37).
  expectNamedAsMeasured(
    await get(drawingSurvey!),
    plain(drawingSurvey!, ["plain-page", "answer-outbox", "drawing-pad", "listen"]),
  );
  expectNamedAsMeasured(await get(`${drawingSurvey}/thanks`), plain(`${drawingSurvey}/thanks`));
  // A page the student cannot have is a plain page too.
  const missing = await context.request.get(`${app.baseURL}/student/assignments/999999`);
  expect(missing.status()).toBe(404);
  expect(namedAssets(await missing.text()).scripts).toEqual([plainScriptUrl("plain-page")]);
});

test("no validation library reaches the browser: the server validates every form (ADR 141)", () => {
  const assets = path.resolve("build/client/assets");
  const withZod = readdirSync(assets).filter(
    (file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes("._zod"),
  );
  expect(withZod).toEqual([]);
});
