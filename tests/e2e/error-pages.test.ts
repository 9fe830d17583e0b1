/**
 * An error inside the signed-in area keeps the header and navigation and
 * sets a page title, with JavaScript on (a client-side navigation) and off
 * (the server's page): a 404 says 'Not Found'; any other error says
 * 'Something went wrong!' with a Show Error / Hide Error toggle (docs/product.md#error-pages).
 * The school and accounts are the file's own (tests/support/e2e-world.ts).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { FixtureKit } from "../support/app-fixtures";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { createAssignment } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";
import { settled, watchNetwork } from "../support/settled";

/** The e2e world, and an assignment of the colleague's class, which the teacher does not teach. */
async function errorPagesWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  const assignmentOfAnotherClass = await createAssignment(kit.db, {
    classId: world.class6.id,
    surveyId: world.surveys.completed.id,
  });
  return { ...world, assignmentOfAnotherClass };
}

let app: AppServer<Awaited<ReturnType<typeof errorPagesWorld>>>;
let assignmentOfAnotherClass: number;

beforeAll(async () => {
  app = await startAppServer({ fixtures: errorPagesWorld });
  assignmentOfAnotherClass = app.fixtures.assignmentOfAnotherClass.id;
});

/** Opens `path` as a user would: the server's page without JS; a client-side navigation with JS. */
async function open(page: Page, javaScriptEnabled: boolean, from: string, path: string): Promise<number | null> {
  if (!javaScriptEnabled) return (await page.goto(path))?.status() ?? null;
  const network = watchNetwork(page);
  await page.goto(from);
  await settled(page, network);
  network.stop();
  await page.evaluate(async (target) => {
    await (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate(target);
  }, path);
  await page.waitForURL(`**${path}`);
  return null;
}

async function expectHeader(page: Page) {
  const header = page.locator("header");
  await header.getByRole("link").first().waitFor();
  await expect(header.getByText("Profile menu").count()).resolves.toBe(1);
}

async function expectTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

async function classIdOf(page: Page): Promise<number> {
  const { classes } = (await (await page.context().request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  return classes.find((c) => c.name === "5A Sunflowers")!.id;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("another class's results are Not Found inside the header and the class navigation, with a title", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.teacher);
    const classId = await classIdOf(page);
    const status = await open(
      page,
      javaScriptEnabled,
      `/class/${classId}/home`,
      `/class/${classId}/surveys/results/${assignmentOfAnotherClass}`,
    );
    if (!javaScriptEnabled) expect(status).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Not Found" }).waitFor();
    await expectHeader(page);
    await page.getByRole("navigation", { name: "Class sections" }).waitFor();
    await page.getByText("5A Sunflowers").first().waitFor();
    await expect(page.getByText("Something went wrong!").count()).resolves.toBe(0);
    await expectTitle(page, "Not Found · Orliverse Classroom");
    // The way back stays: the class home is one click away.
    await page.getByRole("link", { name: "Back to the class home" }).click();
    await page.waitForURL(`**/class/${classId}/home`);
  });

  test("a Not Found in the admin area keeps the sidebar; elsewhere in the shell it keeps the header", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    const school = await open(page, javaScriptEnabled, "/admin/staff", "/admin/schools/999999");
    if (!javaScriptEnabled) expect(school).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Not Found" }).waitFor();
    await page.getByText("There is no school with this id in your scope.").waitFor();
    await page.getByRole("navigation", { name: "Admin" }).waitFor();
    await expectHeader(page);
    await expectTitle(page, "Not Found · Orliverse Classroom");

    const survey = await open(page, javaScriptEnabled, "/survey", "/survey/content/999999");
    if (!javaScriptEnabled) expect(survey).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Not Found" }).waitFor();
    await expectHeader(page);
    await expectTitle(page, "Not Found · Orliverse Classroom");
  });

  test("an error that is not a 404 says 'Something went wrong!' with Show Error / Hide Error, under the header", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.teacher);
    const classId = await classIdOf(page);
    const results = `/class/${classId}/surveys/results/${app.fixtures.running["5A Sunflowers"].id}`;
    await page.goto(results);
    // The results screen has no action: a form posted to it is a 405.
    const response = page.waitForResponse((candidate) => candidate.request().method() === "POST");
    await page.evaluate((action) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      document.body.append(form);
      form.submit();
    }, results);
    expect((await response).status()).toBe(405);
    await page.getByRole("heading", { level: 1, name: "Something went wrong!" }).waitFor();
    await expectHeader(page);
    await expectTitle(page, "Something went wrong! · Orliverse Classroom");
    // The toggle's words are shown by CSS: one of the two at a time.
    const toggle = page.locator(".error-details summary");
    const shown = async () => ({
      show: await toggle.locator(".when-closed").isVisible(),
      hide: await toggle.locator(".when-open").isVisible(),
      details: await page.locator(".error-text").isVisible(),
    });
    await expect(shown()).resolves.toEqual({ show: true, hide: false, details: false });
    await toggle.click();
    await expect(shown()).resolves.toEqual({ show: false, hide: true, details: true });
    await expect(page.locator(".error-text").textContent()).resolves.toContain("405");
    await toggle.click();
    await expect(shown()).resolves.toEqual({ show: true, hide: false, details: false });
  });
});
