/**
 * Focus after a form that redirects (issue #29 point 3, ADR 220): starting a
 * survey with the keyboard lands the focus on the page's main heading, not on
 * the button in the same place (which now reads Close, one key away from
 * closing the survey), and the toast that says so does not take the focus.
 * Without JavaScript the answer is a new page: the focus starts at its top.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import {
  type ActorCredentials,
  type ActorsWorld,
  createActorsWorld,
  type DemoIds,
  setUpActors,
} from "./authorization-matrix.support";
import { signInContext } from "./third-party.screens";

let app: AppServer<ActorsWorld>;
let teacher: ActorCredentials;
let ids: DemoIds;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createActorsWorld });
  let actors: Record<string, ActorCredentials>;
  ({ actors, ids } = await setUpActors(app));
  teacher = actors.teacher;
});

function activeElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent?.trim(),
      inToaster: Boolean(element?.closest("[data-sonner-toaster]")),
    };
  });
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("pressing Start with the keyboard leaves the focus on the heading, not on Close", async () => {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signInContext(context, app.baseURL, teacher);
    const page = await context.newPage();
    await page.goto(`/class/${ids.classId}/surveys/manage`);
    const row = page.locator("form", { has: page.locator(`input[name=assignmentId][value="${ids.assignmentId}"]`) });
    const before = (await row.getByRole("button").textContent()) ?? "";
    const wanted = before.startsWith("Close") ? "closed" : "started";
    await row.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByText(`Survey ${wanted} successfully!`).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    if (javaScriptEnabled) {
      await expect
        .poll(() => activeElement(page), { timeout: 15_000 })
        .toEqual({ tag: "h1", text: "Manage surveys", inToaster: false });
    } else {
      expect((await activeElement(page)).tag).toBe("body");
    }
    // The next Tab goes on through the page from the top, not from the Close button.
    expect(await row.getByRole("button").evaluate((button) => button === document.activeElement)).toBe(false);
  });
});
