/**
 * No Content-Security-Policy violation on any page, with JavaScript on.
 *
 * The CSP allows scripts by nonce only, with no 'unsafe-eval'. zod's client
 * build probed `new Function` to decide whether it may compile its parsers,
 * which the browser reported as a violation on every page that loaded zod;
 * the browser now loads no zod at all (ADR 141). Every screen of the actors
 * data (createActorsWorld) is visited, the forms are typed into and left (where client-side
 * validation ran), and the lazy parts are opened: the profile menu, the
 * password dialog, a flash message.
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import { type Actor, type ActorCredentials, type ActorsWorld, createActorsWorld } from "./authorization-matrix.support";
import { listScreens, type Screen, signInContext } from "./third-party.screens";

let app: AppServer<ActorsWorld>;
let screens: Screen[];
let actors: Record<Actor, ActorCredentials>;

beforeAll(async () => {
  // The actors and their data are the file's own (createActorsWorld).
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true, fixtures: createActorsWorld });
  ({ screens, actors } = await listScreens(app));
});

/** Every violation the browser reports, on any page of the context: the event, and the console line. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", ({ page }, text: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(`${new URL(message.page()?.url() ?? app.baseURL).pathname}: console: ${message.text()}`);
    }
  });
  return violations;
}

/** Types into the page's first text input and leaves it: the moment client-side validation ran. */
async function typeAndLeave(page: Page) {
  const input = page.locator("main input[type=text], main input[type=email], main input:not([type])").first();
  if ((await input.count()) === 0 || !(await input.isVisible())) return;
  await input.fill("x");
  await input.press("Tab");
}

test("no page, form, menu, dialog or message breaks the Content Security Policy", async () => {
  const found: string[] = [];
  for (const actor of new Set(screens.map((screen) => screen.actor))) {
    const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    const violations = await watchViolations(context);
    await signInContext(context, app.baseURL, actors[actor]);
    const page = await context.newPage();
    for (const screen of screens.filter((candidate) => candidate.actor === actor)) {
      await page.goto(screen.path, { waitUntil: "load" });
      await typeAndLeave(page);
      await page.waitForTimeout(200);
    }
    if (actor === "platformAdmin") {
      // The lazy parts: the dropdown, the password dialog (a failed submit shows its errors), a flash message.
      await page.goto("/admin/staff", { waitUntil: "networkidle" });
      await page.getByRole("button", { name: /Profile menu$/ }).click();
      await page.getByRole("menuitem", { name: "Update Password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change Password" });
      await dialog.getByLabel("Current Password", { exact: true }).fill("x");
      await dialog.getByLabel("Current Password", { exact: true }).press("Tab");
      await dialog.getByRole("button", { name: "Change Password" }).click();
      await dialog
        .getByText("Passwords don't match")
        .or(dialog.getByText("Please confirm your password"))
        .first()
        .waitFor();
      await page.keyboard.press("Escape");
      await page.goto("/admin/schools", { waitUntil: "networkidle" });
      await page.getByLabel("School name").fill(`CSP School ${Date.now()}`);
      await page.getByRole("button", { name: /^Create school/ }).click();
      await page
        .getByText(/created/)
        .first()
        .waitFor();
      await page.waitForTimeout(300);
    }
    await context.close();
    found.push(...violations);
  }
  expect(found).toEqual([]);
}, 240_000);
