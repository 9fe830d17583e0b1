/**
 * Staff screens in the reader's language (issue #28, ADR 218), in Chromium:
 * a teacher switches to German through the profile menu with JavaScript off,
 * and every class screen is then German, with no English catalogue text left
 * (tests/support/english-left.ts); the choice is kept on the account, so a
 * new sign-in is German too; a teacher without a choice reads the school's
 * default; one whose school has none reads the browser's Accept-Language.
 * Then screenshots of the class home in German and Arabic (right to left)
 * at 375 and 1280 px, in the screens folder (SCREENS_DIR, tests/support/screens-dir.ts).
 *
 * The public and newest screens too (ADR 227), with JavaScript on and off: sign-in
 * with the school provider's button, sign-up and its form errors, sign-up
 * through a school's invitation link, the provider sign-in's problem pages
 * (a real OpenID provider on loopback), the password pages, and the admin's
 * school page (Staff sign-in, Move into a school) and staff page
 * (Invitation link), all German with no English catalogue text left.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schools, users } from "~/server/db/schema.server";
import { createSchoolInvitation } from "~/server/schools/invitations.server";
import { createSelfSchool } from "~/server/schools/self-schools.server";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { englishTextsLeft } from "../support/english-left";
import { actorOf, createUser } from "../support/fixtures";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { screensDir } from "../support/screens-dir";
import { type AppServer, freePort, startAppServer } from "../support/server";

const SCREENS_DIR = screensDir();

/**
 * The e2e world, plus: Hillside's default language is French; the Riverside
 * school admin chose Arabic; a second session of the teacher (another sign-in);
 * Riverside's invitation link; a school a teacher made by signing up.
 */
async function createLanguageWorld(kit: Parameters<typeof createE2eWorld>[0]) {
  const world = await createE2eWorld(kit);
  await kit.db.update(schools).set({ locale: "fr" }).where(eq(schools.id, world.hillside.id));
  await kit.db.update(users).set({ locale: "ar" }).where(eq(users.id, world.users.schoolAdmin.id));
  const invitation = await createSchoolInvitation(kit.db, world.actors.schoolAdmin, world.riverside.id);
  const selfSchool = await kit.db.transaction((tx) => createSelfSchool(tx, "Tom Baker", "de"));
  const selfTeacher = await createUser(kit.db, { schoolId: selfSchool.id, name: "Tom Baker" });
  return {
    ...world,
    laterSignIn: await kit.sessionFor(world.users.teacher),
    invitationToken: invitation.token,
    selfSchool,
    selfTeacher: actorOf(selfTeacher),
  };
}

let app: AppServer<Awaited<ReturnType<typeof createLanguageWorld>>>;
let google: OidcTestProvider;

beforeAll(async () => {
  const port = await freePort();
  google = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/auth/oidc/google/callback`] });
  app = await startAppServer({
    port,
    fixtures: createLanguageWorld,
    env: {
      OIDC_GOOGLE_ISSUER: google.issuer,
      OIDC_GOOGLE_CLIENT_ID: google.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
    },
  });
});

afterAll(async () => {
  await google?.close();
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

/** The page's HTML, checked: the status, German `<html lang>`, and no English catalogue text. */
async function expectGerman(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  expect(await htmlLanguage(page), path).toEqual({ lang: "de", dir: "ltr" });
  expect(englishTextsLeft((await response?.text()) ?? "", "de"), path).toEqual([]);
}

describe.each(jsModes)("the public pages and the newest cards in German ($name)", ({ javaScriptEnabled }) => {
  /** A visitor whose browser asks for German. */
  const visitor = () => newPage({ javaScriptEnabled, locale: "de-DE", baseURL: app.baseURL });

  test("/login and /signup have a visible language switch that keeps the page and its parameters", async () => {
    const page = await newPage({ javaScriptEnabled, locale: "en-GB", baseURL: app.baseURL });
    await page.goto("/login?redirectTo=%2Fhome");
    await page.getByRole("combobox", { name: "Language" }).selectOption("de");
    await page.getByRole("button", { name: "Change language" }).click();
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/home");
    await page.goto("/signup");
    // the choice is kept (the lng cookie), and the switch is there too
    await page.getByRole("combobox", { name: "Sprache" }).selectOption("ar");
    await page.getByRole("button", { name: "Sprache ändern" }).click();
    await page.waitForURL("**/signup?lng=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  });

  test("sign-in shows the school provider's button in German; the password pages are German", async () => {
    const page = await visitor();
    // The check can fail: the sign-in page read as English is full of catalogue texts.
    const english = await newPage({ javaScriptEnabled, locale: "en-GB", baseURL: app.baseURL });
    const englishLogin = await english.goto("/login");
    expect(englishTextsLeft((await englishLogin?.text()) ?? "", "de").length).toBeGreaterThan(5);

    await expectGerman(page, "/login");
    await page.getByRole("button", { name: "Mit Google anmelden" }).waitFor();
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    expect(await page.title()).toBe("Anmelden · Orliverse Classroom");
    await expectGerman(page, "/forgot-password");
    await expectGerman(page, "/reset-password");
    await page.getByText("Dieser Link zum Zurücksetzen ist unvollständig.", { exact: false }).waitFor();
    await expectGerman(page, "/verify-email");
  });

  test("a wrong password and a sign-up that does not check out answer in German", async () => {
    const page = await visitor();
    await page.goto("/login");
    await page.getByLabel("E-Mail", { exact: true }).fill("nobody.here@test.example");
    await page.getByLabel("Passwort", { exact: true }).fill("Wrong-Pass-1");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("E-Mail-Adresse oder Passwort ist falsch.").waitFor();

    await expectGerman(page, "/signup");
    await page.getByRole("heading", { name: "Erstelle dein Lehrkraft-Konto" }).waitFor();
    await page.getByLabel("Vollständiger Name").fill("Greta Gans");
    await page.getByLabel("E-Mail", { exact: true }).fill("greta@test.example");
    await page.getByLabel("Passwort", { exact: true }).fill("short");
    await page.getByLabel("Passwort bestätigen", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await page.getByText("Das Passwort muss mindestens 8 Zeichen haben").waitFor();
    expect(englishTextsLeft(await page.content(), "de")).toEqual([]);
    // The passwords are never sent back: typed again, not the same twice.
    await page.getByLabel("Passwort", { exact: true }).fill("Langes-Passwort-9");
    await page.getByLabel("Passwort bestätigen", { exact: true }).fill("Anderes-Passwort-9");
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await page.getByText("Die Passwörter stimmen nicht überein").waitFor();
    expect(englishTextsLeft(await page.content(), "de")).toEqual([]);
  });

  test("sign-up through the school's invitation link is German", async () => {
    const page = await visitor();
    await expectGerman(page, `/signup?invite=${encodeURIComponent(app.fixtures.invitationToken)}`);
    await page.getByRole("heading", { name: `${app.fixtures.riverside.name} beitreten` }).waitFor();
    await expectGerman(page, "/signup?invite=made-up-token", 404);
    await page
      .getByText(
        "Dieser Einladungslink funktioniert nicht. Bitte die Administration deiner Schule um einen neuen Link.",
      )
      .waitFor();
  });

  test("the provider sign-in's problem pages are German", async () => {
    const page = await visitor();
    // Back from the provider with no sign-in started in this browser.
    await expectGerman(page, "/auth/oidc/google/callback?code=abc&state=xyz", 400);
    await page.getByRole("heading", { name: "Bitte fang noch einmal an" }).waitFor();
    // The provider says the person cancelled.
    await expectGerman(page, "/auth/oidc/google/callback?error=access_denied", 400);
    await page.getByRole("heading", { name: "Anmeldung abgebrochen" }).waitFor();
    await page.getByText("Die Anmeldung bei Google wurde abgebrochen", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Zurück zur Anmeldung" }).waitFor();
  });

  test("the admin's school page (Staff sign-in, Move into a school) and staff page (Invitation link) are German", async () => {
    const admin = await pageFor(app.fixtures.sessions.platformAdmin, { javaScriptEnabled, locale: "de-DE" });
    await expectGerman(admin, `/admin/schools/${app.fixtures.riverside.id}`);
    await admin.getByRole("heading", { name: "Anmeldung des Personals" }).waitFor();
    await expectGerman(admin, `/admin/schools/${app.fixtures.selfSchool.id}`);
    await admin.getByRole("heading", { name: "In eine Schule verschieben" }).waitFor();
    // A form error on the card is German too.
    await admin.getByRole("button", { name: "Lehrkraft verschieben" }).click();
    await admin.getByText("Wähle die Schule, in die die Lehrkraft kommen soll").waitFor();

    // The Riverside school admin chose Arabic: ?lng=de shows this page in German.
    const schoolAdmin = await pageFor(app.fixtures.sessions.schoolAdmin, { javaScriptEnabled });
    await expectGerman(schoolAdmin, "/admin/staff?lng=de");
    await schoolAdmin.getByRole("heading", { name: "Einladungslink" }).waitFor();
    await schoolAdmin.getByText(/^Ein Link ist bis .+ aktiv\. 0 Lehrkräfte haben sich damit registriert\.$/).waitFor();
  });
});
