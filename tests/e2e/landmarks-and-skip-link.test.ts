/**
 * Keyboard and screen readers (issue #29): every page has one `<main>`
 * landmark, and the first Tab stop is 'Skip to main content', which moves the
 * focus into it, past the header. Public pages (/login, /signup, /blocked,
 * Not Found) and signed-in pages with the header; with
 * JavaScript on and off, in Chromium. And the "Online now" names are targets
 * of at least 24 px (WCAG 2.2).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  createActorsWorld,
  type DemoIds,
  setUpActors,
} from "./authorization-matrix.support";
import { signInContext } from "./third-party.screens";

let app: AppServer<ActorsWorld>;
let actors: Record<Actor, ActorCredentials>;
let ids: DemoIds;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createActorsWorld });
  ({ actors, ids } = await setUpActors(app));
});

async function pageAs(actor: Actor | null, javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  if (actor) await signInContext(context, app.baseURL, actors[actor]);
  return context.newPage();
}

async function expectOneMainAndASkipLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  expect(await page.locator("main").count(), path).toBe(1);
  expect(await page.locator("main#main").count(), path).toBe(1);
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => ({
    text: document.activeElement?.textContent,
    href: document.activeElement?.getAttribute("href"),
    visible: (document.activeElement?.getBoundingClientRect().top ?? -1) >= 0,
  }));
  expect(first, path).toEqual({ text: "Skip to main content", href: "#main", visible: true });
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("main")?.id ?? document.activeElement?.tagName), {
      timeout: 5000,
    })
    .toBe("main");
}

describe.each([
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
])("$name", ({ javaScriptEnabled }) => {
  test("public pages have one <main> and the skip link reaches it", async () => {
    const page = await pageAs(null, javaScriptEnabled);
    for (const path of ["/login", "/signup", "/forgot-password", "/no-such-page"]) {
      await expectOneMainAndASkipLink(page, path);
    }
    const archived = await pageAs("archived", javaScriptEnabled);
    await expectOneMainAndASkipLink(archived, "/blocked");
  });

  test("signed-in pages skip past the header to the page", async () => {
    const page = await pageAs("teacher", javaScriptEnabled);
    for (const path of [`/class/${ids.classId}/home`, `/class/${ids.classId}/no-such-page`, "/home"]) {
      await expectOneMainAndASkipLink(page, path);
    }
  });
});

test("the 'Online now' names are targets of at least 24 × 24 px (WCAG 2.2 target size)", async () => {
  const page = await pageAs("teacher", false);
  await page.goto(`/class/${ids.classId}/home`);
  const links = page.getByRole("list", { name: "Students online now" }).getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  for (const box of await links.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
  )) {
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
});
