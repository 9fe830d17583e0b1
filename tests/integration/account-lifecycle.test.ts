/**
 * Account rules that outlive one request: a password change cancels every
 * link that could set the password again, and archiving a user or a school
 * ends their sessions for good. Each path that changes a password or
 * archives goes through its real route module (screen and JSON API).
 */
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import * as passwordScreen from "~/routes/account/password";
import * as schoolScreen from "~/routes/admin/school";
import * as schoolsScreen from "~/routes/admin/schools";
import * as staffScreen from "~/routes/admin/staff/list";
import * as authApi from "~/routes/api/auth";
import * as meApi from "~/routes/api/users/me-with-school";
import * as userApi from "~/routes/api/users/user";
import * as resetScreen from "~/routes/auth/reset-password";
import { createVerificationToken, tokenProblem } from "~/server/auth/accounts.server";
import { hashPassword } from "~/server/auth/password.server";
import type { Database } from "~/server/db/client.server";
import { credentials, sessions, verificationTokens } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";

let database: Database;
const PASSWORD = "Start-Pass-1";
const NEW_PASSWORD = "Brand-New-Pass-2";

beforeAll(async () => {
  database = await createTestDatabase();
});

async function userWithPassword(schoolId: number | null, role: "teacher" | "admin" = "teacher") {
  const user = await createUser(database.db, { schoolId, role });
  await database.db.insert(credentials).values({ userId: user.id, passwordHash: await hashPassword(PASSWORD) });
  return user;
}

/** A reset link and an invitation link, both outstanding. */
async function outstandingLinks(userId: number) {
  return {
    reset: await createVerificationToken(database.db, userId, "reset-password"),
    invite: await createVerificationToken(database.db, userId, "invite"),
    verify: await createVerificationToken(database.db, userId, "verify-email"),
  };
}

async function expectPasswordLinksCancelled(links: Awaited<ReturnType<typeof outstandingLinks>>) {
  for (const token of [links.reset, links.invite]) {
    expect(await tokenProblem(database.db, token, ["reset-password", "invite"], "password reset")).toBe(
      "This password reset link is not valid. Ask for a new one.",
    );
    const reply = await callRoute(authApi, database, {
      method: "POST",
      path: "/api/auth/reset-password",
      params: { "*": "reset-password" },
      json: { token, newPassword: "Attacker-Pass-9" },
    });
    expect(reply.status).toBe(400);
  }
  // A verification link grants nothing (it only confirms the address), so it stays usable.
  expect(await tokenProblem(database.db, links.verify, ["verify-email"], "verification")).toBeNull();
}

async function apiStatusWith(cookie: string): Promise<number> {
  return (await callRoute(meApi, database, { path: "/api/users/me/with-school", cookie })).status;
}

describe("a password change cancels every outstanding reset and invitation link", () => {
  test("changed on the Change Password screen", async () => {
    const user = await userWithPassword((await createSchool(database.db)).id);
    const links = await outstandingLinks(user.id);
    const response = await callRoute(passwordScreen, database, {
      method: "POST",
      path: "/account/password",
      cookie: await signIn(database, user.id),
      form: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(302);
    await expectPasswordLinksCancelled(links);
  });

  test("changed through POST /api/auth/change-password", async () => {
    const user = await userWithPassword((await createSchool(database.db)).id);
    const links = await outstandingLinks(user.id);
    const response = await callRoute(authApi, database, {
      method: "POST",
      path: "/api/auth/change-password",
      params: { "*": "change-password" },
      cookie: await signIn(database, user.id),
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(response.status).toBe(200);
    await expectPasswordLinksCancelled(links);
  });

  test("set from a reset link on the screen: the other reset and invitation links stop working", async () => {
    const user = await userWithPassword((await createSchool(database.db)).id);
    const used = await createVerificationToken(database.db, user.id, "reset-password");
    const links = await outstandingLinks(user.id);
    const response = await callRoute(resetScreen, database, {
      method: "POST",
      path: "/reset-password",
      form: { token: used, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(302);
    await expectPasswordLinksCancelled(links);
    // The link that was used says so, as before.
    expect(await tokenProblem(database.db, used, ["reset-password"], "password reset")).toContain("already been used");
  });

  test("set by accepting an invitation through the API: an older reset link stops working", async () => {
    const user = await createUser(database.db, { schoolId: (await createSchool(database.db)).id });
    const links = await outstandingLinks(user.id);
    const invitation = await createVerificationToken(database.db, user.id, "invite");
    const response = await callRoute(authApi, database, {
      method: "POST",
      path: "/api/auth/reset-password",
      params: { "*": "reset-password" },
      json: { token: invitation, newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(200);
    await expectPasswordLinksCancelled(links);
  });

  test("a failed change (wrong current password) cancels nothing", async () => {
    const user = await userWithPassword((await createSchool(database.db)).id);
    const links = await outstandingLinks(user.id);
    const response = await callRoute(authApi, database, {
      method: "POST",
      path: "/api/auth/change-password",
      params: { "*": "change-password" },
      cookie: await signIn(database, user.id),
      json: { currentPassword: "Wrong-Pass-1", newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(await tokenProblem(database.db, links.reset, ["reset-password"], "password reset")).toBeNull();
    expect(await tokenProblem(database.db, links.invite, ["invite"], "invitation")).toBeNull();
    const left = await database.db
      .select()
      .from(verificationTokens)
      .where(and(eq(verificationTokens.userId, user.id)));
    expect(left).toHaveLength(3);
  });
});

describe("archiving ends sessions, and restoring brings none back", () => {
  test("a user archived with PATCH /api/users/{id}: their cookie stops working and stays dead after a restore", async () => {
    const school = await createSchool(database.db);
    const admin = await userWithPassword(school.id, "admin");
    const teacher = await userWithPassword(school.id);
    const adminCookie = await signIn(database, admin.id);
    const teacherCookie = await signIn(database, teacher.id);
    expect(await apiStatusWith(teacherCookie)).toBe(200);

    const patch = (status: string) =>
      callRoute(userApi, database, {
        method: "PATCH",
        path: `/api/users/${teacher.id}`,
        params: { id: teacher.id },
        cookie: adminCookie,
        json: { status },
      });
    expect((await patch("archived")).status).toBe(200);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, teacher.id))).toEqual([]);
    expect(await apiStatusWith(teacherCookie)).toBe(401);
    expect((await patch("active")).status).toBe(200);
    expect(await apiStatusWith(teacherCookie)).toBe(401);
    // Signing in again works as usual.
    expect(await apiStatusWith(await signIn(database, teacher.id))).toBe(200);
  });

  test("a user archived on the staff screen: the same", async () => {
    const school = await createSchool(database.db);
    const admin = await userWithPassword(school.id, "admin");
    const teacher = await userWithPassword(school.id);
    const adminCookie = await signIn(database, admin.id);
    const teacherCookie = await signIn(database, teacher.id);
    const post = (intent: string) =>
      callRoute(staffScreen, database, {
        method: "POST",
        path: "/admin/staff",
        cookie: adminCookie,
        form: { intent, id: String(teacher.id) },
      });
    expect((await post("archive")).status).toBe(302);
    expect(await apiStatusWith(teacherCookie)).toBe(401);
    expect((await post("restore")).status).toBe(302);
    expect(await apiStatusWith(teacherCookie)).toBe(401);
    // The admin who did it stays signed in.
    expect(await apiStatusWith(adminCookie)).toBe(200);
  });

  test("a school archived from the schools list or its own page: every user's session ends, restoring brings none back", async () => {
    const platformAdmin = await userWithPassword(null, "admin");
    const adminCookie = await signIn(database, platformAdmin.id);
    for (const [screen, path] of [
      [schoolsScreen, "/admin/schools"],
      [schoolScreen, "/admin/schools/:id"],
    ] as const) {
      const school = await createSchool(database.db);
      const elsewhere = await createSchool(database.db);
      const teacher = await userWithPassword(school.id);
      const schoolAdmin = await userWithPassword(school.id, "admin");
      const outsider = await userWithPassword(elsewhere.id);
      const cookies = [await signIn(database, teacher.id), await signIn(database, schoolAdmin.id)];
      const outsiderCookie = await signIn(database, outsider.id);
      const post = (intent: string) =>
        callRoute(screen, database, {
          method: "POST",
          path: path.replace(":id", String(school.id)),
          params: { schoolId: school.id },
          cookie: adminCookie,
          form: { intent, id: String(school.id) },
        });
      expect((await post("archive")).status).toBe(302);
      for (const cookie of cookies) expect(await apiStatusWith(cookie)).toBe(401);
      expect((await post("restore")).status).toBe(302);
      for (const cookie of cookies) expect(await apiStatusWith(cookie)).toBe(401);
      expect(await apiStatusWith(outsiderCookie)).toBe(200);
      expect(await apiStatusWith(adminCookie)).toBe(200);
    }
  });
});
