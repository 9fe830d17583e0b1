/**
 * No dialog or form opens showing an error the user did not cause, with
 * JavaScript on and off: the Change Password dialog (Radix, JS on), its
 * no-JS page, and every form or confirmation panel a URL opens. And the
 * no-JS password page keeps where the user came from across a failed
 * submit, without nesting its own links. The school and accounts are the
 * file's own (tests/support/e2e-world.ts).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { addPassword, type FixtureKit } from "../support/app-fixtures";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";
import { type Network, settled, watchNetwork } from "../support/settled";

/** The e2e world; the school admin has a password, so a wrong one is refused as wrong. */
async function formsWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  await addPassword(kit.db, world.users.schoolAdmin, "Forms-Admin-1");
  return world;
}

let app: AppServer<Awaited<ReturnType<typeof formsWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: formsWorld });
});

/** Nothing on the page says a field is wrong: no aria-invalid, no error list, no alert inside a form. */
async function expectNoErrors(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((element) => element.outerHTML.slice(0, 160)),
    errorLists: [...document.querySelectorAll(".error-list")].map((element) => element.textContent),
    alerts: [...document.querySelectorAll('form [role="alert"], [role="dialog"] [role="alert"]')].map(
      (element) => element.textContent,
    ),
  }));
  expect(found, where).toEqual({ invalid: [], errorLists: [], alerts: [] });
}

const networks = new WeakMap<Page, Network>();

/** A new page whose requests `settle` can wait for. */
async function watchedPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  networks.set(page, watchNetwork(page));
  return page;
}

/** With JS on, after the scripts have loaded and hydration ran, so anything that validates on mount has had its chance. */
async function settle(page: Page) {
  await settled(page, networks.get(page)!);
}

async function ids(page: Page) {
  const request = page.context().request;
  const { classes } = (await (await request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  const classId = classes[0].id;
  const { students } = (await (
    await request.get(`${app.baseURL}/api/classes/${classId}/students-with-contacts`)
  ).json()) as { students: { id: number }[] };
  return { classId, studentId: students[0].id };
}

test("the Change Password dialog opens clean: focus in Current Password, no error before anything is typed", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
  await page.goto("/admin/staff");
  for (let open = 1; open <= 2; open++) {
    await page.getByRole("button", { name: /Profile menu$/ }).click();
    await page.getByRole("menuitem", { name: "Update Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.waitFor();
    // The menu has gone (its exit animation ended) and the first field holds focus.
    await page.getByRole("menu").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "currentPassword");
    await expectNoErrors(page, `dialog, opening ${open}`);
    expect(await dialog.getByText("Current password is required").count()).toBe(0);
    // Typed without leaving the field, a letter lands in it whole (no selection replaced it).
    await page.keyboard.type("ab");
    await expect(dialog.getByLabel("Current Password", { exact: true }).inputValue()).resolves.toBe("ab");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("forms and confirmation panels opened by a URL show no error", async () => {
    const teacher = await watchedPage(javaScriptEnabled);
    await signIn(teacher.context(), app, app.fixtures.sessions.teacher);
    const { classId, studentId } = await ids(teacher);
    for (const path of [
      "/account/password?redirectTo=%2Fhome",
      `/class/${classId}/create`,
      `/class/${classId}/students/manage?add=1`,
      `/class/${classId}/students/manage?confirm=remove-student-${studentId}`,
      `/class/${classId}/student/${studentId}?edit=1`,
      `/class/${classId}/student/${studentId}/delete`,
    ]) {
      await teacher.goto(path);
      await settle(teacher);
      await expectNoErrors(teacher, path);
    }

    const admin = await watchedPage(javaScriptEnabled);
    await signIn(admin.context(), app, app.fixtures.sessions.schoolAdmin);
    const staff = (await (await admin.context().request.get(`${app.baseURL}/api/users/all`)).json()) as {
      data: { id: number }[];
    };
    const { classes } = (await (await admin.context().request.get(`${app.baseURL}/api/classes`)).json()) as {
      classes: { id: number; schoolId: number }[];
    };
    for (const path of [
      `/admin/staff?edit=${staff.data[0].id}`,
      `/admin/staff/${staff.data[0].id}/edit`,
      "/admin/staff/new",
      "/admin/create-class",
      `/admin/settings?classId=${classes[0].id}`,
      `/admin/schools/${classes[0].schoolId}`,
      "/admin/schools",
    ]) {
      await admin.goto(path);
      await settle(admin);
      await expectNoErrors(admin, path);
    }

    const visitor = await watchedPage(javaScriptEnabled);
    for (const path of ["/login", "/signup", "/forgot-password", "/reset-password?token=x"]) {
      await visitor.goto(path);
      await settle(visitor);
      if (path.startsWith("/reset-password")) continue; // an invalid link says so: that is about the link, not a field
      await expectNoErrors(visitor, path);
    }
  });

  test("the password page keeps where the user came from across a failed submit, and its links never nest", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.goto("/account/password?redirectTo=%2Fadmin%2Fschools");
    await page.getByLabel("Current Password", { exact: true }).fill("Wrong-Pass-1");
    await page.getByLabel("New Password", { exact: true }).fill("Better-Pass-2");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Better-Pass-2");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Current password is incorrect").waitFor();
    // Still bound for /admin/schools: the page's address, its hidden field and its Cancel link.
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/schools");
    // The password form's own field (the profile menu's language form has one too).
    const passwordForm = page.locator('form:has(input[name="currentPassword"])');
    await expect(passwordForm.locator('input[name="redirectTo"]').inputValue()).resolves.toBe("/admin/schools");
    await expect(page.getByRole("link", { name: "Cancel" }).getAttribute("href")).resolves.toBe("/admin/schools");
    // The header's own link to this page keeps the same target instead of nesting it.
    if (!javaScriptEnabled) {
      await page.locator("summary", { hasText: "Profile menu" }).click();
      await expect(page.getByRole("menuitem", { name: "Update Password" }).getAttribute("href")).resolves.toBe(
        "/account/password?redirectTo=%2Fadmin%2Fschools",
      );
    }
    // An already nested link is unwrapped.
    await page.goto(
      `/account/password?${new URLSearchParams({ redirectTo: "/account/password?redirectTo=%2Fadmin%2Fstaff" })}`,
    );
    await expect(page.getByRole("link", { name: "Cancel" }).getAttribute("href")).resolves.toBe("/admin/staff");
  });
});
