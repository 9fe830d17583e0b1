/**
 * The account mails in the recipient's language (issue #28, ADR 227): a
 * password reset is written in the user's own language, else their school's,
 * else the language of the page that asked for it; a sign-up's confirmation in
 * the sign-up page's; the "how to sign in" mail of a school that requires its
 * provider names the buttons as the reader sees them. And a refusal with a
 * number in it (a rate limit) is said in the reader's language while its
 * English message stays as the API and the logs read it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import type { App } from "~/server/app.server";
import { requestPasswordReset, signUp, verifyCredentials } from "~/server/auth/accounts.server";
import type { OidcProviderConfig } from "~/server/config.server";
import type { Db } from "~/server/db/client.server";
import { emailOutbox, rateLimits, schools, users } from "~/server/db/schema.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { sayRefusal } from "~/server/i18n/refusal-text.server";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { createTestApp } from "../support/test-app";

let db: Db;
let app: App;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  app = await createTestApp(database, { SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "silent" });
});

beforeEach(async () => {
  await db.delete(rateLimits);
});

const google: OidcProviderConfig = {
  id: "google",
  name: "Google",
  issuer: "https://accounts.google.com",
  clientId: "c",
  clientSecret: "s",
};

async function mailsTo(email: string) {
  await app.mailer.idle();
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.id);
}

test("a password reset mail is in the user's own language (German), with the link", async () => {
  const school = await createSchool(db);
  await db.update(schools).set({ locale: "fr" }).where(eq(schools.id, school.id));
  const user = await createUser(db, { schoolId: school.id, name: "Jana Berger" });
  await db.update(users).set({ locale: "de" }).where(eq(users.id, user.id));

  await requestPasswordReset(app, user.email, "10.1.0.1", [], "es");
  const [mail] = await mailsTo(user.email);
  expect(mail.subject).toBe("Setze dein Passwort für Orliverse Classroom zurück");
  expect(mail.text).toMatch(/^Hallo Jana Berger,\n\njemand möchte das Passwort für dieses Konto zurücksetzen\./);
  expect(mail.text).toMatch(/\/reset-password\?token=\S+/);
  expect(mail.text).toContain("Der Link funktioniert eine Stunde lang und nur einmal.");
  expect(mail.text).not.toContain("Someone asked");
});

test("without a choice of their own, the reset mail is in the school's language (French)", async () => {
  const school = await createSchool(db);
  await db.update(schools).set({ locale: "fr" }).where(eq(schools.id, school.id));
  const user = await createUser(db, { schoolId: school.id, name: "Luc Martin" });

  await requestPasswordReset(app, user.email, "10.1.0.2", [], "es");
  const [mail] = await mailsTo(user.email);
  expect(mail.subject).toBe("Réinitialisez votre mot de passe Orliverse Classroom");
  expect(mail.text).toMatch(/^Bonjour Luc Martin,/);
});

test("with no language chosen anywhere, the reset mail is in the page's language, and English by default", async () => {
  const school = await createSchool(db);
  const spanish = await createUser(db, { schoolId: school.id, name: "Ana Ruiz" });
  const english = await createUser(db, { schoolId: school.id, name: "Sam Hill" });

  await requestPasswordReset(app, spanish.email, "10.1.0.3", [], "es");
  await requestPasswordReset(app, english.email, "10.1.0.4");
  const [inSpanish] = await mailsTo(spanish.email);
  const [inEnglish] = await mailsTo(english.email);
  expect(inSpanish.subject).toBe("Restablece tu contraseña de Orliverse Classroom");
  expect(inSpanish.text).toMatch(/^Hola, Ana Ruiz:/);
  expect(inEnglish.subject).toBe("Reset your Orliverse Classroom password");
  expect(inEnglish.text).toMatch(/^Hello Sam Hill,\n\nSomeone asked to reset the password for this account\./);
});

test("a school that requires its provider: the mail says how to sign in, naming the button as an Arabic reader sees it", async () => {
  const school = await createSchool(db, { name: "Oakwood" });
  await db
    .update(schools)
    .set({ locale: "ar", googleDomain: "oakwood.example", requireProviderSignIn: true })
    .where(eq(schools.id, school.id));
  const user = await createUser(db, { schoolId: school.id, name: "Huda Salem" });

  await requestPasswordReset(app, user.email, "10.1.0.5", [google]);
  const [mail] = await mailsTo(user.email);
  expect(mail.subject).toBe("كيف تسجّل الدخول إلى Orliverse Classroom");
  expect(mail.text).toContain('"تسجيل الدخول باستخدام \u2068Google\u2069"');
  // the school's Latin name isolated in the Arabic sentence (U+2068 … U+2069)
  expect(mail.text).toContain("تطلب \u2068Oakwood\u2069 من موظفيها تسجيل الدخول عبر حساب المدرسة");
  expect(mail.text).not.toMatch(/reset-password/);
});

test("a sign-up's confirmation mail is in the sign-up page's language (Polish)", async () => {
  const email = `nowa.${randomBytes(4).toString("hex")}@test.example`;
  await signUp(
    app,
    { name: "Ewa Nowak", email, password: "Dobre-Haslo-7", confirmPassword: "Dobre-Haslo-7" },
    "10.1.0.6",
    { language: "pl" },
  );
  const [mail] = await mailsTo(email);
  expect(mail.subject).toBe("Potwierdź adres e-mail w Orliverse Classroom");
  expect(mail.text).toMatch(/^Dzień dobry, Ewa Nowak,\n\npotwierdź swój adres e-mail/);
  expect(mail.text).toMatch(/\/verify-email\?token=\S+/);
});

test("a rate-limit refusal is said in German with its number, and stays English as its message", async () => {
  const school = await createSchool(db);
  const user = await createUser(db, { schoolId: school.id });
  let refused: unknown;
  for (let attempt = 0; attempt < 20 && !refused; attempt++) {
    try {
      await verifyCredentials(db, { email: user.email, password: "Wrong-Pass-1" }, "10.1.0.7");
    } catch (error) {
      if ((error as { code?: string }).code === "RATE_LIMITED") refused = error;
    }
  }
  expect(refused).toBeInstanceOf(Error);
  const error = refused as Error;
  expect(error.message).toMatch(/^Too many sign-in attempts\. \(try again in about \d+ minutes?\)$/);
  expect(sayRefusal(error, translatorFor("de", "staff"))).toMatch(
    /^Zu viele Anmeldeversuche\. \(versuche es in etwa \d+ Minuten? erneut\)$/,
  );
});
