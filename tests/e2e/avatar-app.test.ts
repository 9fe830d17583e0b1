/**
 * <Avatar> in the app itself: the header's profile area and /home's empty state, as the
 * demo teacher. Until the shell mounts <Avatar> on those pages these tests skip (and
 * say so); the component's own behaviour is covered by avatar-component.test.ts.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { AVATAR_RIV_URL } from "~/lib/rive/avatar-names";
import { loginAs, newPage } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});

async function openHome(options: { javaScriptEnabled: boolean; noWebAssembly?: boolean }) {
  const page = await newPage({ javaScriptEnabled: options.javaScriptEnabled, baseURL: app.baseURL });
  if (options.noWebAssembly) await page.addInitScript("delete window.WebAssembly");
  await loginAs(page.context(), app.baseURL, "teacher");
  const rivRequests: string[] = [];
  const offsite: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(AVATAR_RIV_URL)) rivRequests.push(request.url());
    if (!request.url().startsWith(app.baseURL)) offsite.push(request.url());
  });
  await page.goto("/home?noClasses=true");
  return { page, rivRequests, offsite };
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
