/**
 * <Avatar> in the app itself: the header's profile area and /home's empty state, as the
 * file's own teacher (tests/support/e2e-world.ts). Until the shell mounts <Avatar> on those pages these tests skip (and
 * say so); the component's own behaviour is covered by avatar-component.test.ts.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { AVATAR_RIV_URL } from "~/lib/rive/avatar-names";
import { newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer<E2eWorld>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorld });
});

async function openHome(options: {
  javaScriptEnabled: boolean;
  noWebAssembly?: boolean;
  reducedMotion?: "reduce" | "no-preference";
  saveDataHeader?: boolean;
}) {
  const page = await newPage({
    javaScriptEnabled: options.javaScriptEnabled,
    baseURL: app.baseURL,
    reducedMotion: options.reducedMotion ?? "no-preference",
    // What a browser with Data Saver on sends with every request.
    extraHTTPHeaders: options.saveDataHeader ? { "Save-Data": "on" } : {},
  });
  if (options.noWebAssembly) await page.addInitScript("delete window.WebAssembly");
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  const rivRequests: string[] = [];
  const riveRuntimeRequests: string[] = [];
  const offsite: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(AVATAR_RIV_URL)) rivRequests.push(request.url());
    if (/\.wasm$|rive-avatar/.test(new URL(request.url()).pathname)) riveRuntimeRequests.push(request.url());
    if (!request.url().startsWith(app.baseURL)) offsite.push(request.url());
  });
  await page.goto("/home?noClasses=true");
  return { page, rivRequests, riveRuntimeRequests, offsite };
}

async function avatarCount(page: Page) {
  return page.locator("[data-avatar]").count();
}

test("on /home the header and the empty state animate from one .riv request", async (context) => {
  const { page, rivRequests, offsite } = await openHome({ javaScriptEnabled: true });
  const count = await avatarCount(page);
  if (count < 2) context.skip("the shell does not show <Avatar> in the header and /home's empty state yet");
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-avatar]")].every(
        (element) => element.getAttribute("data-avatar") === "animated",
      ),
    undefined,
    { timeout: 15_000 },
  );
  expect(rivRequests).toHaveLength(1);
  expect(offsite).toEqual([]);
});

test("on /home without JavaScript the static avatars show", async (context) => {
  const { page, rivRequests } = await openHome({ javaScriptEnabled: false });
  const count = await avatarCount(page);
  if (count < 2) context.skip("the shell does not show <Avatar> in the header and /home's empty state yet");
  expect(await page.locator('[data-avatar="static"] svg').count()).toBe(count);
  expect(rivRequests).toEqual([]);
});

test("on /home without WebAssembly the static avatars stay", async (context) => {
  const { page, rivRequests } = await openHome({ javaScriptEnabled: true, noWebAssembly: true });
  const count = await avatarCount(page);
  if (count < 2) context.skip("the shell does not show <Avatar> in the header and /home's empty state yet");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every(
      (element) => element.getAttribute("data-avatar") === "fallback",
    ),
  );
  expect(await page.locator("[data-avatar] svg").count()).toBe(count);
  expect(rivRequests).toEqual([]);
});

async function waitUntilLoadedAndIdle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })));
  await page.waitForTimeout(1500);
}

test("with Save-Data: on, the server renders the still faces and the page never offers the animation", async () => {
  const { page, rivRequests, riveRuntimeRequests } = await openHome({ javaScriptEnabled: true, saveDataHeader: true });
  const count = await avatarCount(page);
  expect(count).toBeGreaterThanOrEqual(2);
  await waitUntilLoadedAndIdle(page);
  expect(await page.locator("[data-avatar]").evaluateAll((elements) => elements.map((e) => e.dataset.avatar))).toEqual(
    Array.from({ length: count }, () => "still"),
  );
  expect(await page.locator("[data-avatar] svg").count()).toBe(count);
  expect(rivRequests).toEqual([]);
  expect(riveRuntimeRequests).toEqual([]);
});

test("with Save-Data: on and JavaScript off, the server's faces say they stay still", async () => {
  const { page } = await openHome({ javaScriptEnabled: false, saveDataHeader: true });
  const count = await avatarCount(page);
  expect(count).toBeGreaterThanOrEqual(2);
  expect(await page.locator('[data-avatar="still"] svg').count()).toBe(count);
});

test("with reduced motion asked for, /home keeps its static faces and fetches nothing of Rive", async () => {
  const { page, rivRequests, riveRuntimeRequests } = await openHome({
    javaScriptEnabled: true,
    reducedMotion: "reduce",
  });
  const count = await avatarCount(page);
  expect(count).toBeGreaterThanOrEqual(2);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every((element) => element.getAttribute("data-avatar") === "still"),
  );
  await waitUntilLoadedAndIdle(page);
  expect(await page.locator("[data-avatar] svg").count()).toBe(count);
  expect(rivRequests).toEqual([]);
  expect(riveRuntimeRequests).toEqual([]);
});
