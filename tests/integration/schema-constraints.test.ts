/**
 * The constraints in the schema that protect data, checked on a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Db } from "~/server/db/client.server";
import {
  assignments,
  classCodes,
  classes,
  classStudents,
  responses,
  schools,
  studentContacts,
  students,
  surveys,
  users,
} from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";

let db: Db;
let schoolId: number;
let classId: number;
let surveyId: number;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  [{ id: schoolId }] = await db.insert(schools).values({ name: "Constraint Primary" }).returning({ id: schools.id });
  [{ id: classId }] = await db.insert(classes).values({ name: "3 Elm", schoolId }).returning({ id: classes.id });
  [{ id: surveyId }] = await db
    .insert(surveys)
    .values({ fullSlug: "surveys/constraint-check", title: "Constraint check" })
    .returning({ id: surveys.id });
});

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error in `cause`). */
async function sqlState(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const err = error as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
  return undefined;
}

const UNIQUE_VIOLATION = "23505";
/** ON DELETE RESTRICT: restrict_violation on newer PostgreSQL (PGlite), foreign_key_violation on PostgreSQL 15. */
const RESTRICT_VIOLATIONS = ["23001", "23503"];

async function addStudent(firstName: string) {
  const [student] = await db
    .insert(students)
    .values({ schoolId, firstName, lastName: "Tester" })
    .returning({ id: students.id });
  return student.id;
}

async function liveCodeCount(forClassId: number) {
  const rows = await db
    .select({ id: classCodes.id })
    .from(classCodes)
    .where(sql`${classCodes.classId} = ${forClassId} and ${classCodes.stoppedAt} is null`);
  return rows.length;
}

test("an e-mail address is unique regardless of letter case", async () => {
  await db.insert(users).values({ name: "Ada One", email: "ada@example.org" });
  expect(await sqlState(db.insert(users).values({ name: "Ada Two", email: "ADA@Example.ORG" }))).toBe(UNIQUE_VIOLATION);
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = 'ada@example.org'`);
  expect(rows.map((row) => row.name)).toEqual(["Ada One"]);
});

test("a student has at most one response per assignment", async () => {
  const studentId = await addStudent("Rita");
  const [{ id: assignmentId }] = await db
    .insert(assignments)
    .values({ classId, surveyId, status: "active", startedAt: new Date() })
    .returning({ id: assignments.id });
  await db.insert(responses).values({ assignmentId, studentId, answers: { q1: 1 } });
  expect(await sqlState(db.insert(responses).values({ assignmentId, studentId, answers: { q1: 2 } }))).toBe(
    UNIQUE_VIOLATION,
  );
  const stored = await db.select().from(responses).where(eq(responses.assignmentId, assignmentId));
  expect(stored).toHaveLength(1);
  expect(stored[0].answers).toEqual({ q1: 1 });
});

test("a class has at most one live class code, and stopping it frees the slot", async () => {
  const expiresAt = new Date(Date.now() + 3_600_000);
  const [first] = await db
    .insert(classCodes)
    .values({ classId, code: "MAPLE-1001", expiresAt })
    .returning({ id: classCodes.id });
  expect(await sqlState(db.insert(classCodes).values({ classId, code: "MAPLE-1002", expiresAt }))).toBe(
    UNIQUE_VIOLATION,
  );
  expect(await liveCodeCount(classId)).toBe(1);

  await db.update(classCodes).set({ stoppedAt: new Date() }).where(eq(classCodes.id, first.id));
  await db.insert(classCodes).values({ classId, code: "MAPLE-1003", expiresAt });
  expect(await liveCodeCount(classId)).toBe(1);
});

test("two classes cannot share a live code, but a stopped code may be reused", async () => {
  const expiresAt = new Date(Date.now() + 3_600_000);
  const [{ id: otherClassId }] = await db
    .insert(classes)
    .values({ name: "3 Ash", schoolId })
    .returning({ id: classes.id });
  const [{ id: thirdClassId }] = await db
    .insert(classes)
    .values({ name: "3 Pine", schoolId })
    .returning({ id: classes.id });
  const [live] = await db
    .insert(classCodes)
    .values({ classId: otherClassId, code: "OAK-2002", expiresAt })
    .returning({ id: classCodes.id });
  expect(await sqlState(db.insert(classCodes).values({ classId: thirdClassId, code: "OAK-2002", expiresAt }))).toBe(
    UNIQUE_VIOLATION,
  );

  await db.update(classCodes).set({ stoppedAt: new Date() }).where(eq(classCodes.id, live.id));
  await db.insert(classCodes).values({ classId: thirdClassId, code: "OAK-2002", expiresAt });
  expect(await liveCodeCount(thirdClassId)).toBe(1);
});

test("deleting a student deletes their contacts, class memberships and responses", async () => {
  const studentId = await addStudent("Noor");
  const keeperId = await addStudent("Kees");
  const [{ id: assignmentId }] = await db
    .insert(assignments)
    .values({ classId, surveyId: (await newSurvey("cascade")).id, status: "active", startedAt: new Date() })
    .returning({ id: assignments.id });
  for (const id of [studentId, keeperId]) {
    await db.insert(studentContacts).values({ studentId: id, name: "Guardian", email: "guardian@example.net" });
    await db.insert(classStudents).values({ classId, studentId: id });
    await db.insert(responses).values({ assignmentId, studentId: id, answers: {} });
  }

  await db.delete(students).where(eq(students.id, studentId));

  expect(await db.select().from(studentContacts).where(eq(studentContacts.studentId, studentId))).toEqual([]);
  expect(await db.select().from(classStudents).where(eq(classStudents.studentId, studentId))).toEqual([]);
  expect(await db.select().from(responses).where(eq(responses.studentId, studentId))).toEqual([]);
  // The other student's rows are untouched.
  expect(await db.select().from(studentContacts).where(eq(studentContacts.studentId, keeperId))).toHaveLength(1);
  expect(await db.select().from(classStudents).where(eq(classStudents.studentId, keeperId))).toHaveLength(1);
  expect(await db.select().from(responses).where(eq(responses.studentId, keeperId))).toHaveLength(1);
});

test("a survey that has assignments cannot be deleted", async () => {
  const survey = await newSurvey("restricted");
  await db.insert(assignments).values({ classId, surveyId: survey.id });
  expect(await sqlState(db.delete(surveys).where(eq(surveys.id, survey.id)))).toBeOneOf(RESTRICT_VIOLATIONS);
  expect(await db.select().from(surveys).where(eq(surveys.id, survey.id))).toHaveLength(1);

  const unused = await newSurvey("unused");
  await db.delete(surveys).where(eq(surveys.id, unused.id));
  expect(await db.select().from(surveys).where(eq(surveys.id, unused.id))).toEqual([]);
});

async function newSurvey(slug: string) {
  const [survey] = await db
    .insert(surveys)
    .values({ fullSlug: `surveys/${slug}`, title: slug })
    .returning({ id: surveys.id });
  return survey;
}
