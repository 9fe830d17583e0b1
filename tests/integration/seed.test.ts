/** The demo data: deterministic, realistic, and seeded only into an empty database. */
import path from "node:path";
import { asc, count, eq, isNull, sql } from "drizzle-orm";
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
  users,
} from "~/server/db/schema.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { createTestDatabase } from "../support/database";

const contentDir = path.resolve("content");
let db: Db;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const summary = await seedDemoData(db, { contentDir });
  expect(summary).not.toBeNull();
});

test("there are two schools, one of them archived", async () => {
  const rows = await db.select({ name: schools.name, status: schools.status }).from(schools).orderBy(asc(schools.id));
  expect(rows).toEqual([
    { name: "Riverside Primary School", status: "active" },
    { name: "Hillcrest Academy", status: "archived" },
  ]);
});

test("the six demo accounts exist with their roles, statuses and schools", async () => {
  const rows = await db
    .select({ email: users.email, role: users.role, status: users.status, school: schools.name })
    .from(users)
    .leftJoin(schools, eq(users.schoolId, schools.id))
    .orderBy(asc(users.id));
  expect(rows).toEqual([
    { email: "admin@orliverse.example", role: "admin", status: "active", school: null },
    { email: "head@riverside.example", role: "admin", status: "active", school: "Riverside Primary School" },
    { email: "amara.okafor@riverside.example", role: "teacher", status: "active", school: "Riverside Primary School" },
    { email: "daniel.murphy@riverside.example", role: "teacher", status: "active", school: "Riverside Primary School" },
    {
      email: "tomas.becker@riverside.example",
      role: "teacher",
      status: "archived",
      school: "Riverside Primary School",
    },
    { email: "priya.shah@hillcrest.example", role: "teacher", status: "active", school: "Hillcrest Academy" },
  ]);
  expect(rows.map((row) => row.email)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
});

test("there are six classes with about eighty students, each with one or two contacts", async () => {
  expect(await db.$count(classes)).toBe(6);
  const studentCount = await db.$count(students);
  expect(studentCount).toBeGreaterThanOrEqual(75);
  expect(studentCount).toBeLessThanOrEqual(85);
  expect(await db.$count(classStudents)).toBe(studentCount);

  const contactsPerStudent = await db
    .select({ studentId: students.id, contacts: count(studentContacts.id) })
    .from(students)
    .leftJoin(studentContacts, eq(studentContacts.studentId, students.id))
    .groupBy(students.id);
  const perStudent = new Set(contactsPerStudent.map((row) => row.contacts));
  expect([...perStudent].sort()).toEqual([1, 2]);
});

test("the first class has one live class code", async () => {
  const live = await db
    .select({ code: classCodes.code, className: classes.name, expiresAt: classCodes.expiresAt })
    .from(classCodes)
    .innerJoin(classes, eq(classCodes.classId, classes.id))
    .where(isNull(classCodes.stoppedAt));
  expect(live).toHaveLength(1);
  expect(live[0].code).toBe("SUNNY-4821");
  expect(live[0].className).toBe("5A Sunflowers");
  expect(live[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
});

test("there are assignments in every status, with responses where a survey has started", async () => {
  const byStatus = await db
    .select({ status: assignments.status, responses: count(responses.id) })
    .from(assignments)
    .leftJoin(responses, eq(responses.assignmentId, assignments.id))
    .groupBy(assignments.status)
    .orderBy(asc(assignments.status));
  expect(byStatus.map((row) => row.status)).toEqual(["active", "assigned", "completed"]);
  const responsesFor = Object.fromEntries(byStatus.map((row) => [row.status, row.responses]));
  expect(responsesFor.completed).toBeGreaterThan(0);
  expect(responsesFor.active).toBeGreaterThan(0);
  expect(responsesFor.assigned).toBe(0);
});

test("seeding a database that already has users does nothing", async () => {
  const before = await tableCounts(db);
  expect(await seedDemoData(db, { contentDir })).toBeNull();
  expect(await tableCounts(db)).toEqual(before);
});

test("two seeded databases hold the same demo data", async () => {
  const { db: other } = await createTestDatabase();
  await seedDemoData(other, { contentDir });
  expect(await demoSnapshot(other)).toEqual(await demoSnapshot(db));
});

async function tableCounts(database: Db) {
  return {
    schools: await database.$count(schools),
    users: await database.$count(users),
    classes: await database.$count(classes),
    students: await database.$count(students),
    contacts: await database.$count(studentContacts),
    assignments: await database.$count(assignments),
    responses: await database.$count(responses),
  };
}

/** Everything the seed chooses (names, contacts, answers), without generated ids or timestamps. */
async function demoSnapshot(database: Db) {
  return {
    counts: await tableCounts(database),
    students: await database
      .select({ first: students.firstName, last: students.lastName })
      .from(students)
      .orderBy(asc(students.id)),
    contacts: await database
      .select({ name: studentContacts.name, email: studentContacts.email, phone: studentContacts.phonePrimary })
      .from(studentContacts)
      .orderBy(asc(studentContacts.id)),
    answers: await database.select({ answers: responses.answers }).from(responses).orderBy(asc(responses.id)),
    assignmentStatuses: await database
      .select({ status: assignments.status, className: classes.name })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .orderBy(asc(assignments.id)),
    studentsPerClass: await database
      .select({ className: classes.name, students: sql<number>`count(*)::int` })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .groupBy(classes.name)
      .orderBy(asc(classes.name)),
  };
}
