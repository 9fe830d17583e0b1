/**
 * Printed sign-in cards outlive the class code (issue 36) on a real database:
 * "Make the cards" gives each card a long random token (only its hash
 * stored); the card's QR code joins its child while the child is in the class,
 * whatever the class code does since (stopped, replaced), on the student API
 * and on /join; making the cards again, the child leaving the class, a new
 * personal code and archiving revoke it. Two makings at once leave one working
 * card per child (also run on PostgreSQL).
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient } from "~/lib/student-api/client";
import * as joinRoute from "~/routes/student/join";
import { hashToken } from "~/server/auth/session.server";
import { generateClassCode, stopClassCode } from "~/server/class-codes/class-codes.server";
import type { Database } from "~/server/db/client.server";
import { signInCards, students } from "~/server/db/schema.server";
import { regeneratePersonalCode } from "~/server/students/personal-codes.server";
import { makeSignInCards } from "~/server/students/sign-in-cards.server";
import { removeStudentFromClass } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassCode, createClassWorld, createStudent } from "../support/fixtures";
import { callRoute } from "../support/route-call";
import { refusal } from "../support/student-api-refusal";

const refusalCode = async (promise: Promise<unknown>) => (await refusal(promise)).code;

import { studentApiFetch } from "../support/student-api-app";

let database: Database;
let world: ClassWorld;
let ipCounter = 0;

const api = () =>
  createStudentApiClient({
    baseUrl: "http://school.test",
    logError: () => {},
    fetch: studentApiFetch(database, { clientAddress: `10.8.0.${++ipCounter}` }),
  });

/** A class with a live code and two children with personal codes, and their cards. */
async function classWithCards(code: string) {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  await createClassCode(database.db, { classId: klass.id, code });
  const kids = [];
  for (const [firstName, personalCode] of [
    ["Ada", `A${code.slice(0, 2)}-234`],
    ["Ben", `B${code.slice(0, 2)}-234`],
  ]) {
    const kid = await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName,
      lastName: "Card",
    });
    await database.db.update(students).set({ personalCode }).where(eq(students.id, kid.id));
    kids.push(kid);
  }
  const made = await makeSignInCards(database.db, world.users.teacher, { classId: klass.id });
  return { klass, kids, tokens: kids.map((kid) => made.tokens[kid.id]) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

test("each card gets a long random token, stored only as its hash", async () => {
  const { klass, tokens } = await classWithCards("TOKN-3456");
  for (const token of tokens) expect(token).toMatch(/^ocd_[A-Za-z0-9_-]{32}$/);
  const rows = await database.db.select().from(signInCards).where(eq(signInCards.classId, klass.id));
  expect(rows.map((row) => row.tokenHash).sort()).toEqual(tokens.map(hashToken).sort());
  expect(JSON.stringify(rows)).not.toContain(tokens[0]);
});

test("a card's QR code joins its child after the class code is stopped and replaced", async () => {
  const { klass, kids, tokens } = await classWithCards("STOP-3456");
  await stopClassCode(database.db, world.users.teacher, { classId: klass.id });
  const afterStop = await api().join({ card: tokens[0] });
  expect(afterStop).toMatchObject({ status: "joined", student: { firstName: "Ada", lastName: "Card" } });
  await generateClassCode(database.db, world.users.teacher, { classId: klass.id });
  await stopClassCode(database.db, world.users.teacher, { classId: klass.id });
  expect((await api().join({ card: tokens[1] })).status).toBe("joined");
  // The typed pair still names the class with the stopped code, as before.
  expect(kids).toHaveLength(2);
  expect(await refusalCode(api().join({ code: "STOP-3456", firstName: "Ada", lastName: "Card" }))).toBe(
    "CLASS_CODE_STOPPED",
  );
});

test("making the cards again, a new personal code and leaving the class each stop a card's QR code", async () => {
  const { klass, kids, tokens } = await classWithCards("REVK-3456");
  const again = await makeSignInCards(database.db, world.users.teacher, { classId: klass.id });
  expect(await refusalCode(api().join({ card: tokens[0] }))).toBe("CARD_NOT_VALID");
  expect((await api().join({ card: again.tokens[kids[0].id] })).status).toBe("joined");

  await regeneratePersonalCode(database.db, world.users.teacher, { classId: klass.id, studentId: kids[0].id });
  expect(await refusalCode(api().join({ card: again.tokens[kids[0].id] }))).toBe("CARD_NOT_VALID");

  await removeStudentFromClass(database.db, world.users.teacher, klass.id, kids[1].id);
  expect(await refusalCode(api().join({ card: again.tokens[kids[1].id] }))).toBe("CARD_NOT_VALID");
  const live = await database.db
    .select()
    .from(signInCards)
    .where(and(eq(signInCards.classId, klass.id), isNull(signInCards.revokedAt)));
  expect(live).toEqual([]);
  expect(await refusalCode(api().join({ card: "ocd_not-a-real-card-token-at-all-00" }))).toBe("CARD_NOT_VALID");
});

test("/join?card= greets the card's child and a GET joins nobody; the post joins; a dead card says so", async () => {
  const { klass, tokens } = await classWithCards("PAGE-3456");
  const page = await callRoute(joinRoute, database, { path: `/join?card=${tokens[0]}` });
  expect(await page.json()).toMatchObject({ card: { holder: { firstName: "Ada", className: klass.name } } });
  const joined = await callRoute(joinRoute, database, { method: "POST", path: "/join", form: { card: tokens[0] } });
  expect(joined.headers.get("location")).toBe("/student");
  await makeSignInCards(database.db, world.users.teacher, { classId: klass.id });
  const dead = await callRoute(joinRoute, database, { path: `/join?card=${tokens[0]}` });
  expect(await dead.json()).toMatchObject({
    card: { holder: null, refusal: expect.stringMatching(/no longer works/) },
  });
});

test("two makings of a class's cards at once leave one working card per child", async () => {
  const { klass, kids } = await classWithCards("RACE-3456");
  await Promise.all(
    Array.from({ length: 4 }, () => makeSignInCards(database.db, world.users.teacher, { classId: klass.id })),
  );
  const live = await database.db
    .select({ studentId: signInCards.studentId })
    .from(signInCards)
    .where(and(eq(signInCards.classId, klass.id), isNull(signInCards.revokedAt)));
  expect(live.map((row) => row.studentId).sort()).toEqual(kids.map((kid) => kid.id).sort());
});
