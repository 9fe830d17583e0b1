/**
 * Student sessions end when they should (ADR 190, ADR 191), on a real
 * database (PGlite; CI runs it on PostgreSQL too), through the student API's
 * route modules and the student pages' routes:
 *
 * - a token works until its expiresAt and nowhere after, whatever the cookie
 *   says;
 * - the API takes only "app" tokens, the student pages only "browser" ones,
 *   so a token copied out of the cookie is no bearer token and vice versa;
 * - archiving a class or school revokes its tokens, stops its code and
 *   refuses waiting join requests at once, and restoring revives none;
 * - the teacher's count of live tokens leaves out expired ones, and the
 *   retention job deletes long-expired tokens.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as joinRoute from "~/routes/student/join";
import * as layoutRoute from "~/routes/student/layout";
import type { App } from "~/server/app.server";
import { hashToken } from "~/server/auth/session.server";
import { setClassStatus } from "~/server/classes/admin-classes.server";
import type { Database } from "~/server/db/client.server";
import {
  auditEvents,
  classCodes,
  classStudents,
  joinRequests,
  students,
  studentTokens,
} from "~/server/db/schema.server";
import { runRetention, STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS } from "~/server/privacy/retention.server";
import { setSchoolStatus } from "~/server/schools/schools.server";
import { STUDENT_SESSION_TTL_MS, startStudentSession } from "~/server/students/student-session.server";
import {
  countLiveStudentTokens,
  issueStudentToken,
  revokeStudentTokens,
  STUDENT_TOKEN_LIFETIME_MS,
} from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { actorOf, createClass, createClassCode, createSchool, createStudent, createUser } from "../support/fixtures";
import { callRoute } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { createTestApp } from "../support/test-app";

const API = "http://school.test/api/student/v1";
let database: Database;
let app: App;
let codeCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});

/** A class of the school with a live code students can join with. */
async function classWithCode(schoolId: number, teacherIds: number[] = []) {
  const klass = await createClass(database.db, { schoolId, teacherIds });
  const code = `LIFE-${2000 + codeCounter++}`;
  await createClassCode(database.db, { classId: klass.id, code });
  return { klass, code };
}

/** A school with a teacher, a platform admin, and the teacher's class with its live code. */
async function openClass() {
  const school = await createSchool(database.db);
  const teacher = await createUser(database.db, { schoolId: school.id });
  const platformAdmin = await createUser(database.db, { schoolId: null, role: "admin" });
  const { klass, code } = await classWithCode(school.id, [teacher.id]);
  return { school, klass, code, teacher: actorOf(teacher), admin: actorOf(platformAdmin) };
}

/** A student on the roster of an open class, holding `count` app tokens issued now. */
async function studentWithTokens(count: number) {
  const world = await openClass();
  const student = await createStudent(database.db, { schoolId: world.school.id, classId: world.klass.id });
  const ids = { classId: world.klass.id, studentId: student.id };
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await issueStudentToken(database.db, ids));
  return { world, student, ids, tokens };
}

/** The class's live (not stopped) codes. */
function liveCodesOf(classId: number) {
  return database.db
    .select()
    .from(classCodes)
    .where(and(eq(classCodes.classId, classId), isNull(classCodes.stoppedAt)));
}

function apiCall(path: string, token: string, method = "GET") {
  return studentApiFetch(database)(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
}

async function apiJoinWith(body: Record<string, string>) {
  const response = await studentApiFetch(database)(`${API}/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const joined = (await response.json()) as { token: string; expiresIn: number };
  return { ...joined, studentId: await studentIdOf(joined.token) };
}

async function apiJoin(code: string, firstName: string, lastName: string) {
  return apiJoinWith({ code, firstName, lastName });
}

/** The join's answer names no student (ADR 180): the database says whose the token is. */
async function studentIdOf(token: string): Promise<number> {
  const [row] = await database.db
    .select({ studentId: studentTokens.studentId })
    .from(studentTokens)
    .where(eq(studentTokens.tokenHash, hashToken(token)));
  return row.studentId;
}

/** Gives the student a personal code, the way a child who joined before comes back (ADR 180). */
async function givePersonalCode(studentId: number, personalCode: string) {
  await database.db.update(students).set({ personalCode }).where(eq(students.id, studentId));
}

/** Joins on the student pages; the `__student=…` cookie and the raw token inside it. */
async function webJoin(code: string, firstName: string, lastName: string) {
  const response = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    form: { code, firstName, lastName },
  });
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__student="));
  if (!setCookie) throw new Error("no student cookie");
  const cookie = setCookie.split(";")[0];
  const token = (await app.studentCookie.parse(cookie)) as string;
  return { setCookie, cookie, token };
}

async function studentPage(cookie: string) {
  return callRoute(layoutRoute, database, { path: "/student", cookie });
}

function expectSignedOut(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/join");
  expect(response.headers.getSetCookie().find((value) => value.startsWith("__student="))).toMatch(/Max-Age=0/);
}

async function tokenRow(token: string) {
  const [row] = await database.db
    .select()
    .from(studentTokens)
    .where(eq(studentTokens.tokenHash, hashToken(token)));
  return row;
}

/** Moves the token's issue and expiry into the past, as if it had been issued `agoMs` ago. */
async function issuedAgo(token: string, agoMs: number, lifetimeMs: number) {
  const createdAt = new Date(Date.now() - agoMs);
  await database.db
    .update(studentTokens)
    .set({ createdAt, expiresAt: new Date(createdAt.getTime() + lifetimeMs) })
    .where(eq(studentTokens.tokenHash, hashToken(token)));
}

let secretCounter = 0;

/** A join request of the class, as a device waiting for (or admitted by) the teacher leaves it. */
async function insertJoinRequest(classId: number, status: "waiting" | "admitted"): Promise<number> {
  const [row] = await database.db
    .insert(joinRequests)
    .values({
      classId,
      firstName: "Waiting",
      lastName: `Device${secretCounter}`,
      secretHash: hashToken(`join-request-secret-${secretCounter++}`),
      status,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: joinRequests.id });
  return row.id;
}

test("the API's bearer token states its lifetime, works until its expiry, and is 401 after it", async () => {
  const world = await openClass();
  const joined = await apiJoin(world.code, "Ada", "Clock");
  expect(joined.expiresIn).toBe(STUDENT_TOKEN_LIFETIME_MS.app / 1000);
  const row = await tokenRow(joined.token);
  expect(row.kind).toBe("app");
  expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(STUDENT_TOKEN_LIFETIME_MS.app);

  // A minute before the end it still works.
  await issuedAgo(joined.token, STUDENT_TOKEN_LIFETIME_MS.app - 60_000, STUDENT_TOKEN_LIFETIME_MS.app);
  expect((await apiCall("/assignments", joined.token)).status).toBe(200);

  // A minute after it, every call is 401 with the usual body and header.
  await issuedAgo(joined.token, STUDENT_TOKEN_LIFETIME_MS.app + 60_000, STUDENT_TOKEN_LIFETIME_MS.app);
  for (const [path, method] of [
    ["/assignments", "GET"],
    ["/heartbeat", "POST"],
  ]) {
    const expired = await apiCall(path, joined.token, method);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toBe('Bearer realm="student"');
    expect(await expired.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "Your student token is not valid any more. Join your class again with its class code.",
    });
  }
  // Joining again (with the personal code: the name alone now waits for the teacher, ADR 180) gives a new token that works.
  await givePersonalCode(joined.studentId, "ACD-347");
  const again = await apiJoinWith({ code: world.code, personalCode: "ACD-347" });
  expect(again.studentId).toBe(joined.studentId);
  expect((await apiCall("/assignments", again.token)).status).toBe(200);
});

test("a token copied out of the student cookie is no bearer token", async () => {
  const world = await openClass();
  const { cookie, token } = await webJoin(world.code, "Cookie", "Copier");
  expect(token).toMatch(/^ost_/);
  expect((await tokenRow(token)).kind).toBe("browser");
  expect((await studentPage(cookie)).status).toBe(200);
  expect((await apiCall("/assignments", token)).status).toBe(401);
  expect((await apiCall("/heartbeat", token, "POST")).status).toBe(401);
  // The refusal did not end the browser session.
  expect((await studentPage(cookie)).status).toBe(200);
});

test("the app's bearer token put into a student cookie is refused, and the cookie is cleared", async () => {
  const world = await openClass();
  const joined = await apiJoin(world.code, "Bearer", "Smuggler");
  const forged = (await startStudentSession(app.studentCookie, joined.token)).split(";")[0];
  expectSignedOut(await studentPage(forged));
  // The app's token itself still works in the app.
  expect((await apiCall("/assignments", joined.token)).status).toBe(200);
});

test("the cookie lasts as long as its token, and a replayed cookie is refused after the token's expiry", async () => {
  const world = await openClass();
  const { setCookie, cookie, token } = await webJoin(world.code, "Long", "Afternoon");
  expect(setCookie).toContain(`Max-Age=${STUDENT_TOKEN_LIFETIME_MS.browser / 1000}`);
  expect(STUDENT_SESSION_TTL_MS).toBe(STUDENT_TOKEN_LIFETIME_MS.browser);
  const row = await tokenRow(token);
  expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(STUDENT_TOKEN_LIFETIME_MS.browser);

  await issuedAgo(token, STUDENT_TOKEN_LIFETIME_MS.browser - 60_000, STUDENT_TOKEN_LIFETIME_MS.browser);
  expect((await studentPage(cookie)).status).toBe(200);
  // The browser would have dropped the cookie by now; sent anyway, it is refused.
  await issuedAgo(token, STUDENT_TOKEN_LIFETIME_MS.browser + 60_000, STUDENT_TOKEN_LIFETIME_MS.browser);
  expectSignedOut(await studentPage(cookie));
});

test("a token within its lifetime but past its own expiry is refused: the expiry decides, not the age", async () => {
  const world = await openClass();
  const { cookie, token } = await webJoin(world.code, "Early", "End");
  // The same child in the app too: with the personal code, as the name alone now waits (ADR 180).
  await givePersonalCode(await studentIdOf(token), "ACD-349");
  const joined = await apiJoinWith({ code: world.code, personalCode: "ACD-349" });
  await database.db
    .update(studentTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(studentTokens.studentId, joined.studentId));
  expect((await tokenRow(token)).createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  expectSignedOut(await studentPage(cookie));
  expect((await apiCall("/assignments", joined.token)).status).toBe(401);
});

test("archiving a class revokes its tokens, stops its code and refuses waiting join requests at once; restoring revives none", async () => {
  const world = await openClass();
  const { code: otherCode } = await classWithCode(world.school.id);
  const app1 = await apiJoin(world.code, "Ana", "Archive");
  const web1 = await webJoin(world.code, "Ben", "Archive");
  const bystander = await apiJoin(otherCode, "Cy", "Elsewhere");
  const waiting = await insertJoinRequest(world.klass.id, "waiting");
  const admitted = await insertJoinRequest(world.klass.id, "admitted");

  await setClassStatus(database.db, world.admin, world.klass.id, "archived");
  const tokens = await database.db.select().from(studentTokens).where(eq(studentTokens.classId, world.klass.id));
  expect(tokens).toHaveLength(2);
  for (const row of tokens) expect(row.revokedAt).not.toBeNull();
  const codes = await database.db.select().from(classCodes).where(eq(classCodes.classId, world.klass.id));
  expect(codes.map((code) => code.stoppedAt === null)).toEqual([false]);
  const [refused] = await database.db.select().from(joinRequests).where(eq(joinRequests.id, waiting));
  expect(refused).toMatchObject({ status: "refused", decidedByUserId: world.admin.id });
  const [expired] = await database.db.select().from(joinRequests).where(eq(joinRequests.id, admitted));
  expect(expired.status).toBe("admitted");
  expect(expired.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  const [event] = await database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "class.archive"), eq(auditEvents.targetId, String(world.klass.id))));
  expect(event.details).toMatchObject({ revokedTokens: 2, stoppedCodes: 1, refusedJoinRequests: 1 });

  await setClassStatus(database.db, world.admin, world.klass.id, "active");
  expect((await apiCall("/assignments", app1.token)).status).toBe(401);
  expectSignedOut(await studentPage(web1.cookie));
  expect(await liveCodesOf(world.klass.id)).toEqual([]);
  const [stillRefused] = await database.db.select().from(joinRequests).where(eq(joinRequests.id, waiting));
  expect(stillRefused.status).toBe("refused");
  // Another class of the school is untouched.
  expect((await apiCall("/assignments", bystander.token)).status).toBe(200);
});

test("archiving a school does the same for every class of it, and only of it; restoring revives none", async () => {
  const world = await openClass();
  const { klass: second, code: secondCode } = await classWithCode(world.school.id);
  const elsewhere = await openClass();
  const first = await apiJoin(world.code, "Dee", "School");
  const web = await webJoin(secondCode, "Eli", "School");
  const stranger = await apiJoin(elsewhere.code, "Fay", "Other");
  const waiting = await insertJoinRequest(second.id, "waiting");

  await setSchoolStatus(database.db, world.admin, world.school.id, "archived");
  const revoked = await database.db
    .select({ revokedAt: studentTokens.revokedAt })
    .from(studentTokens)
    .where(eq(studentTokens.studentId, first.studentId));
  expect(revoked.every((row) => row.revokedAt !== null)).toBe(true);
  expect((await tokenRow(web.token)).revokedAt).not.toBeNull();
  const [refused] = await database.db.select().from(joinRequests).where(eq(joinRequests.id, waiting));
  expect(refused.status).toBe("refused");
  for (const classId of [world.klass.id, second.id]) expect(await liveCodesOf(classId)).toEqual([]);

  await setSchoolStatus(database.db, world.admin, world.school.id, "active");
  expect((await apiCall("/assignments", first.token)).status).toBe(401);
  expectSignedOut(await studentPage(web.cookie));
  const oldCode = await studentApiFetch(database)(`${API}/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: secondCode, firstName: "Eli", lastName: "School" }),
  });
  expect(oldCode.status).toBe(410);
  expect((await oldCode.json()).code).toBe("CLASS_CODE_STOPPED");
  // The other school's student and code are untouched.
  expect((await apiCall("/assignments", stranger.token)).status).toBe(200);
  expect((await tokenRow(stranger.token)).revokedAt).toBeNull();
});

test("the teacher's count of live tokens and the revoke leave out expired tokens", async () => {
  const { world, student, ids, tokens } = await studentWithTokens(2);
  const [live, old] = tokens;
  await issueStudentToken(database.db, { ...ids, kind: "browser" });
  await issuedAgo(old, STUDENT_TOKEN_LIFETIME_MS.app * 2, STUDENT_TOKEN_LIFETIME_MS.app);
  expect(await countLiveStudentTokens(database.db, world.klass.id, student.id)).toBe(2);

  await issuedAgo(live, STUDENT_TOKEN_LIFETIME_MS.app * 2, STUDENT_TOKEN_LIFETIME_MS.app);
  const result = await revokeStudentTokens(database.db, world.teacher, ids);
  expect(result.revoked).toBe(1);
  expect(await countLiveStudentTokens(database.db, world.klass.id, student.id)).toBe(0);
  const again = await revokeStudentTokens(database.db, world.teacher, ids);
  expect(again.message).toMatch(/has no signed-in student app, so there was nothing to sign out\.$/);
});

test("the retention job deletes tokens expired long ago and keeps recent ones; the student stays on the roster", async () => {
  const { student, tokens } = await studentWithTokens(3);
  const [ancient, recent, current] = tokens;
  const day = STUDENT_TOKEN_LIFETIME_MS.app;
  await issuedAgo(ancient, STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS + day + 60_000, day);
  await issuedAgo(recent, STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS + day - 60_000, day);

  const run = await runRetention(database.db);
  expect(run.ran && run.studentTokens).toBeGreaterThanOrEqual(1);
  expect(await tokenRow(ancient)).toBeUndefined();
  expect(await tokenRow(recent)).toBeDefined();
  expect(await tokenRow(current)).toBeDefined();
  expect((await apiCall("/assignments", current)).status).toBe(200);
  const roster = await database.db.select().from(classStudents).where(eq(classStudents.studentId, student.id));
  expect(roster).toHaveLength(1);
});
