/**
 * Old browsers get the no-JS product, never a half-working one (ADR 142).
 *
 * A browser that lacks a feature the bundle uses must not start the client:
 * the check (app/lib/browser-support.ts, in the page-start script) says no, nothing
 * hydrates, and every page stays the working server-rendered page. Here
 * Chromium plays such a browser: an init script removes modern features
 * before any script of the page runs, and the core teacher flow runs the way
 * the no-JS flow does, with no error panel and no page error.
 *
 * The last test scans the built client for newer platform APIs and fails
 * when one is used that the check does not cover and no guard protects.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { ENHANCE_FLAG, REQUIRED_BROWSER_FEATURES } from "~/lib/browser-support";
import { demoAccount, newContext } from "../support/browser";
import { sharedDemoServer } from "../support/server";

let app: { baseURL: string };

beforeAll(() => {
  app = sharedDemoServer();
});

/** What an older browser lacks (Chrome 79-91, Safari 12-15.3, Firefox 91-ESR): run before any script of the page. */
function removeModernFeatures() {
  const remove = (owner: object, name: string) => {
    Reflect.deleteProperty(owner, name);
  };
  remove(window, "structuredClone");
  remove(Array.prototype, "at");
  remove(Object, "hasOwn");
  remove(Promise, "withResolvers");
}

interface Watched {
  page: Page;
  problems: string[];
}

async function oldBrowserPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(removeModernFeatures);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  return { page, problems };
}

/**
 * The page is the server's page: no hydration (the plain <details> profile menu), no error panel. The check
 * said no; a page served without the client bundle (ADR 170: the sign-in pages) has no check at all.
 */
async function expectServerRenderedPage(page: Page) {
  await page.waitForLoadState("load");
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], ENHANCE_FLAG)).not.toBe(
    true,
  );
  expect(await page.getByText("Something went wrong!").count()).toBe(0);
  if (await page.locator("header").count()) {
    expect(await page.locator("header details.profile-menu").count()).toBe(1);
    expect(await page.locator("header button.profile-trigger").count()).toBe(0);
  }
}

/** The demo teacher, signed in through the form (a plain page): lands on their home. */
async function signIn(page: Page) {
  const teacher = demoAccount("teacher");
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(teacher.email);
  await page.getByLabel("Password", { exact: true }).fill(teacher.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

async function expectMessage(page: Page, text: string) {
  await page.getByRole("status").getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
}

test("without modern features the core teacher flow runs as the no-JS flow does", async () => {
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const { page, problems } = await oldBrowserPage(context);
  const teacher = demoAccount("teacher");

  // Sign in through the form.
  await page.goto("/login");
  await expectServerRenderedPage(page);
  await page.getByLabel("E-mail").fill(teacher.email);
  await page.getByLabel("Password", { exact: true }).fill(teacher.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/class\/\d+\/home$/);
  const classId = Number(/\/class\/(\d+)\//.exec(page.url())![1]);

  // Class home.
  await page.getByRole("heading", { name: "5A Sunflowers", level: 1 }).waitFor();
  await expectServerRenderedPage(page);

  // Preview a survey (its renderer needs Object.hasOwn: a half-started client showed the error panel here).
  await page.goto("/survey/content/1");
  await page.locator("#survey-title").waitFor();
  await expectServerRenderedPage(page);

  // Add a student.
  await page.goto(`/class/${classId}/students/manage`);
  await expectServerRenderedPage(page);
  await page.getByRole("link", { name: "Add a student" }).first().click();
  const form = page.locator("form#add-student");
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Oldbrowser");
  await form.getByLabel("Name", { exact: true }).first().fill("Alex Parent");
  await form.getByRole("button", { name: "Add student" }).click();
  await expectMessage(page, "Robin Oldbrowser added to the class.");
  await page.getByRole("heading", { name: "Robin Oldbrowser" }).first().waitFor();
  await expectServerRenderedPage(page);

  // Assign a survey from the library, then start it.
  await page.goto(`/class/${classId}/surveys/library`);
  await expectServerRenderedPage(page);
  const title = (await page.getByRole("heading", { level: 2 }).first().textContent())!.trim();
  await page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: /^Assign/ }) })
    .first()
    .getByRole("button", { name: /^Assign/ })
    .click();
  await expectMessage(page, "Survey assigned successfully!");
  const row = () => page.getByRole("row").filter({ hasText: title });
  await row()
    .getByRole("button", { name: /^Start/ })
    .click();
  await expectMessage(page, "Survey started successfully!");
  await expectServerRenderedPage(page);

  // Read its results.
  await row()
    .getByRole("link", { name: /^Results/ })
    .click();
  await page.getByRole("heading", { name: `Results: ${title}` }).waitFor();
  expect(await page.getByTestId("response-rate").textContent()).toBe("0%");
  await expectServerRenderedPage(page);

  // Sign out through the plain profile menu.
  await page.locator("summary", { hasText: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);
  await page.goto(`/class/${classId}/home`);
  await page.waitForURL(/\/login/);
  await expectServerRenderedPage(page);

  expect(problems).toEqual([]);
});

test("a browser with every feature passes the check and hydrates", async () => {
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await signIn(page);
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], ENHANCE_FLAG)).toBe(true);
  // Hydrated: the header's profile menu is React's menu button, not the plain <details>.
  await page.locator("header button.profile-trigger").waitFor();
  expect(problems).toEqual([]);
});

test("each required feature alone, when missing, keeps the client from starting", async () => {
  // One sign-in; each browser below starts with its session.
  const signedIn = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(await signedIn.newPage());
  const storageState = await signedIn.storageState();
  await signedIn.close();
  for (const feature of REQUIRED_BROWSER_FEATURES) {
    const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL, storageState });
    const removal: Record<string, string> = {
      "ES modules": "Reflect.deleteProperty(HTMLScriptElement.prototype, 'noModule')",
      "Array.prototype.at": "Reflect.deleteProperty(Array.prototype, 'at')",
      "Object.hasOwn": "Reflect.deleteProperty(Object, 'hasOwn')",
      TextEncoderStream: "Reflect.deleteProperty(window, 'TextEncoderStream')",
    };
    expect(removal[feature.name], `say how to remove ${feature.name} in this test`).toBeDefined();
    await context.addInitScript({ content: removal[feature.name] });
    const page = await context.newPage();
    await page.goto("/home");
    await page.waitForLoadState("load");
    expect(
      await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], ENHANCE_FLAG),
      feature.name,
    ).toBe(false);
    expect(await page.locator("header details.profile-menu").count(), feature.name).toBe(1);
    expect(await page.locator("header button.profile-trigger").count(), feature.name).toBe(0);
    await context.close();
  }
});

/**
 * Platform APIs newer than the oldest browsers that pass the check (Chrome 93,
 * Firefox 105, Safari 15.4). Each one the build uses must be a required
 * feature, or sit behind a guard that the same file shows.
 */
const NEWER_APIS: { api: string; pattern: RegExp; required?: string; guard?: RegExp }[] = [
  { api: "Array.prototype.at", pattern: /\.at\(/, required: "Array.prototype.at" },
  { api: "Object.hasOwn", pattern: /Object\.hasOwn\b/, required: "Object.hasOwn" },
  { api: "TextEncoderStream", pattern: /\bTextEncoderStream\b/, required: "TextEncoderStream" },
  { api: "structuredClone", pattern: /\bstructuredClone\b/, guard: /typeof structuredClone\s*[=!]=/ },
  {
    api: "requestIdleCallback",
    pattern: /\brequestIdleCallback\b/,
    guard: /typeof window\.requestIdleCallback\s*[=!]=/,
  },
  { api: "reportError", pattern: /\breportError\b/, guard: /typeof reportError\s*[=!]=/ },
  { api: "Element.checkVisibility", pattern: /\.checkVisibility\(/, guard: /typeof \w+\.checkVisibility\s*[=!]=/ },
  // Radix's collection defines its own toSorted/toReversed/toSpliced methods; calls elsewhere would need a check.
  { api: "Array.prototype.toSorted", pattern: /\.toSorted\(/, guard: /\btoSorted\(\w+\)\{/ },
  { api: "Array.prototype.toReversed", pattern: /\.toReversed\(/, guard: /\btoReversed\(\)\{/ },
  { api: "Array.prototype.toSpliced", pattern: /\.toSpliced\(/, guard: /\btoSpliced\([\w,.]*\)\{/ },
  { api: "Array.prototype.findLast", pattern: /\.findLast(Index)?\(/ },
  { api: "Array.prototype.with", pattern: /\.with\(\d/ },
  { api: "Array.fromAsync", pattern: /Array\.fromAsync\b/ },
  { api: "Object.groupBy / Map.groupBy", pattern: /\b(Object|Map)\.groupBy\b/ },
  { api: "Promise.withResolvers", pattern: /Promise\.withResolvers\b/ },
  { api: "Promise.try", pattern: /Promise\.try\b/ },
  { api: "AbortSignal.timeout / any", pattern: /AbortSignal\.(timeout|any)\b/ },
  { api: "URL.canParse / URL.parse", pattern: /URL\.(canParse|parse)\(/ },
  { api: "String.prototype.isWellFormed", pattern: /\.(isWellFormed|toWellFormed)\(/ },
  {
    api: "Set methods",
    pattern: /\.(union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
  },
  { api: "Intl.Segmenter", pattern: /Intl\.Segmenter\b/ },
  { api: "popover", pattern: /\.(showPopover|hidePopover|togglePopover)\(/ },
];

test("every newer platform API the built client calls is checked for or guarded", () => {
  const assets = path.resolve("build/client/assets");
  const required = new Set(REQUIRED_BROWSER_FEATURES.map((feature) => feature.name));
  const problems: string[] = [];
  const files = readdirSync(assets).filter((file) => file.endsWith(".js"));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const source = readFileSync(path.join(assets, file), "utf8");
    for (const { api, pattern, required: feature, guard } of NEWER_APIS) {
      if (!pattern.test(source)) continue;
      if (feature && required.has(feature)) continue;
      if (guard?.test(source)) continue;
      problems.push(
        `${file} uses ${api}: add it to REQUIRED_BROWSER_FEATURES (app/lib/browser-support.ts) or guard it`,
      );
    }
  }
  expect(problems).toEqual([]);
});
