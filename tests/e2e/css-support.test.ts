/**
 * CSS that degrades (docs/performance.md): the built stylesheets checked by
 * an outside tool (doiuse, caniuse's data) against the supported browsers,
 * and the screens read with the CSS an old engine keeps.
 *
 * OLD_ENGINE_SCREENSHOTS=<dir> saves the screens this file visits, as an old
 * engine would draw them, for people to look at.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { demoAccount, newContext } from "../support/browser";
import { CSS_FEATURE_DECISIONS, colorMixWithoutFallback, unsupportedCssFeatures } from "../support/css-support";
import { asOldEngine } from "../support/old-engine-css";
import { sharedDemoServer } from "../support/server";

let app: { baseURL: string };

beforeAll(() => {
  app = sharedDemoServer();
});

test("every CSS feature a supported browser lacks has a decision in docs/performance.md", async () => {
  const findings = await unsupportedCssFeatures();
  expect(findings.length).toBeGreaterThan(5);
  const undecided = findings
    .filter((finding) => !CSS_FEATURE_DECISIONS[finding.feature])
    .map((finding) => `${finding.feature} (${finding.title}): ${finding.message}; e.g. ${finding.example}`);
  expect(undecided, "decide, and add the feature to CSS_FEATURE_DECISIONS and docs/performance.md").toEqual([]);
});

test("every color-mix() in our CSS has a fallback for browsers without it", () => {
  expect(colorMixWithoutFallback()).toEqual([]);
});

const screenshots = process.env.OLD_ENGINE_SCREENSHOTS;

async function look(page: Page, name: string) {
  // Measured once the page's stylesheets have arrived (they pass through the rewriting route below,
  // which takes a moment): a heading can be on screen before them, and an unstyled table is wide.
  await page.waitForLoadState("load");
  // Nothing may stick out sideways on a phone: the page must not need a horizontal scroll.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(1);
  if (screenshots) {
    mkdirSync(screenshots, { recursive: true });
    const width = page.viewportSize()?.width;
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
}

for (const width of [1280, 375]) {
  test(`with the CSS an old engine keeps, sign-in, class home and results stay usable at ${width} px`, async () => {
    const context = await newContext({
      javaScriptEnabled: false,
      baseURL: app.baseURL,
      viewport: { width, height: 900 },
    });
    await context.route("**/assets/*.css", async (route) => {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, body: asOldEngine(await response.text()) });
      } catch (error) {
        // The test ended (its context closed) while a stylesheet was on its way: nothing left to serve.
        if (!/disposed|closed/i.test(String(error))) throw error;
      }
    });
    const page = await context.newPage();
    const teacher = demoAccount("teacher");

    await page.goto("/login");
    await look(page, "old-engine-login");
    // Playwright fills and clicks only what is visible, enabled and not covered.
    await page.getByLabel("E-mail").fill(teacher.email);
    await page.getByLabel("Password", { exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/class\/\d+\/home$/);

    await page.getByRole("heading", { name: "5A Sunflowers", level: 1 }).waitFor();
    expect(await page.getByTestId("class-code").isVisible()).toBe(true);
    await look(page, "old-engine-class-home");
    await page
      .getByRole("link", { name: /^See results/ })
      .first()
      .click();

    await page.getByRole("heading", { name: /^Results: / }).waitFor();
    expect(await page.getByRole("link", { name: "Download CSV" }).isVisible()).toBe(true);
    await look(page, "old-engine-results");

    // The plain profile menu still opens and signs out.
    await page.locator("summary", { hasText: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
  });
}
