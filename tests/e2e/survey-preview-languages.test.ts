/**
 * The teacher's survey preview in the survey's languages (issue #28 point 3,
 * ADR 240), in Chromium against the built app, with JavaScript on and off:
 * the preview offers the languages the survey has as plain links (the
 * default marked), the teacher switches to German and to Arabic and back,
 * and the page says which language is shown. The Arabic version is laid out
 * right to left (`dir="rtl"` on the survey content) and fits a 375 px screen.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer<E2eWorld>;
let surveyId: number;
let untranslatedId: number;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorld });
  const page = await signedInPage(false);
  const response = await page.context().request.get(`${app.baseURL}/api/surveys`);
  const { data } = (await response.json()) as { data: { id: number; fullSlug: string }[] };
  surveyId = data.find((survey) => survey.fullSlug === "surveys/starting-the-school-year")!.id;
  untranslatedId = data.find((survey) => survey.fullSlug === "surveys/class-climate")!.id;
});

async function signedInPage(javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL, viewport: { width, height: 900 } });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

const languageLinks = (page: Page) => page.getByRole("navigation", { name: "Survey language" });

/** The survey content's language and direction, as set and as the browser lays it out. */
async function contentLanguage(page: Page) {
  const content = page.locator(".survey-preview-content");
  return {
    lang: await content.getAttribute("lang"),
    dir: await content.getAttribute("dir"),
    direction: await page.locator("h1#survey-title").evaluate((element) => getComputedStyle(element).direction),
  };
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the teacher switches the preview to German and to Arabic, and back to the default", async () => {
    const page = await signedInPage(javaScriptEnabled);
    expect((await page.goto(`/survey/content/${surveyId}`))?.status()).toBe(200);
    const nav = languageLinks(page);
    // Only the languages the survey has; the one shown is the current one, the default marked.
    expect(await nav.getByRole("listitem").allTextContents()).toEqual(["English (default)", "Deutsch", "العربية"]);
    expect(await nav.locator('[aria-current="true"]').textContent()).toBe("English (default)");
    expect(await page.getByText("Shown in English.").count()).toBe(1);
    expect(await page.locator("h1#survey-title").textContent()).toBe("Starting the school year");

    await nav.getByRole("link", { name: "Deutsch" }).click();
    await page.waitForURL(`**/survey/content/${surveyId}?lang=de`);
    await page.getByRole("heading", { level: 1, name: "Der Start ins Schuljahr" }).waitFor();
    expect(await contentLanguage(page)).toEqual({ lang: "de", dir: "ltr", direction: "ltr" });
    expect(await page.getByText("Shown in German.").count()).toBe(1);
    expect(await languageLinks(page).locator('[aria-current="true"]').textContent()).toBe("Deutsch");
    expect(await page.getByRole("heading", { name: "Wie fühlst du dich beim neuen Schuljahr?" }).count()).toBe(1);
    // The preview's own words are the content's language's (ADR 229), with JavaScript on and off.
    expect(await page.locator("#survey-responses-heading").textContent()).toBe("Antwort");
    expect(await page.getByText("In der Orliverse-App kann hier gezeichnet werden!").count()).toBe(1);

    await languageLinks(page).getByRole("link", { name: "العربية" }).click();
    await page.waitForURL(`**/survey/content/${surveyId}?lang=ar`);
    await page.getByRole("heading", { level: 1, name: "بداية العام الدراسي" }).waitFor();
    expect(await contentLanguage(page)).toEqual({ lang: "ar", dir: "rtl", direction: "rtl" });
    expect(await page.getByText("Shown in Arabic.").count()).toBe(1);
    expect(await page.locator("#survey-responses-heading").textContent()).toBe("الإجابة");
    // The page around the survey stays in the teacher's language, left to right.
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");

    await languageLinks(page).getByRole("link", { name: "English (default)" }).click();
    await page.waitForURL(`**/survey/content/${surveyId}`);
    await page.getByRole("heading", { level: 1, name: "Starting the school year" }).waitFor();
    expect(await contentLanguage(page)).toEqual({ lang: "en", dir: "ltr", direction: "ltr" });
    expect(await page.locator("#survey-responses-heading").textContent()).toBe("Response");
  });

  test("the Arabic preview fits a 375 px screen; a survey without versions offers no switch", async () => {
    const page = await signedInPage(javaScriptEnabled, 375);
    await page.goto(`/survey/content/${surveyId}?lang=ar`);
    await page.getByRole("heading", { level: 1, name: "بداية العام الدراسي" }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The survey's own text starts at the right edge of its card.
    const [title, card] = await Promise.all([
      page.locator("h1#survey-title").boundingBox(),
      page.locator(".survey-preview-content").boundingBox(),
    ]);
    expect(Math.abs(title!.x + title!.width - (card!.x + card!.width))).toBeLessThan(2);

    await page.goto(`/survey/content/${untranslatedId}`);
    expect(await languageLinks(page).count()).toBe(0);
    expect(await page.getByText("Shown in English.").count()).toBe(1);
  });
});
