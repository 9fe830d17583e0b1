/**
 * The answering page for keyboards and screen readers (issue #29 point 3,
 * ADR 221). Its images keep their room before they load (width and height
 * from the URL), carry the content's alt text or are decorative, and the page
 * has one <h1>. The drawing pad's toolbar is one Tab stop, with
 * the arrow keys, Home and End inside (WAI-ARIA toolbar pattern, roving
 * tabindex), and the chosen colour or brush told apart from the focus ring by
 * more than colour: a check mark and a thick inner border, never an outline.
 * A student of the fixture's class answers "Drawing: my safe place" in
 * Chromium (the pad needs JavaScript; without it the page shows a note).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  createActorsWorld,
  setUpActors,
} from "./authorization-matrix.support";
import { signInContext } from "./third-party.screens";

let app: AppServer<ActorsWorld>;
let actors: Record<Actor, ActorCredentials>;
let drawingAssignmentId: number;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createActorsWorld });
  ({ actors } = await setUpActors(app));
  // The fixture's running survey in 5A (the second by title) is the one with a drawing question.
  expect(app.fixtures.surveys.running.title).toBe("Drawing: my safe place");
  drawingAssignmentId = app.fixtures.running[app.fixtures.class5A.name].id;
});

async function drawingPage(javaScriptEnabled = true): Promise<Page> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  await signInContext(context, app.baseURL, actors.studentWeb);
  const page = await context.newPage();
  await page.goto(`/student/assignments/${drawingAssignmentId}`);
  if (javaScriptEnabled) await page.getByRole("img", { name: /^Drawing area/ }).waitFor();
  return page;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the survey's image keeps its room before it loads, is 'Image' without alt text, and the page has one <h1>", async () => {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signInContext(context, app.baseURL, actors.studentWeb);
    const page = await context.newPage();
    // The image is held back: what the page shows before it arrives is what a slow network shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/survey-images/**", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto(`/student/assignments/${drawingAssignmentId}`, { waitUntil: "domcontentloaded" });
    const image = page.locator(".survey-image img");
    expect(await image.count()).toBe(1);
    // the specification's default alt text (issue 36)
    expect(await image.getAttribute("alt")).toBe("Image");
    const box = await image.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    expect(box.height).toBeGreaterThan(0);
    expect(Math.abs(box.width / box.height - 800 / 360)).toBeLessThan(0.02);
    release();
    expect(await page.locator("h1").count()).toBe(1);
  });
});

/** The focused element's accessible name (aria-label or text) and whether it is in the toolbar. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      name: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      inToolbar: Boolean(element?.closest("[role=toolbar]")),
    };
  });
}

test("the toolbar is one Tab stop; arrows, Home and End move inside it", async () => {
  const page = await drawingPage();
  const toolbar = page.getByRole("toolbar", { name: "Drawing tools" });
  // Exactly one button of the toolbar is in the Tab order.
  expect(await toolbar.locator("button:not([disabled]):not([tabindex='-1'])").count()).toBe(1);

  // Tab from the page's top until the toolbar: one stop, then Tab leaves it for the canvas's neighbours.
  await page.locator("h1").evaluate((heading) => {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  });
  let stops = 0;
  while (!(await focused(page)).inToolbar && stops++ < 30) await page.keyboard.press("Tab");
  expect(await focused(page)).toEqual({ name: "Clear", inToolbar: true });
  await page.keyboard.press("Tab");
  expect((await focused(page)).inToolbar).toBe(false);
  await page.keyboard.press("Shift+Tab");
  expect(await focused(page)).toEqual({ name: "Clear", inToolbar: true });

  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Eraser");
  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Brush size 3");
  await page.keyboard.press("End");
  expect((await focused(page)).name).toBe("Brown");
  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Clear");
  await page.keyboard.press("ArrowLeft");
  expect((await focused(page)).name).toBe("Brown");
  await page.keyboard.press("Home");
  expect((await focused(page)).name).toBe("Clear");

  // Choosing a colour with the keyboard; the toolbar remembers it as its stop.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  expect(await page.getByRole("button", { name: "Pink" }).getAttribute("aria-pressed")).toBe("true");
  expect(await toolbar.locator("button[tabindex='0']").getAttribute("aria-label")).toBe("Pink");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).name).toBe("Pink");
});

test("the chosen colour and brush show a check mark and an inner border, not a ring like the focus", async () => {
  const page = await drawingPage();
  const look = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        pressed: button.getAttribute("aria-pressed"),
        mark: getComputedStyle(button, "::after").content,
        outline: style.outlineStyle,
        inner: style.boxShadow !== "none",
      };
    });
  await page.locator("h1").evaluate((heading) => {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  });
  for (const name of ["Black", "Brush size 8"]) {
    expect(await look(name)).toEqual({ pressed: "true", mark: '"✓"', outline: "none", inner: true });
  }
  for (const name of ["White", "Brush size 3"]) {
    expect(await look(name)).toEqual({ pressed: "false", mark: "none", outline: "none", inner: false });
  }
});
