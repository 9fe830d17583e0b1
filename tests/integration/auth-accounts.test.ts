/**
 * Accounts on a real database: sessions (hashed ids, rotation, expiry,
 * revocation), credentials, sign-up, password change and reset, e-mail
 * verification, rate limits, and the guards' redirects.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, expect, test } from "vitest";
import type { App } from "~/server/app.server";
import {
  changePassword,
  INVALID_CREDENTIALS,
  requestPasswordReset,
  resetPassword,
  signUp,
  verifyCredentials,
  verifyEmail,
} from "~/server/auth/accounts.server";
import { loadCurrentUser, loadSessionUser } from "~/server/auth/current-user.server";
import { requireAdmin, requireAnonymous, requireApiUser, requireUser } from "~/server/auth/guards.server";
import { hashPassword } from "~/server/auth/password.server";
import { createSession, hashToken, readSessionToken, revokeOtherSessions } from "~/server/auth/session.server";
import type { Database, Db } from "~/server/db/client.server";
import { credentials, emailOutbox, rateLimits, sessions, users, verificationTokens } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { SENT_LINK_NOTE } from "~/server/mail/mailer.server";
import { toApiResponse } from "~/server/web/api.server";
import { startMailCatcher } from "../fakes/mail-catcher";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { createTestApp, routeContext } from "../support/test-app";

let db: Db;
let app: App;
let database: Database;
const PASSWORD = "Correct-Horse-9";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  app = await createTestApp(database, { SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "silent" });
});

beforeEach(async () => {
  await db.delete(rateLimits);
});

/** A request as a browser at this address sends it (the address itself reaches the app through the context, not a header). */
function requestFrom(_ip: string, cookie?: string, path = "/class/-1/home") {
  const headers = new Headers({ "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost${path}`, { headers });
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

function contextFor(): RouterContextProvider {
  return routeContext(app, "10.0.7.1");
}

async function userWithPassword(values: Parameters<typeof createUser>[1], password = PASSWORD) {
  const user = await createUser(db, values);
  await db.insert(credentials).values({ userId: user.id, passwordHash: await hashPassword(password) });
  return user;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

test("a session stores only the hash of the cookie's id, and the cookie finds it", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const session = await createSession(app, user.id, requestFrom("10.0.0.1"), "10.0.0.1");
  const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(row.id).toBe(hashToken(session.token));
  expect(row.id).not.toContain(session.token);
  expect(row.ip).toBe("10.0.0.1");
  expect(session.setCookie).toMatch(/HttpOnly/);
  expect(session.setCookie).toMatch(/SameSite=Lax/);
  const found = await findSession(requestFrom("10.0.0.1", cookieOf(session.setCookie)));
  expect(found?.session.userId).toBe(user.id);
  expect(found?.loaded.user).toMatchObject({
    id: user.id,
    email: user.email,
    school: { id: school.id, name: school.name },
  });
});

/** The session the request's cookie names, with its user, as every guard loads it. */
async function findSession(request: Request) {
  const token = await readSessionToken(app.sessionCookie, request);
  return token ? loadSessionUser(db, hashToken(token)) : null;
}

test("signing in again rotates the session: the old id stops working", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const first = await createSession(app, user.id, requestFrom("10.0.0.2"), "10.0.0.2");
  const second = await createSession(app, user.id, requestFrom("10.0.0.2", cookieOf(first.setCookie)), "10.0.0.2");
  expect(second.token).not.toBe(first.token);
  expect(await findSession(requestFrom("10.0.0.2", cookieOf(first.setCookie)))).toBeNull();
  expect(await findSession(requestFrom("10.0.0.2", cookieOf(second.setCookie)))).not.toBeNull();
});

test("an expired session is not found", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const session = await createSession(app, user.id, requestFrom("10.0.0.3"), "10.0.0.3");
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.id, session.id));
  expect(await findSession(requestFrom("10.0.0.3", cookieOf(session.setCookie)))).toBeNull();
});

test("a tampered cookie is not a session, even after the genuine one was verified (and remembered)", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const session = await createSession(app, user.id, requestFrom("10.0.0.4"), "10.0.0.4");
  // Change a character in the middle of the signed value (the last one may only carry padding bits).
  const original = cookieOf(session.setCookie);
  expect((await findSession(requestFrom("10.0.0.4", original)))?.loaded.user.id).toBe(user.id);
  expect((await findSession(requestFrom("10.0.0.4", original)))?.loaded.user.id).toBe(user.id);
  const middle = Math.floor(original.length / 2);
  const tampered = original.slice(0, middle) + (original[middle] === "A" ? "B" : "A") + original.slice(middle + 1);
  expect(await findSession(requestFrom("10.0.0.4", tampered))).toBeNull();
});

test("revoking other sessions keeps only the current one", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const laptop = await createSession(app, user.id, requestFrom("10.0.0.5"), "10.0.0.5");
  const phone = await createSession(app, user.id, requestFrom("10.0.0.6"), "10.0.0.6");
  await revokeOtherSessions(db, user.id, laptop.id);
  const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
  expect(left.map((s) => s.id)).toEqual([laptop.id]);
  expect(phone.id).not.toBe(laptop.id);
});

test("a wrong e-mail and a wrong password get the same generic message", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const unknown = await thrown(verifyCredentials(db, { email: "nobody@test.example", password: PASSWORD }, "10.0.1.1"));
  const wrong = await thrown(verifyCredentials(db, { email: user.email, password: "Wrong-Pass-1" }, "10.0.1.1"));
  expect(unknown).toBeInstanceOf(DomainError);
  expect((unknown as DomainError).message).toBe(INVALID_CREDENTIALS);
  expect((wrong as DomainError).message).toBe(INVALID_CREDENTIALS);
  expect((wrong as DomainError).status).toBe(401);
  expect(await verifyCredentials(db, { email: user.email.toUpperCase(), password: PASSWORD }, "10.0.1.1")).toBe(
    user.id,
  );
});

test("sign-in attempts are rate-limited per e-mail with a clear 429 message, across callers", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  for (let i = 0; i < 10; i++) {
    await thrown(verifyCredentials(db, { email: user.email, password: "Wrong-Pass-1" }, `10.0.2.${i}`));
  }
  const limited = (await thrown(
    verifyCredentials(db, { email: user.email, password: PASSWORD }, "10.0.2.99"),
  )) as DomainError;
  expect(limited.status).toBe(429);
  expect(limited.message).toMatch(/Too many sign-in attempts/);
  // Every surface answers it with Retry-After: whole seconds left in the 15-minute window.
  const seconds = Number(limited.headers?.["Retry-After"]);
  expect(seconds).toBeGreaterThan(14 * 60);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  // A new window starts once the old one is over.
  await db.update(rateLimits).set({ windowStart: sql`now() - interval '16 minutes'` });
  expect(await verifyCredentials(db, { email: user.email, password: PASSWORD }, "10.0.2.99")).toBe(user.id);
});

test("sign-up creates a teacher in a school of their own (ADR 213) and queues a verification e-mail", async () => {
  const email = `New.Teacher.${randomBytes(3).toString("hex")}@Test.example`;
  await signUp(app, { name: "New Teacher", email, password: PASSWORD, confirmPassword: PASSWORD }, "10.0.3.1");
  await app.mailer.idle();
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  expect(user).toMatchObject({ role: "teacher", emailVerified: false, email: email.toLowerCase() });
  expect(user.schoolId).not.toBeNull();
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email.toLowerCase()));
  expect(mail.text).toMatch(/\/verify-email\?token=/);
  const token = decodeURIComponent(mail.text.match(/token=([^\s]+)/)![1]);
  await verifyEmail(db, token);
  const [verified] = await db.select().from(users).where(eq(users.id, user.id));
  expect(verified.emailVerified).toBe(true);
});

test("sign-up of a taken address answers as for a new one, changes nothing, and mails the owner instead", async () => {
  const school = await createSchool(db);
  const owner = await userWithPassword({ schoolId: school.id });
  // Answered like a new address: no error, nothing returned.
  await expect(
    signUp(
      app,
      { name: "Impostor", email: owner.email.toUpperCase(), password: "Other-Pass-1", confirmPassword: "Other-Pass-1" },
      "10.0.3.2",
    ),
  ).resolves.toBeUndefined();
  await app.mailer.idle();
  const same = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, owner.email.toLowerCase()));
  expect(same).toHaveLength(1);
  expect(same[0]).toMatchObject({ id: owner.id, name: owner.name, schoolId: school.id });
  // The old password still works; the new one does not.
  expect(await verifyCredentials(db, { email: owner.email, password: PASSWORD }, "10.0.3.3")).toBe(owner.id);
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.email));
  expect(mails.map((mail) => mail.subject)).toEqual([
    "Someone tried to create an Orliverse Classroom account with your address",
  ]);
  expect(mails[0].text).toContain("/forgot-password");
});

test("changing the password checks the current one and always revokes the other sessions", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  const here = await createSession(app, user.id, requestFrom("10.0.4.1"), "10.0.4.1");
  await createSession(app, user.id, requestFrom("10.0.4.2"), "10.0.4.2");
  const wrong = (await thrown(
    changePassword(db, user, here.id, {
      currentPassword: "Nope-1234",
      newPassword: "Brand-New-7",
      confirmPassword: "Brand-New-7",
    }),
  )) as DomainError;
  expect(wrong.status).toBe(400);
  expect(wrong.message.toLowerCase()).toContain("password");
  // The domain puts the refusal on its field: the screen shows it there without reading the message.
  expect(wrong.fieldErrors).toEqual({ currentPassword: [wrong.message] });

  await changePassword(db, user, here.id, {
    currentPassword: PASSWORD,
    newPassword: "Brand-New-7",
    confirmPassword: "Brand-New-7",
  });
  const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
  expect(left.map((s) => s.id)).toEqual([here.id]);
  expect(await verifyCredentials(db, { email: user.email, password: "Brand-New-7" }, "10.0.4.3")).toBe(user.id);
});

test("a password reset link works once, and says so when used or expired", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  await createSession(app, user.id, requestFrom("10.0.5.1"), "10.0.5.1");
  await requestPasswordReset(app, "unknown.person@test.example", "10.0.5.1");
  await app.mailer.idle();
  expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "unknown.person@test.example"))).toHaveLength(0);

  await requestPasswordReset(app, user.email, "10.0.5.1");
  await app.mailer.idle();
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
  const token = decodeURIComponent(mail.text.match(/reset-password\?token=([^\s]+)/)![1]);
  await resetPassword(db, { token, newPassword: "Reset-Pass-8" });
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  expect(await verifyCredentials(db, { email: user.email, password: "Reset-Pass-8" }, "10.0.5.2")).toBe(user.id);

  const reused = (await thrown(resetPassword(db, { token, newPassword: "Another-Pass-9" }))) as DomainError;
  expect(reused.message).toBe("This password reset link has already been used. Ask for a new one.");

  await requestPasswordReset(app, user.email, "10.0.5.3");
  await app.mailer.idle();
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email)).orderBy(emailOutbox.id);
  const second = decodeURIComponent(mails.at(-1)!.text.match(/reset-password\?token=([^\s]+)/)![1]);
  await db
    .update(verificationTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verificationTokens.tokenHash, hashToken(second)));
  const expired = (await thrown(resetPassword(db, { token: second, newPassword: "Another-Pass-9" }))) as DomainError;
  expect(expired.message).toBe("This password reset link has expired. Ask for a new one.");
});

test("password reset requests are rate-limited per e-mail", async () => {
  const school = await createSchool(db);
  const user = await userWithPassword({ schoolId: school.id });
  for (let i = 0; i < 5; i++) await requestPasswordReset(app, user.email, `10.0.6.${i}`);
  const limited = (await thrown(requestPasswordReset(app, user.email, "10.0.6.50"))) as DomainError;
  expect(limited.status).toBe(429);
  expect(Number(limited.headers?.["Retry-After"])).toBeGreaterThan(59 * 60);
});

test("when the school cannot be loaded, the basic user is used and the error kept", async () => {
  const school = await createSchool(db);
  const user = await createUser(db, { schoolId: school.id });
  const failing = await loadCurrentUser(db, user.id, async () => {
    throw new Error("connection reset");
  });
  expect(failing).toMatchObject({ user: { id: user.id, school: null }, error: "connection reset" });
  const silent = await loadCurrentUser(db, user.id, async () => {
    throw new Error("");
  });
  expect(silent?.error).toBe("Failed to fetch user information");
  const loaded = await loadCurrentUser(db, user.id);
  expect(loaded).toMatchObject({
    error: null,
    user: { school: { id: school.id, name: school.name, status: "active" } },
  });
});

async function signedInRequest(userId: number, path = "/class/-1/home") {
  const session = await createSession(app, userId, requestFrom("10.0.7.1"), "10.0.7.1");
  return requestFrom("10.0.7.1", cookieOf(session.setCookie), path);
}

async function redirectTarget(promise: Promise<unknown>): Promise<string | null> {
  const error = await thrown(promise);
  if (!(error instanceof Response)) throw error;
  return error.headers.get("Location");
}

test("an anonymous visitor is sent to /login, keeping where they wanted to go", async () => {
  const target = await redirectTarget(
    requireUser(requestFrom("10.0.8.1", undefined, "/class/7/surveys/manage?x=1"), contextFor()),
  );
  expect(target).toBe("/login?redirectTo=%2Fclass%2F7%2Fsurveys%2Fmanage%3Fx%3D1");
});

test("an archived user, and a user of an archived school, go to /blocked", async () => {
  const school = await createSchool(db);
  const archivedUser = await createUser(db, { schoolId: school.id, status: "archived" });
  expect(await redirectTarget(requireUser(await signedInRequest(archivedUser.id), contextFor()))).toBe("/blocked");
  const closedSchool = await createSchool(db, { status: "archived" });
  const teacher = await createUser(db, { schoolId: closedSchool.id });
  expect(await redirectTarget(requireUser(await signedInRequest(teacher.id), contextFor()))).toBe("/blocked");
  const api = await thrown(requireApiUser(await signedInRequest(teacher.id), contextFor()));
  expect((api as Response).status).toBe(403);
});

test("a teacher opening /admin goes to the home of class -1; an admin passes", async () => {
  const school = await createSchool(db);
  const teacher = await createUser(db, { schoolId: school.id });
  expect(await redirectTarget(requireAdmin(await signedInRequest(teacher.id, "/admin/staff"), contextFor()))).toBe(
    "/class/-1/home",
  );
  const admin = await createUser(db, { schoolId: school.id, role: "admin" });
  const passed = await requireAdmin(await signedInRequest(admin.id, "/admin/staff"), contextFor());
  expect(passed.id).toBe(admin.id);
});

test("signed-in users on /login or /signup are redirected by role", async () => {
  const school = await createSchool(db);
  const admin = await createUser(db, { schoolId: null, role: "admin" });
  const teacher = await createUser(db, { schoolId: school.id });
  expect(await redirectTarget(requireAnonymous(await signedInRequest(admin.id, "/login"), contextFor()))).toBe(
    "/admin/staff",
  );
  expect(await redirectTarget(requireAnonymous(await signedInRequest(teacher.id, "/signup"), contextFor()))).toBe(
    "/class/-1/home",
  );
  await expect(requireAnonymous(requestFrom("10.0.9.1", undefined, "/login"), contextFor())).resolves.toBeUndefined();
});

test("the API answers 401 JSON without a session", async () => {
  const response = toApiResponse(await thrown(requireApiUser(requestFrom("10.0.9.2"), contextFor())));
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ code: "UNAUTHORIZED", message: "Sign in to continue." });
});

/** Puts an address's count for a key at `count` in a window that started now. */
async function countAlready(key: string, count: number) {
  await db.insert(rateLimits).values({ key, windowStart: new Date(), count });
}

test("a whole staff (150) signing up from the school's address within an hour fits; past 200 the address waits", async () => {
  const address = "10.0.3.150";
  const signUpAs = (n: number) => {
    const email = `staff.${n}.${randomBytes(3).toString("hex")}@school.example`;
    return signUp(app, { name: `Staff ${n}`, email, password: PASSWORD, confirmPassword: PASSWORD }, address);
  };
  await countAlready(`sign-up:ip:${address}`, 150);
  await expect(signUpAs(151)).resolves.toBeUndefined();
  await db
    .update(rateLimits)
    .set({ count: 200 })
    .where(eq(rateLimits.key, `sign-up:ip:${address}`));
  const refused = await signUpAs(201).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).code).toBe("RATE_LIMITED");
  await app.mailer.idle();
});

test("every teacher of a big school (150) asking for a reset from the school's address within an hour fits; past 200 the address waits", async () => {
  const address = "10.0.3.151";
  await countAlready(`reset:ip:${address}`, 150);
  await expect(requestPasswordReset(app, "teacher.151@school.example", address)).resolves.toBeUndefined();
  await db
    .update(rateLimits)
    .set({ count: 200 })
    .where(eq(rateLimits.key, `reset:ip:${address}`));
  const refused = await requestPasswordReset(app, "teacher.201@school.example", address).catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).code).toBe("RATE_LIMITED");
  await app.mailer.idle();
});

test("with read access to the database, no mailed reset link works: sent messages keep no link, tokens are hashed (issue 35.5)", async () => {
  const catcher = await startMailCatcher();
  try {
    const mailing = await createTestApp(database, { LOG_LEVEL: "silent", SMTP_URL: catcher.url });
    const user = await userWithPassword({
      schoolId: null,
      email: `outbox.${randomBytes(3).toString("hex")}@test.example`,
    });
    await requestPasswordReset(mailing, user.email, "10.0.5.9");
    await mailing.mailer.idle();
    const link = await catcher.waitForLink(user.email, "/reset-password");

    // What someone who can read the database finds: every text column of the outbox and the tokens table.
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].sentAt).not.toBeNull();
    expect(rows[0].text).not.toContain(link);
    expect(rows[0].text).toContain(SENT_LINK_NOTE);
    const tokenRows = await db.select().from(verificationTokens).where(eq(verificationTokens.userId, user.id));
    const candidates = [
      ...rows.flatMap((row) => row.text.match(/[A-Za-z0-9_-]{20,}/g) ?? []),
      ...tokenRows.map((row) => row.tokenHash),
    ];
    for (const candidate of candidates) {
      await expect(resetPassword(db, { token: candidate, newPassword: "Stolen-Pass-77" })).rejects.toBeInstanceOf(
        DomainError,
      );
    }
    // The mailed link itself still works, for its owner.
    const token = new URL(link).searchParams.get("token") ?? "";
    await expect(resetPassword(db, { token, newPassword: "Owner-Pass-77" })).resolves.toBe(user.id);
  } finally {
    await catcher.stop();
  }
});
