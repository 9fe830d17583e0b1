/**
 * Staff screens in the reader's language (issue #28, ADR 218), in Chromium:
 * a teacher switches to German through the profile menu with JavaScript off,
 * and every class screen is then German, with no English catalogue text left
 * (tests/support/english-left.ts); the choice is kept on the account, so a
 * new sign-in is German too; a teacher without a choice reads the school's
 * default; one whose school has none reads the browser's Accept-Language.
 * Then screenshots of the class home in German and Arabic (right to left)
 * at 375 and 1280 px, in /work/screens (SCREENS_DIR).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { schools, users } from "~/server/db/schema.server";
import { newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { englishTextsLeft } from "../support/english-left";
import { type AppServer, startAppServer } from "../support/server";

const SCREENS_DIR = process.env.SCREENS_DIR ?? "/work/screens";

/**
 * The e2e world, plus: Hillside's default language is French; the Riverside
 * school admin chose Arabic; a second session of the teacher (another sign-in).
 */
async function createLanguageWorld(kit: Parameters<typeof createE2eWorld>[0]) {
  const world = await createE2eWorld(kit);
  await kit.db.update(schools).set({ locale: "fr" }).where(eq(schools.id, world.hillside.id));
  await kit.db.update(users).set({ locale: "ar" }).where(eq(users.id, world.users.schoolAdmin.id));
  return { ...world, laterSignIn: await kit.sessionFor(world.users.teacher) };
}

let app: AppServer<Awaited<ReturnType<typeof createLanguageWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createLanguageWorld });
});

async function pageFor(
  session: { token: string },
  options: { javaScriptEnabled: boolean; locale?: string; viewport?: { width: number; height: number } },
): Promise<Page> {
  const page = await newPage({ ...options, baseURL: app.baseURL });
  await signIn(page.context(), app, session);
  return page;
}

/** The page's <html lang> and dir. */
async function htmlLanguage(page: Page) {
  const html = page.locator("html");
  return { lang: await html.getAttribute("lang"), dir: await html.getAttribute("dir") };
}

/** Every class screen of 5A, and the teacher's other staff pages. */
function classScreens() {
  const world = app.fixtures;
  const base = `/class/${world.class5A.id}`;
  const student = world.students[world.class5A.name][0];
  return [
    `${base}/home`,
    `${base}/students/manage`,
    `${base}/students/manage?add=1`,
    `${base}/student/${student.id}`,
    `${base}/student/${student.id}?edit=1`,
    `${base}/student/${student.id}/delete`,
    `${base}/surveys/manage`,
    `${base}/surveys/library`,
    `${base}/surveys/results/${world.completed[world.class5A.name].id}`,
    `${base}/surveys/results/${world.running[world.class5A.name].id}`,
    `${base}/projector`,
    `${base}/assignments/${world.running[world.class5A.name].id}/projector`,
    `${base}/assignments/${world.running[world.class5A.name].id}/projector?refresh=5`,
    `${base}/students/cards`,
    `${base}/create`,
    "/account/password",
  ];
}

async function expectGermanEverywhere(page: Page) {
  for (const screen of classScreens()) {
    const response = await page.goto(screen);
    expect(response?.status(), screen).toBe(200);
    expect(await htmlLanguage(page), screen).toEqual({ lang: "de", dir: "ltr" });
    const html = (await response?.text()) ?? "";
    expect(englishTextsLeft(html, "de"), screen).toEqual([]);
  }
}

describe("a teacher's own language", () => {
  test("with JavaScript off, the profile menu's form switches to German and every class screen is German", async () => {
    const page = await pageFor(app.fixtures.sessions.teacher, { javaScriptEnabled: false });
    const home = `/class/${app.fixtures.class5A.id}/home`;
    const english = await page.goto(home);
    expect((await htmlLanguage(page)).lang).toBe("en");
    await page.getByRole("heading", { name: "Active surveys" }).waitFor();
    // The check can fail: the English page, read as if it were German, is full of English texts.
    expect(englishTextsLeft((await english?.text()) ?? "", "de").length).toBeGreaterThan(10);

    await page.locator("summary", { hasText: "Profile menu" }).click();
    await page.getByLabel("Language", { exact: true }).selectOption("de");
    await page.getByRole("button", { name: "Change language" }).click();

    // Back on the same page, now in German, with the toast in German.
    expect(new URL(page.url()).pathname).toBe(home);
    await page.getByRole("heading", { name: "Laufende Umfragen" }).waitFor();
    await page.getByText("Sprache gespeichert.").first().waitFor();
    await expectGermanEverywhere(page);
  });

  test("the choice is kept on the account: a later sign-in reads German, and the toasts are German", async () => {
    const page = await pageFor(app.fixtures.laterSignIn, { javaScriptEnabled: false, locale: "en-GB" });
    const manage = `/class/${app.fixtures.class5A.id}/students/manage`;
    await page.goto(manage);
    expect(await htmlLanguage(page)).toEqual({ lang: "de", dir: "ltr" });
    await page.getByRole("heading", { name: "Schüler", exact: true }).waitFor();
    await page.getByRole("button", { name: "Sprache der Klasse speichern" }).waitFor();
    // A form on the screen answers in German too.
    await page.getByRole("button", { name: "Code erzeugen" }).click();
    await page
      .getByText(/^Neuer Klassencode .+ ist aktiv\.$/)
      .first()
      .waitFor();
  });

  test("choosing the default again goes back to the browser's language", async () => {
    const page = await pageFor(app.fixtures.laterSignIn, { javaScriptEnabled: false, locale: "en-GB" });
    await page.goto(`/class/${app.fixtures.class5A.id}/home`);
    await page.locator("summary", { hasText: "Profilmenü" }).click();
    await page.getByLabel("Sprache", { exact: true }).selectOption("");
    await page.getByRole("button", { name: "Sprache ändern" }).click();
    await page.getByRole("heading", { name: "Active surveys" }).waitFor();
    expect((await htmlLanguage(page)).lang).toBe("en");
  });
});

describe("without a choice of their own", () => {
  test("a teacher reads the school's default language (Hillside: French), whatever the browser asks", async () => {
    const page = await pageFor(app.fixtures.sessions.otherTeacher, { javaScriptEnabled: false, locale: "de-DE" });
    const response = await page.goto(`/class/${app.fixtures.hillClass.id}/home`);
    expect(await htmlLanguage(page)).toEqual({ lang: "fr", dir: "ltr" });
    await page.getByRole("heading", { name: "Questionnaires en cours" }).waitFor();
    expect(englishTextsLeft((await response?.text()) ?? "", "fr")).toEqual([]);
  });

  test("a teacher whose school has no default reads the browser's Accept-Language (Spanish)", async () => {
    const page = await pageFor(app.fixtures.sessions.colleague, { javaScriptEnabled: false, locale: "es-ES" });
    const response = await page.goto(`/class/${app.fixtures.class6.id}/home`);
    expect(await htmlLanguage(page)).toEqual({ lang: "es", dir: "ltr" });
    await page.getByRole("heading", { name: "Encuestas activas" }).waitFor();
    expect(englishTextsLeft((await response?.text()) ?? "", "es")).toEqual([]);
  });
});

describe("screenshots of the class home", () => {
  for (const width of [375, 1280]) {
    test(`German and Arabic at ${width} px: nothing scrolls sideways; Arabic lays out right to left`, async () => {
      mkdirSync(SCREENS_DIR, { recursive: true });
      const home = `/class/${app.fixtures.class5A.id}/home`;
      const shots: [string, { token: string }, string][] = [
        ["de", app.fixtures.laterSignIn, "Laufende Umfragen"],
        ["ar", app.fixtures.sessions.schoolAdmin, "الاستبيانات الجارية"],
      ];
      // The German reader: the teacher chose German again.
      const setUp = await pageFor(app.fixtures.laterSignIn, { javaScriptEnabled: false });
      await setUp.request.post(`${app.baseURL}/account/language`, {
        form: { locale: "de", redirectTo: home },
        headers: { Origin: app.baseURL },
        maxRedirects: 0,
      });
      for (const [language, session, heading] of shots) {
        const page = await pageFor(session, { javaScriptEnabled: true, viewport: { width, height: 900 } });
        await page.goto(home);
        await page.getByRole("heading", { name: heading }).waitFor();
        expect(await htmlLanguage(page)).toEqual({ lang: language, dir: language === "ar" ? "rtl" : "ltr" });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${language} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        if (language === "ar") {
          // Right to left: the class's name starts at the right edge, the profile menu sits at the left.
          const title = await page.getByRole("heading", { level: 1 }).first().boundingBox();
          expect(title!.x + title!.width).toBeGreaterThan(width / 2);
        }
        await page.screenshot({ path: path.join(SCREENS_DIR, `class-home-${language}-${width}.png`), fullPage: true });
      }
    });
  }
});
