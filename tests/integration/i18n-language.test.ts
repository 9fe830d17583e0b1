/**
 * The page's language (ADR 216), through the whole pipeline (root middleware,
 * remix-i18next's detector, the root loader, the server render): `<html lang
 * dir>` and the catalogue's text. Staff: their own choice, else the school's,
 * else Accept-Language. Students and visitors: the choice kept in the `lng`
 * cookie (set by `?lng=`), else the class's language, else the school's, else
 * Accept-Language.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { classCodes, classes, schools, users } from "~/server/db/schema.server";
import { RESOURCES } from "~/server/i18n/catalogues.server";
import { languageCookie } from "~/server/i18n/i18n.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { demoSessionCookie, type InProcessApp, startInProcessApp } from "../support/app-handler";

let server: InProcessApp;
/** The cookie `?lng=ar` sets. */
const arabic = async () => (await languageCookie.serialize("ar")).split(";")[0];
const BASE = "http://school.test";

beforeAll(async () => {
  server = await startInProcessApp();
});

afterAll(async () => {
  await server?.stop();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await server.handle(new Request(`${BASE}${path}`, { headers }));
  const html = await response.text();
  const htmlTag = html.match(/<html[^>]*>/)?.[0] ?? "";
  return { response, html, htmlTag };
}

test("with nothing to go on, the page is English, left to right", async () => {
  const { htmlTag, html } = await page("/login");
  expect(htmlTag).toContain('lang="en"');
  expect(htmlTag).toContain('dir="ltr"');
  expect(html).toContain("Skip to main content");
});

test("the browser's Accept-Language chooses a language the app has", async () => {
  const german = await page("/login", { "Accept-Language": "de-AT,de;q=0.9,en;q=0.5" });
  expect(german.htmlTag).toContain('lang="de"');
  expect(german.html).toContain("Zum Hauptinhalt springen");
  expect(german.html).not.toContain("Skip to main content");
  const unknown = await page("/login", { "Accept-Language": "ja,zh;q=0.8" });
  expect(unknown.htmlTag).toContain('lang="en"');
});

/** Every plain message of a language's catalogue of a namespace with at least three words (no arguments). */
function plainMessages(language: string, namespace: "common" | "staff" | "student"): string[] {
  const catalogue = RESOURCES[language][namespace] as Record<string, string>;
  return Object.values(catalogue).filter((message) => !/[{}']/.test(message) && message.split(" ").length >= 3);
}

test("a staff page carries only the texts it shows: its data names the catalogues' files, it holds none (issue 34)", async () => {
  const cookie = await demoSessionCookie(server, "teacher");
  const { db } = server.app;
  const [klass] = await db.select({ id: classes.id }).from(classes).limit(1);
  for (const language of ["de", "ar"]) {
    const { html, htmlTag } = await page(`/class/${klass.id}/home?lng=${language}`, { Cookie: cookie });
    expect(htmlTag).toContain(`lang="${language}"`);
    const shown = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    const messages = [...plainMessages(language, "staff"), ...plainMessages(language, "common")];
    // The check can fail: the page shows catalogue texts, and the catalogue has many more.
    expect(messages.filter((message) => shown.includes(message)).length).toBeGreaterThan(5);
    expect(messages.length).toBeGreaterThan(300);
    const carried = messages.filter((message) => html.includes(message) && !shown.includes(message));
    expect(carried, language).toEqual([]);
    // What the browser gets instead: the URLs of this language's catalogue files, preloaded.
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/i18n/${language}/staff.`);
    expect(html).toMatch(new RegExp(`"/i18n/${language}/common\\.[\\w-]{10}\\.json"`));
  }
});

test("?lng= chooses the language and keeps it in a cookie; Arabic is right to left", async () => {
  const chosen = await page("/join?lng=ar", { "Accept-Language": "de" });
  expect(chosen.htmlTag).toContain('lang="ar"');
  expect(chosen.htmlTag).toContain('dir="rtl"');
  const cookie = chosen.response.headers.getSetCookie().find((value) => value.startsWith("lng="));
  expect(cookie).toMatch(/^lng=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax$/);
  const later = await page("/join", { Cookie: cookie!.split(";")[0], "Accept-Language": "de" });
  expect(later.htmlTag).toContain('lang="ar"');
  expect(later.htmlTag).toContain('dir="rtl"');
  // Not a language of the app: ignored, and no cookie.
  const bogus = await page("/join?lng=xx");
  expect(bogus.htmlTag).toContain('lang="en"');
  expect(bogus.response.headers.getSetCookie().some((value) => value.startsWith("lng="))).toBe(false);
});

test("staff: their own choice, else their school's, else the browser's", async () => {
  const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
  const cookie = await demoSessionCookie(server, "teacher");
  const { db } = server.app;
  const [user] = await db.select().from(users).where(eq(users.email, teacher.email));
  try {
    expect((await page("/home", { Cookie: cookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="pl"');
    await db.update(schools).set({ locale: "fr" }).where(eq(schools.id, user.schoolId!));
    expect((await page("/home", { Cookie: cookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="fr"');
    await db.update(users).set({ locale: "es" }).where(eq(users.id, user.id));
    expect((await page("/home", { Cookie: cookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="es"');
    // A student's language cookie in the same browser does not override the staff member's own choice.
    expect(
      (await page("/home", { Cookie: `${cookie}; ${await arabic()}`, "Accept-Language": "pl" })).htmlTag,
    ).toContain('lang="es"');
  } finally {
    await db.update(users).set({ locale: null }).where(eq(users.id, user.id));
    await db.update(schools).set({ locale: null }).where(eq(schools.id, user.schoolId!));
  }
});

test("a signed-in student: the class's language, else the school's; their own choice wins", async () => {
  const joined = await server.handle(
    new Request(`${BASE}/join`, {
      method: "POST",
      headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: "SUNNY-4821", firstName: "Lina", lastName: "Lang" }),
    }),
  );
  expect(joined.status).toBe(302);
  const studentCookie = joined.headers
    .getSetCookie()
    .find((value) => value.startsWith("__student="))!
    .split(";")[0];
  const { db } = server.app;
  const [klass] = await db
    .select({ id: classes.id, schoolId: classes.schoolId })
    .from(classCodes)
    .innerJoin(classes, eq(classes.id, classCodes.classId))
    .where(eq(classCodes.code, "SUNNY-4821"));
  try {
    expect((await page("/student", { Cookie: studentCookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="pl"');
    await db.update(schools).set({ locale: "fr" }).where(eq(schools.id, klass.schoolId));
    expect((await page("/student", { Cookie: studentCookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="fr"');
    await db.update(classes).set({ locale: "de" }).where(eq(classes.id, klass.id));
    expect((await page("/student", { Cookie: studentCookie, "Accept-Language": "pl" })).htmlTag).toContain('lang="de"');
    expect(
      (await page("/student", { Cookie: `${studentCookie}; ${await arabic()}`, "Accept-Language": "pl" })).htmlTag,
    ).toContain('dir="rtl"');
  } finally {
    await db.update(classes).set({ locale: null }).where(eq(classes.id, klass.id));
    await db.update(schools).set({ locale: null }).where(eq(schools.id, klass.schoolId));
  }
});

test("the student API answers its messages in the request's language, its codes unchanged", async () => {
  const join = (language: string) =>
    server.handle(
      new Request(`${BASE}/api/student/v1/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": language },
        body: JSON.stringify({ code: "NOPE-0000", firstName: "Ada", lastName: "Api" }),
      }),
    );
  const english = await join("en");
  const german = await join("de");
  expect(english.status).toBe(404);
  expect(german.status).toBe(404);
  expect(await english.json()).toEqual({
    code: "CLASS_CODE_NOT_FOUND",
    message: "This class code is not valid. Check the code and try again.",
  });
  expect(await german.json()).toEqual({
    code: "CLASS_CODE_NOT_FOUND",
    message: "Dieser Klassencode stimmt nicht. Prüfe den Code und versuch es noch einmal.",
  });
  const missing = await (
    await server.handle(
      new Request(`${BASE}/api/student/v1/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "fr" },
        body: JSON.stringify({ code: "" }),
      }),
    )
  ).json();
  expect(missing.fieldErrors.code).toEqual(["Écris le code de la classe"]);
});
