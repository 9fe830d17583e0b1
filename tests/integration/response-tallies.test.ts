/**
 * ADR 066: the running totals of responses (`response_tallies`) that the
 * results screen reads. After every way a response can change, the stored
 * tallies equal a recount of the responses done here in JavaScript, and the
 * results screen shows the changed distribution.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { getAssignmentResults } from "~/server/assignments/results.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import type { Db } from "~/server/db/client.server";
import { responses, schools } from "~/server/db/schema.server";
import { runRetention } from "~/server/privacy/retention.server";
import { deleteStudent } from "~/server/students/student-deletion.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassWorld,
  createResponse,
  createStudent,
  createSurvey,
} from "../support/fixtures";
import { optionsQuestion, surveyOf, textQuestions } from "../support/survey-fixtures";
import { expectedTallies, storedTallies } from "../support/tallies";

let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

async function expectTalliesToMatchResponses() {
  const expected = await expectedTallies(db);
  expect(Object.keys(expected).length).toBeGreaterThan(0);
  expect(await storedTallies(db)).toEqual(expected);
}

async function classWithStudents(count: number) {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const students = [];
  for (let i = 0; i < count; i++)
    students.push(await createStudent(db, { schoolId: world.riverside.id, classId: klass.id }));
  return { klass, students };
}

test("the tallies follow inserts, replacements, deletions, a student's deletion, retention and cascades", async () => {
  const { klass, students } = await classWithStudents(6);
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  const second = await createAssignment(db, {
    classId: klass.id,
    surveyId: (await createSurvey(db)).id,
    status: "active",
  });

  // One statement inserting several rows, with every kind of value the column can hold.
  await db.insert(responses).values([
    {
      assignmentId: assignment.id,
      studentId: students[0].id,
      answers: { mood: 2, lunch: "Yes", free: "Sunny 🌞 day", art: { drawingId: "d1" } },
    },
    {
      assignmentId: assignment.id,
      studentId: students[1].id,
      answers: { mood: 2, lunch: "No", free: "   ", flag: true },
    },
    {
      assignmentId: assignment.id,
      studentId: students[2].id,
      answers: { mood: 0, lunch: null, "": "no key", free: "x".repeat(5000) },
    },
    { assignmentId: second.id, studentId: students[0].id, answers: { mood: 1 } },
  ]);
  await db.execute(
    sql`insert into responses (assignment_id, student_id, answers) values (${assignment.id}, ${students[3].id}, '[1, 2]'::jsonb)`,
  );
  await expectTalliesToMatchResponses();

  // A replacement, and an update that leaves the answers alone.
  await db
    .update(responses)
    .set({ answers: { mood: 3, lunch: "Yes" } })
    .where(eq(responses.studentId, students[1].id));
  await db.update(responses).set({ submittedAt: new Date() }).where(eq(responses.assignmentId, assignment.id));
  await expectTalliesToMatchResponses();

  // A student's deletion (their responses in both assignments go).
  await deleteStudent(db, world.actors.teacher, klass.id, students[0].id);
  await expectTalliesToMatchResponses();

  // An assignment's deletion cascades to its responses: no tally of it is left.
  await db.execute(sql`delete from assignments where id = ${second.id}`);
  expect(Object.keys(await storedTallies(db)).filter((key) => key.startsWith(`${second.id}|`))).toEqual([]);

  // A class's deletion cascades through its assignments.
  await db.execute(sql`delete from classes where id = ${klass.id}`);
  expect(Object.keys(await storedTallies(db)).filter((key) => key.startsWith(`${assignment.id}|`))).toEqual([]);

  // Retention deletes a school's old responses.
  const { klass: kept, students: keptStudents } = await classWithStudents(3);
  const keptAssignment = await createAssignment(db, { classId: kept.id, surveyId: survey.id, status: "active" });
  const old = new Date(Date.UTC(2020, 0, 1));
  await createResponse(db, {
    assignmentId: keptAssignment.id,
    studentId: keptStudents[0].id,
    answers: { mood: 1 },
    submittedAt: old,
  });
  await createResponse(db, {
    assignmentId: keptAssignment.id,
    studentId: keptStudents[1].id,
    answers: { mood: 1 },
    submittedAt: old,
  });
  await createResponse(db, { assignmentId: keptAssignment.id, studentId: keptStudents[2].id, answers: { mood: 2 } });
  await db.update(schools).set({ retentionMonths: 12 }).where(eq(schools.id, world.riverside.id));
  await runRetention(db);
  await expectTalliesToMatchResponses();
  expect((await storedTallies(db))[`${keptAssignment.id}|mood|n:1`]).toBeUndefined();
  expect((await storedTallies(db))[`${keptAssignment.id}|mood|n:2`]).toBe(1);
});

const feelings = surveyOf("Feelings", [
  optionsQuestion("mood", "How do you feel?", ["Great", "Sad"]),
  textQuestions("text", "Tell us", [{ uid: "lunch", prompt: "Lunch?", choices: ["Pasta ★", "Soup"] }]),
]);

test("the results screen shows a replaced answer in its new place, and a deleted one nowhere", async () => {
  const { klass, students } = await classWithStudents(3);
  const survey = await createSurvey(db, { fullSlug: "surveys/feelings-tallies" });
  const lookup: SurveyContentLookup = async (slug) => (slug === survey.fullSlug ? feelings : null);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  for (const student of students) {
    await createResponse(db, {
      assignmentId: assignment.id,
      studentId: student.id,
      answers: { mood: 0, lunch: "Pasta ★" },
    });
  }
  const read = async () => {
    const results = await getAssignmentResults(
      db,
      world.actors.teacher,
      { classId: klass.id, assignmentId: assignment.id },
      lookup,
    );
    return results.questions.map((q) =>
      "options" in q ? q.options.map((o) => `${o.label}=${o.count}`).join(" ") : "",
    );
  };
  expect(await read()).toEqual(["Great=3 Sad=0", "Pasta ★=3 Soup=0"]);

  await db
    .update(responses)
    .set({ answers: { mood: 1, lunch: "Soup" } })
    .where(eq(responses.studentId, students[0].id));
  expect(await read()).toEqual(["Great=2 Sad=1", "Pasta ★=2 Soup=1"]);

  await deleteStudent(db, world.actors.teacher, klass.id, students[1].id);
  expect(await read()).toEqual(["Great=1 Sad=1", "Pasta ★=1 Soup=1"]);
  const results = await getAssignmentResults(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  expect(results).toMatchObject({ respondedCount: 2, studentCount: 2 });
});
