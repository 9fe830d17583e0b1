/**
 * The signed-in shell in a real browser, with JavaScript on and off: the
 * profile area and its menu, the change-password dialog (or page), the
 * admin sidebar, class routing and Not Found. The school and accounts are
 * the file's own (tests/support/e2e-world.ts).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { rateLimits } from "~/server/db/schema.server";
import { RATE_LIMITS } from "~/server/security/rate-limit.server";
import { addPassword, createUserWithPassword, type FixtureKit } from "../support/app-fixtures";
import { expectConsoleError, jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

/** The password the teacher, the colleague and the school admin start with. */
const PASSWORD = "Shell-Start-1";

/**
 * The e2e world, three accounts with a password (these tests type it), and
 * sessions of their own for the tests that change a password (which ends
 * the user's other sessions).
 */
async function shellWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  const { teacher, colleague, schoolAdmin } = world.users;
  for (const user of [teacher, colleague, schoolAdmin]) await addPassword(kit.db, user, PASSWORD);
  const changing = { teacher: await kit.sessionFor(teacher), colleague: await kit.sessionFor(colleague) };
  // A teacher whose password checks are used up (RATE_LIMITS.passwordCheckPerAccount): every change is refused.
  const limited = await createUserWithPassword(kit.db, {
    schoolId: world.riverside.id,
    name: "Lena Limited",
    password: PASSWORD,
  });
  await kit.db.insert(rateLimits).values({
    key: `password-check:user:${limited.id}`,
    windowStart: new Date(),
    count: RATE_LIMITS.passwordCheckPerAccount.limit,
  });
  return { ...world, changing, limited: await kit.sessionFor(limited) };
}

let app: AppServer<Awaited<ReturnType<typeof shellWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: shellWorld });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The trigger is named by what it shows, then "Profile menu": "Helen Head helen.head…@test.example … Profile menu". */
async function openProfileMenu(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.getByRole("button", { name: /Profile menu$/ }).click();
  else await page.locator("summary", { hasText: "Profile menu" }).click();
}

/** Opens the change-password form: the dialog with JavaScript, the full page without. */
async function openChangePassword(page: Page, javaScriptEnabled: boolean) {
  await openProfileMenu(page, javaScriptEnabled);
  await page.getByRole("menuitem", { name: "Update Password" }).click();
  if (javaScriptEnabled) await page.getByRole("dialog", { name: "Change Password" }).waitFor();
  else await page.waitForURL("**/account/password?**");
}

async function fillPasswords(page: Page, values: { current: string; next: string; confirm: string }) {
  await page.getByLabel("Current Password", { exact: true }).fill(values.current);
  await page.getByLabel("New Password", { exact: true }).fill(values.next);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(values.confirm);
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the profile area shows initials, name, e-mail and school", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const admin = app.fixtures.users.schoolAdmin;
    const school = app.fixtures.riverside.name;
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.goto("/admin/staff");
    const header = page.locator("header");
    await header.getByText(admin.name).waitFor();
    await header.getByText(admin.email).waitFor();
    await header.getByText(school).waitFor();
    await expect(header.locator("[data-avatar]").getAttribute("aria-label")).resolves.toContain(admin.name);
    // The menu's trigger is named by what it shows, then "Profile menu" (WCAG 2.5.3, label in name;
    // the initials are hidden from screen readers, the words "Profile menu" from sight).
    if (javaScriptEnabled) {
      await header
        .getByRole("button", {
          name: `${admin.name} ${admin.email} ${school} Profile menu`,
          exact: true,
        })
        .waitFor();
    } else {
      const summary = header.locator("summary");
      await expect(summary.getAttribute("aria-label")).resolves.toBeNull();
      await expect(summary.textContent()).resolves.toMatch(
        new RegExp(`${escapeRegExp(admin.name)}.*${escapeRegExp(admin.email)}.*${escapeRegExp(school)}.*Profile menu$`),
      );
    }
  });

  test("a platform admin has no school line in the profile area", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
    await page.goto("/admin/staff");
    await expect(page.locator("header .profile-school").count()).resolves.toBe(0);
  });

  test("the profile menu offers Update Password and Logout", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.goto("/admin/schools");
    await openProfileMenu(page, javaScriptEnabled);
    await page.getByRole("menuitem", { name: "Update Password" }).waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();
  });

  test("change password shows every validation message", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.goto("/admin/staff");
    await openChangePassword(page, javaScriptEnabled);
    await fillPasswords(page, { current: "", next: "short", confirm: "" });
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Current password is required").waitFor();
    await page.getByText("Password must be at least 8 characters", { exact: true }).waitFor();
    await page.getByText("Please confirm your password").waitFor();
    await expect(page.getByLabel("Current Password", { exact: true }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );

    await fillPasswords(page, { current: "x", next: "alllowercase1", confirm: "Different-1" });
    await page.getByRole("button", { name: "Change Password" }).click();
    await page
      .getByText("Password must contain at least one lowercase letter, one uppercase letter, and one number")
      .waitFor();
    await page.getByText("Passwords don't match").waitFor();
  });

  test("a wrong current password is marked on the Current Password field", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.colleague);
    await page.goto("/home");
    await openChangePassword(page, javaScriptEnabled);
    await fillPasswords(page, { current: "Wrong-Pass-1", next: "Better-Pass-2", confirm: "Better-Pass-2" });
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Current password is incorrect").waitFor();
    const describedBy = await page.getByLabel("Current Password", { exact: true }).getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
  });

  test("changing the password succeeds with a toast, and the new password signs in", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    // Each mode changes a different account's password, each signed in by a session of its own.
    const key = javaScriptEnabled ? "teacher" : "colleague";
    const account = { ...app.fixtures.users[key], password: PASSWORD };
    await signIn(page.context(), app, app.fixtures.changing[key]);
    await page.goto("/home");
    await openChangePassword(page, javaScriptEnabled);
    const next = `Changed-Pass-${javaScriptEnabled ? 3 : 4}`;
    await fillPasswords(page, { current: account.password, next, confirm: next });
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password changed successfully!").first().waitFor();
    if (javaScriptEnabled) {
      await page.getByRole("dialog").waitFor({ state: "detached" });
    } else {
      expect(new URL(page.url()).pathname).toBe("/home");
    }
    const login = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: account.email, password: next }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
  });

  test("a change the rate limit refuses says 'Failed to change password' in a toast at once, not a page later", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.limited);
    await page.goto("/home");
    await openChangePassword(page, javaScriptEnabled);
    await fillPasswords(page, { current: PASSWORD, next: "Never-Set-9", confirm: "Never-Set-9" });
    await page.getByRole("button", { name: "Change Password" }).click();
    // the toast itself (sonner's, or the server-rendered status region without JavaScript), not the form's message
    const toast = page.locator("[data-sonner-toast], .server-toast", {
      hasText: "Failed to change password. Please try again.",
    });
    await toast.first().waitFor();
    // and it is not said again on the next page
    await page.goto("/home");
    await page
      .getByRole("button", { name: /Profile menu$/ })
      .or(page.locator("summary", { hasText: "Profile menu" }))
      .first()
      .waitFor();
    expect(await page.locator("[data-sonner-toast], .server-toast").count()).toBe(0);
  });

  test("the admin sidebar links every admin screen and marks the current one", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
    await page.goto("/admin/schools");
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    const expected = [
      ["Staff", "/admin/staff"],
      ["Schools", "/admin/schools"],
      ["Create Class", "/admin/create-class"],
      ["Edit Class", "/admin/settings"],
      ["Class", "/class/-1/home"],
      ["All surveys", "/admin/survey"],
      ["Survey previews", "/survey"],
    ];
    for (const [name, href] of expected) {
      await expect(sidebar.getByRole("link", { name, exact: true }).getAttribute("href")).resolves.toBe(href);
    }
    await expect(
      sidebar.getByRole("link", { name: "Schools", exact: true }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await sidebar.getByRole("button", { name: "Log out" }).waitFor();
    // The Surveys sub-menu is open by default and closes without JavaScript too.
    const subMenu = sidebar.locator("details.survey-sub-menu");
    await expect(subMenu.getAttribute("open")).resolves.toBe("");
    await subMenu.locator("summary").click();
    await expect(sidebar.getByRole("link", { name: "All surveys" }).isVisible()).resolves.toBe(false);
    await subMenu.locator("summary").click();
    await sidebar.getByRole("link", { name: "Edit Class", exact: true }).click();
    await page.waitForURL("**/admin/settings");
    await page.getByRole("heading", { name: "Edit Class", level: 1 }).waitFor();
  });

  test("an unknown path shows Not Found", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Not Found" }).waitFor();
  });
});

test("closing the dialog resets its values, errors and show/hide toggles", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
  await page.goto("/admin/staff");
  await openChangePassword(page, true);
  await fillPasswords(page, { current: "", next: "short", confirm: "x" });
  await page.getByRole("button", { name: "Show New Password" }).click();
  await expect(page.getByLabel("New Password", { exact: true }).getAttribute("type")).resolves.toBe("text");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("Password must be at least 8 characters", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await openChangePassword(page, true);
  await expect(page.getByLabel("New Password", { exact: true }).inputValue()).resolves.toBe("");
  await expect(page.getByLabel("New Password", { exact: true }).getAttribute("type")).resolves.toBe("password");
  await expect(page.getByText("Password must be at least 8 characters", { exact: true }).count()).resolves.toBe(0);
});

test("the Change Password button reads 'Changing...' and both buttons are disabled while busy", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
  await page.goto("/home");
  await openChangePassword(page, true);
  // Hold the request so the busy state can be seen. The gate is made before the request exists:
  // the button reads 'Changing...' as soon as the fetcher starts, which can be before the route
  // handler runs, and a release assigned inside the handler would then be lost (the request held
  // for ever). Only the password POST is held; anything else passes.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const requestHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route("**/account/password**", async (route) => {
    if (route.request().method() === "POST") {
      held();
      await released;
    }
    await route.continue();
  });
  await fillPasswords(page, { current: "Wrong-Pass-1", next: "Better-Pass-2", confirm: "Better-Pass-2" });
  await page.getByRole("button", { name: "Change Password" }).click();
  const busy = page.getByRole("button", { name: "Changing..." });
  await busy.waitFor();
  await requestHeld;
  await expect(busy.isDisabled()).resolves.toBe(true);
  await expect(page.getByRole("button", { name: "Cancel" }).isDisabled()).resolves.toBe(true);
  release();
  await page.getByText("Current password is incorrect").waitFor();
});

test("JS on: a flash message outlives a reload of the page's data that comes while sonner is still loading", async () => {
  const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.limited);
  await page.goto("/home");
  await openChangePassword(page, true);
  await fillPasswords(page, { current: PASSWORD, next: "Never-Set-9", confirm: "Never-Set-9" });
  // sonner's script comes slowly (a slow network): held until released; every other script goes through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const script = (url: URL) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js");
  await page.context().route(script, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("data-sonner-toast")) await held;
    await route.fulfill({ response, body });
  });
  await page.getByRole("button", { name: "Change Password" }).click();
  const text = "Failed to change password. Please try again.";
  await page.locator(".server-toast", { hasText: text }).waitFor();
  // The page's data is read again meanwhile (as a live change or another form's answer does): no message in it now.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }
    ).__reactRouterDataRouter.revalidate(),
  );
  expect(await page.locator(".server-toast", { hasText: text }).count()).toBe(1);
  release();
  await page.locator("[data-sonner-toast]", { hasText: text }).waitFor();
  await page.context().unroute(script);
});

describe("a screen's data request on flaky Wi-Fi (JavaScript on)", () => {
  const UNAVAILABLE = /^Failed to load resource: the server responded with a status of 503\b/;

  /**
   * The schools screen's own data request: the root's data (its clientLoader asks the server
   * separately, `_routes=root`) is another request to the same URL, counted apart.
   */
  const asksForSchools = (url: string) => {
    const routes = new URL(url).searchParams.get("_routes");
    return routes === null || routes.split(",").some((id) => id !== "root");
  };

  test("answered 503 once, it is retried and the screen loads", async () => {
    const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
    expectConsoleError(page, UNAVAILABLE);
    await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
    await page.goto("/admin/staff");
    let requests = 0;
    await page.route("**/admin/schools.data**", async (route) => {
      if (!asksForSchools(route.request().url())) return route.continue();
      requests += 1;
      if (requests === 1) await route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
      else await route.continue();
    });
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Schools" }).click();
    await page.getByRole("heading", { name: "Schools", level: 1 }).waitFor();
    expect(requests).toBe(2);
    expect(await page.getByText("Something went wrong!").count()).toBe(0);
  });

  test("failing every time, the page is loaded as a document: header and sidebar stay", async () => {
    const page = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
    expectConsoleError(page, UNAVAILABLE);
    await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
    await page.goto("/admin/staff");
    let requests = 0;
    await page.route("**/admin/schools.data**", async (route) => {
      if (!asksForSchools(route.request().url())) return route.continue();
      requests += 1;
      await route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
    });
    const documentLoad = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/admin/schools",
    );
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Schools" }).click();
    await documentLoad;
    await page.getByRole("heading", { name: "Schools", level: 1 }).waitFor();
    expect(requests).toBe(4);
    expect(await page.getByText("Something went wrong!").count()).toBe(0);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).waitFor();
  });
});
