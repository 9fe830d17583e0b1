/**
 * Limits on password guessing, on a real database (docs/security.md "Limits",
 * ADR 195, ADR 196): a school's staff sign in from one address without ever
 * counting against it; wrong passwords are slowed per account and per
 * address for browsers that never signed in to the account, and per device
 * for one that did, which the account's limit does not hold; the current
 * password check is slowed per account; a password reset mails nothing while
 * the request is answered.
 */
import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import type { App } from "~/server/app.server";
import {
  changePassword,
  deleteOwnAccount,
  requestPasswordReset,
  verifyCredentials,
} from "~/server/auth/accounts.server";
import type { DeviceEntry } from "~/server/auth/device-cookie.server";
import { hashPassword } from "~/server/auth/password.server";
import type { Db } from "~/server/db/client.server";
import { credentials, emailOutbox, rateLimits, users, verificationTokens } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { RATE_LIMITS } from "~/server/security/rate-limit.server";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { createTestApp } from "../support/test-app";

let db: Db;
let app: App;
const PASSWORD = "Correct-Horse-9";
const WRONG = "Wrong-Horse-9";
const SCHOOL_ADDRESS = "203.0.113.10";

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  app = await createTestApp(database, { SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "silent" });
});

beforeEach(async () => {
  await db.delete(rateLimits);
});

async function teacher() {
  const school = await createSchool(db);
  const user = await createUser(db, { schoolId: school.id });
  await db.insert(credentials).values({ userId: user.id, passwordHash: await hashPassword(PASSWORD) });
  return user;
}

async function outcome(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return error.status;
    throw error;
  }
}

const signIn = (email: string, password: string, address = SCHOOL_ADDRESS, devices: DeviceEntry[] = []) =>
  outcome(verifyCredentials(db, { email, password }, address, devices));

const deviceOf = (user: { id: number }): DeviceEntry => ({
  userId: user.id,
  deviceId: randomBytes(18).toString("base64url"),
});

test("60 successful sign-ins from one address all pass, and none counts against it", async () => {
  const staff = await Promise.all(Array.from({ length: 6 }, () => teacher()));
  for (let i = 0; i < 60; i++) expect(await signIn(staff[i % 6].email, PASSWORD), `sign-in ${i + 1}`).toBe(200);
  const counts = await db.select().from(rateLimits).where(like(rateLimits.key, "sign-in:%"));
  expect(counts.every((row) => row.count === 0)).toBe(true);
}, 120_000);

test("a stranger's wrong passwords are slowed per account: the 11th try is refused, the right password too", async () => {
  const user = await teacher();
  for (let i = 0; i < RATE_LIMITS.signInPerEmail.limit; i++)
    expect(await signIn(user.email, WRONG, `198.51.100.${i}`)).toBe(401);
  expect(await signIn(user.email, WRONG, "198.51.100.99")).toBe(429);
  expect(await signIn(user.email, PASSWORD, "198.51.100.99")).toBe(429);
}, 60_000);

test("10 wrong passwords for an account do not stop the right password from a browser that signed in before", async () => {
  const user = await teacher();
  const ownLaptop = deviceOf(user);
  for (let i = 0; i < RATE_LIMITS.signInPerEmail.limit + 2; i++) await signIn(user.email, WRONG, "198.51.100.7");
  expect(await signIn(user.email, PASSWORD, SCHOOL_ADDRESS)).toBe(429);
  expect(await signIn(user.email, PASSWORD, SCHOOL_ADDRESS, [ownLaptop])).toBe(200);
  // Another account's entry in the same cookie does not help.
  const colleague = await teacher();
  expect(await signIn(user.email, PASSWORD, SCHOOL_ADDRESS, [deviceOf(colleague)])).toBe(429);
}, 60_000);

test("a known browser's own wrong passwords are slowed per device; past them it is a stranger", async () => {
  const user = await teacher();
  const device = deviceOf(user);
  for (let i = 0; i < RATE_LIMITS.signInPerDevice.limit; i++)
    expect(await signIn(user.email, WRONG, SCHOOL_ADDRESS, [device])).toBe(401);
  // The device's own count is used up: now the account's limit applies, which still has room.
  expect(await signIn(user.email, PASSWORD, SCHOOL_ADDRESS, [device])).toBe(200);
  const [account] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `sign-in:email:${user.email}`));
  expect(account.count).toBe(0);
}, 60_000);

test("wrong passwords from one address are slowed per address, and a known browser there still signs in", async () => {
  const users_ = await Promise.all(Array.from({ length: 11 }, () => teacher()));
  const address = "203.0.113.99";
  for (let i = 0; i < RATE_LIMITS.signInPerIp.limit; i++) {
    expect(await signIn(users_[i % 11].email, WRONG, address), `wrong ${i + 1}`).toBe(401);
  }
  const fresh = await teacher();
  expect(await signIn(fresh.email, PASSWORD, address)).toBe(429);
  expect(await signIn(fresh.email, PASSWORD, address, [deviceOf(fresh)])).toBe(200);
  expect(await signIn(fresh.email, PASSWORD, "203.0.113.100")).toBe(200);
}, 180_000);

test("parallel wrong guesses cannot pass the account's limit together", async () => {
  const user = await teacher();
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(user.email, WRONG, `192.0.2.${i}`)));
  expect(results.filter((status) => status === 401).length).toBeLessThanOrEqual(RATE_LIMITS.signInPerEmail.limit);
  expect(results.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
}, 60_000);

test("the current-password check is slowed per account: wrong ones count, the right one does not", async () => {
  const user = await teacher();
  const change = (currentPassword: string) =>
    outcome(
      changePassword(db, user, "no-session", {
        currentPassword,
        newPassword: "Brand-New-7",
        confirmPassword: "Brand-New-7",
      }),
    );
  for (let i = 0; i < RATE_LIMITS.passwordCheckPerAccount.limit - 1; i++) expect(await change(WRONG)).toBe(400);
  // The account deletion check shares the count: the 10th wrong one.
  expect(await outcome(deleteOwnAccount(db, user, WRONG))).toBe(400);
  expect(await change(PASSWORD)).toBe(429);
  expect((await db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);

  const other = await teacher();
  for (let i = 0; i < RATE_LIMITS.passwordCheckPerAccount.limit + 2; i++) {
    expect(
      await outcome(
        changePassword(db, other, "no-session", {
          currentPassword: PASSWORD,
          newPassword: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      ),
    ).toBe(200);
  }
}, 120_000);

test("a password reset mails nothing while the request is answered: the same work for a known and an unknown e-mail", async () => {
  const user = await teacher();
  const held: (() => Promise<void>)[] = [];
  const services = { db, mailer: { ...app.mailer, afterAnswer: (work: () => Promise<void>) => held.push(work) } };
  await requestPasswordReset(services, user.email, SCHOOL_ADDRESS);
  await requestPasswordReset(services, "nobody.at.all@test.example", SCHOOL_ADDRESS);
  // Answered: nothing looked up, no link made, no mail written, for either.
  expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
  expect(await db.select().from(verificationTokens).where(eq(verificationTokens.userId, user.id))).toHaveLength(0);
  expect(held).toHaveLength(2);
  for (const work of held) await work();
  expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(1);
  expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "nobody.at.all@test.example"))).toHaveLength(0);
});

test("the app's own mailer sends the reset after the answer", async () => {
  const user = await teacher();
  await requestPasswordReset(app, user.email, SCHOOL_ADDRESS);
  await app.mailer.idle();
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
  expect(mail.text).toMatch(/\/reset-password\?token=/);
});
