/**
 * Keyboard only (docs/security.md): sign in, change a password through the profile
 * menu, and bulk-create two staff members, with JavaScript on and off, using
 * nothing but page.keyboard (Tab, Shift+Tab, Enter, Space, Escape, typing). No mouse,
 * no locator.click() or fill(): locators only read what the page shows.
 *
 * Every step asserts where focus is (the focused control's label or name) and
 * that the focused control shows a focus indicator (an outline on it or on
 * its field box, or the highlight of a menu item).
 *
 * The accounts are the file's own (tests/support/e2e-world.ts), with a
 * password each: typing it is what these tests are about.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { addPassword, type FixtureKit } from "../support/app-fixtures";
import { jsModes, newPage } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

const PASSWORD = "Keyboard-Start-1";
const SIGNING_IN = ["teacher", "colleague", "schoolAdmin", "platformAdmin"] as const;

async function keyboardWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  for (const key of SIGNING_IN) await addPassword(kit.db, world.users[key], PASSWORD);
  return world;
}

let app: AppServer<Awaited<ReturnType<typeof keyboardWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: keyboardWorld });
});

/** A fixture user who signs in with the form. */
function accountOf(key: (typeof SIGNING_IN)[number]) {
  return { ...app.fixtures.users[key], password: PASSWORD };
}

interface Focused {
  /** The accessible name, as Playwright computes it for screen readers. */
  name: string;
  /** The ARIA role, e.g. textbox, button, menuitem, combobox. */
  role: string;
  /** The legend of the fieldset the control sits in, if any. */
  group: string;
  /** An outline on the control or its field box (up to two parents), or a highlighted menu item. */
  indicator: boolean;
}

async function focused(page: Page): Promise<Focused> {
  const state = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const group = (element.closest("fieldset")?.querySelector("legend")?.textContent ?? "").replace(/\s+/g, " ").trim();
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    };
    let indicator = false;
    for (
      let node: Element | null = element, depth = 0;
      node && depth <= 2 && !indicator;
      node = node.parentElement, depth++
    ) {
      indicator = outlined(node);
    }
    // Menu items show focus as a highlight: Radix marks it data-highlighted; the no-JS menu uses :focus-visible.
    if (element.getAttribute("role") === "menuitem") {
      const background = getComputedStyle(element).backgroundColor;
      indicator ||= background !== "rgba(0, 0, 0, 0)" && background !== "transparent";
    }
    // Name from content, for elements Playwright gives no role (a <summary>): text without aria-hidden parts.
    const text = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      if (!(node instanceof Element) || node.getAttribute("aria-hidden") === "true") return "";
      if (getComputedStyle(node).display === "none") return "";
      return [...node.childNodes].map(text).join(" ");
    };
    return { group, indicator, tag: element.tagName.toLowerCase(), content: text(element).replace(/\s+/g, " ").trim() };
  });
  if (!state) return { name: "", role: "none", group: "", indicator: false };
  // The first line of the focused element's ARIA snapshot: - role "name"
  const snapshot = await page.locator("*:focus").ariaSnapshot({ timeout: 5_000 });
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot.split("\n")[0] ?? "");
  const name = match?.[2]?.replace(/\\(.)/g, "$1");
  return { name: name ?? state.content, role: match?.[1] ?? state.tag, group: state.group, indicator: state.indicator };
}

/** Presses a key and says where focus went. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  return focused(page);
}

/** Asserts the focused control: its name (exact, or matching) and its focus indicator. */
async function expectFocus(page: Page, name: string | RegExp, group?: string): Promise<void> {
  const now = await focused(page);
  if (typeof name === "string") expect(now.name, JSON.stringify(now)).toBe(name);
  else expect(now.name, JSON.stringify(now)).toMatch(name);
  if (group !== undefined) expect(now.group).toBe(group);
  expect(now.indicator, `focus indicator on ${JSON.stringify(now)}`).toBe(true);
}

/** Tabs forward until the named control has focus; fails after `max` presses. Returns the names passed on the way. */
async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { group?: string; max?: number } = {},
): Promise<string[]> {
  const path: string[] = [];
  for (let presses = 0; presses < (options.max ?? 40); presses++) {
    const now = await press(page, "Tab");
    path.push(now.name || `(${now.role})`);
    const matches = typeof name === "string" ? now.name === name : name.test(now.name);
    if (matches && (options.group === undefined || now.group === options.group)) {
      await expectFocus(page, name, options.group);
      return path;
    }
  }
  throw new Error(
    `Tab never reached ${name}${options.group ? ` in ${options.group}` : ""}; focus went through: ${path.join(" → ")}`,
  );
}

/** Tab, then assert focus is on the named control. */
async function tab(page: Page, name: string | RegExp, group?: string): Promise<void> {
  await page.keyboard.press("Tab");
  await expectFocus(page, name, group);
}

/**
 * Waits until the page is the one asked for and, with JavaScript, hydrated:
 * the login page's Show Password toggle, or the signed-in header's profile
 * menu button, only appears once React runs. (The URL alone is not enough:
 * it changes before the new screen is drawn.)
 */
async function ready(page: Page, javaScriptEnabled: boolean, screen: "login" | "signed-in"): Promise<void> {
  await page.waitForLoadState("load");
  const selector =
    screen === "login"
      ? javaScriptEnabled
        ? "form button[aria-pressed]"
        : "form input[type=password]"
      : javaScriptEnabled
        ? "header button.profile-trigger"
        : "header details.profile-menu";
  await page.locator(selector).first().waitFor({ timeout: 15_000 });
}

/** The flash message, whichever way it is shown (server status region or sonner). */
async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Where each role lands after signing in: admins on Staff, teachers on their first class (after /class/-1/home redirects). */
function landing(role: string): RegExp {
  return role === "admin" ? /^\/admin\/staff$/ : /^\/class\/\d+\/home$/;
}

/**
 * Signs in on /login with the keyboard: Tab to E-mail, type, Tab to Password,
 * type, Tab to Sign in, Enter; then waits for the last redirect to settle.
 */
async function signInByKeyboard(
  page: Page,
  javaScriptEnabled: boolean,
  account: { email: string; password: string; role: string },
): Promise<void> {
  const { email, password } = account;
  await page.goto("/login");
  await ready(page, javaScriptEnabled, "login");
  await tabTo(page, "E-mail", { max: 5 });
  await page.keyboard.type(email);
  await tab(page, "Password");
  await page.keyboard.type(password);
  if (javaScriptEnabled) await tab(page, "Show Password");
  await tab(page, "Sign in");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => landing(account.role).test(url.pathname), { timeout: 15_000 });
  await ready(page, javaScriptEnabled, "signed-in");
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "on" : "off";

  test("sign in with the keyboard alone", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const teacher = accountOf("teacher");
    await page.goto("/login");
    await ready(page, javaScriptEnabled, "login");
    // The first stops: the skip link, the logo link, then the form's fields in reading order.
    const path = await tabTo(page, "E-mail", { max: 5 });
    expect(path).toEqual(["Skip to main content", "Orliverse Classroom, start page", "E-mail"]);
    await page.keyboard.type(teacher.email);
    await tab(page, "Password");
    // The field left behind no longer shows a focus ring: the indicator follows focus.
    expect(
      await page
        .getByLabel("E-mail")
        .evaluate((input) => getComputedStyle(input.parentElement as Element).outlineStyle),
    ).toBe("none");
    await page.keyboard.type(teacher.password);
    if (javaScriptEnabled) {
      await tab(page, "Show Password");
      // Space toggles the password's visibility, and again hides it.
      await page.keyboard.press("Space");
      await expectFocus(page, "Hide Password");
      await expect(page.getByLabel("Password", { exact: true }).getAttribute("type")).resolves.toBe("text");
      await page.keyboard.press("Space");
      await expect(page.getByLabel("Password", { exact: true }).getAttribute("type")).resolves.toBe("password");
    }
    await tab(page, "Sign in");
    await tab(page, "Forgot your password?");
    await page.keyboard.press("Shift+Tab");
    await expectFocus(page, "Sign in");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => landing(teacher.role).test(url.pathname), { timeout: 15_000 });
    await page.locator("header").getByText(teacher.name).waitFor();
  });

  test("change the password through the profile menu with the keyboard alone", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    // Each mode changes a different account's password.
    const account = accountOf(javaScriptEnabled ? "colleague" : "schoolAdmin");
    await signInByKeyboard(page, javaScriptEnabled, account);
    const trigger = new RegExp(`^${account.name} ${account.email.replace(/\./g, "\\.")} .*Profile menu$`);
    // The sign-in page is a plain page (ADR 170): signing in loads the landing page afresh, focus at its top.
    // From the top of the page: (the skip link,) the logo, then the profile menu's trigger, named by what it shows.
    const path = await tabTo(page, /Profile menu$/, { max: 4 });
    expect(path.length).toBeLessThanOrEqual(3);
    expect(path.filter((name) => name !== "Skip to main content")).toHaveLength(2);
    await expectFocus(page, trigger);
    await page.keyboard.press("Enter");
    const next = `Keyboard-Pass-${javaScriptEnabled ? 5 : 6}`;

    if (javaScriptEnabled) {
      // The menu opens on its first item; Enter opens the dialog on its first field.
      await page.getByRole("menu").waitFor();
      await expectFocus(page, "Update Password");
      await expect(focused(page).then((now) => now.role)).resolves.toBe("menuitem");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Change Password" });
      await dialog.waitFor();
      await expect.poll(async () => (await focused(page)).name, { timeout: 15_000 }).toBe("Current Password");
      await expectFocus(page, "Current Password");
      // Escape closes the dialog and gives focus back to the menu's trigger.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(async () => (await focused(page)).name, { timeout: 15_000 }).toMatch(trigger);
      await expectFocus(page, trigger);
      // Again, this time with Space on the trigger, and the password changed.
      await page.keyboard.press("Space");
      await page.getByRole("menu").waitFor();
      await expectFocus(page, "Update Password");
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await expect.poll(async () => (await focused(page)).name, { timeout: 15_000 }).toBe("Current Password");
      await page.keyboard.type(account.password);
      await tab(page, "Show Current Password");
      await tab(page, "New Password");
      await page.keyboard.type(next);
      await tab(page, "Show New Password");
      await tab(page, "Confirm New Password");
      await page.keyboard.type(next);
      await tab(page, "Show Confirm New Password");
      await tab(page, "Cancel");
      await tab(page, "Change Password");
      // Focus stays inside the modal dialog: Tab from its last control wraps to its first.
      await tab(page, "Current Password");
      await page.keyboard.press("Shift+Tab");
      await expectFocus(page, "Change Password");
      // Every key landed where it was typed (the menu closing late once stole focus and the first letters).
      await expect(
        dialog
          .locator("input[type=password]")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).resolves.toEqual([account.password, next, next]);
      await page.keyboard.press("Enter");
      await expectToast(page, "Password changed successfully!");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(async () => (await focused(page)).name, { timeout: 15_000 }).toMatch(trigger);
    } else {
      // The <details> menu opens; its first item is the full password page.
      await tab(page, "Update Password");
      await page.keyboard.press("Enter");
      await page.waitForURL("**/account/password?**");
      await tabTo(page, "Current Password", { max: 10 });
      await page.keyboard.type(account.password);
      await tab(page, "New Password");
      await page.keyboard.type(next);
      await tab(page, "Confirm New Password");
      await page.keyboard.type(next);
      await tab(page, "Cancel");
      await tab(page, "Change Password");
      await page.keyboard.press("Enter");
      await expectToast(page, "Password changed successfully!");
      expect(new URL(page.url()).pathname).not.toBe("/account/password");
    }

    // The database holds the new password: it signs in, and the old one no longer does.
    const signIn = (password: string) =>
      fetch(`${app.baseURL}/login`, {
        method: "POST",
        headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: account.email, password }),
        redirect: "manual",
      });
    expect((await signIn(account.password)).status).not.toBe(302);
    expect((await signIn(next)).status).toBe(302);
  });

  test("bulk-create two staff members with the keyboard alone", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const admin = accountOf("platformAdmin");
    await signInByKeyboard(page, javaScriptEnabled, admin);
    await page.goto("/admin/staff");
    await ready(page, javaScriptEnabled, "signed-in");
    // The list's "Add staff" link opens the form's page at the form; the next Tab is its first field.
    await tabTo(page, "Add staff");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/staff/new#add-staff");
    await tab(page, "Name", "Staff member 1");
    await page.keyboard.type(`Keyboard ${tag} One`);
    await tab(page, "E-mail", "Staff member 1");
    await page.keyboard.type(`keyboard.${tag}.1@riverside.example`);
    await tab(page, "Role", "Staff member 1");
    await tab(page, "School", "Staff member 1");
    // A closed native select picks an option by typing its first letters.
    await page.keyboard.type("Riverside");
    // Remove is disabled while there is one row, so Tab skips it.
    await tab(page, "Add another row");
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "Staff member 2" }).waitFor();

    if (javaScriptEnabled) {
      // The new row is just before the button: Shift+Tab walks back into it.
      await expectFocus(page, "Add another row");
      for (const name of ["Remove staff member 2", "School", "Role", "E-mail", "Name"]) {
        await page.keyboard.press("Shift+Tab");
        await expectFocus(page, name);
      }
      await expectFocus(page, "Name", "Staff member 2");
    } else {
      // Without JavaScript the server redrew the page with two rows: Tab down to the new one.
      await tabTo(page, "Name", { group: "Staff member 2", max: 120 });
    }
    await page.keyboard.type(`Keyboard ${tag} Two`);
    await tab(page, "E-mail", "Staff member 2");
    await page.keyboard.type(`keyboard.${tag}.2@riverside.example`);
    await tab(page, "Role", "Staff member 2");
    await page.keyboard.type("Admin");
    await tab(page, "School", "Staff member 2");
    await page.keyboard.type("Riverside");
    await tab(page, "Remove staff member 2", "Staff member 2");
    await tab(page, "Add another row");
    await tab(page, "Create staff");
    await page.keyboard.press("Enter");

    await expectToast(page, "2 staff members created and invited.");
    const created = page.getByRole("region", { name: "Created staff" });
    for (const n of [1, 2]) await created.getByText(`keyboard.${tag}.${n}@riverside.example`).waitFor();
    // Both are in the staff list, in the riverside school, the second as an admin.
    const school = app.fixtures.riverside.name;
    await page.goto(`/admin/staff?q=${encodeURIComponent(`Keyboard ${tag}`)}`);
    const list = page.getByRole("region", { name: "Staff" });
    await list.getByText(`keyboard.${tag}.1@riverside.example`).waitFor();
    expect(await list.getByRole("row").count()).toBe(3);
    const rowText = async (n: number) =>
      list
        .getByRole("row")
        .filter({ hasText: `keyboard.${tag}.${n}@riverside.example` })
        .textContent();
    expect(await rowText(1)).toMatch(new RegExp(`Teacher.*${school}`));
    expect(await rowText(2)).toMatch(new RegExp(`Admin.*${school}`));
  });
});
