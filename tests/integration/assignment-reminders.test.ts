/**
 * Issue 38 point 3: the children who have not answered yet. A named
 * assignment's reminder reaches those who had not answered, each sees "Your
 * teacher is waiting for your answers to …" on their page and in the student
 * API until they answer or it closes; an anonymous assignment's reaches the
 * whole class, answered or not, and stores nothing per child. Audited with
 * counts only. On PGlite.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient } from "~/lib/student-api/client";
import * as remindRoute from "~/routes/class/survey-remind";
import * as studentIndexRoute from "~/routes/student/index";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import { getReminderSummary, sendReminder } from "~/server/assignments/reminders.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, studentReminders } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { startStudentSession } from "~/server/students/student-session.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
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
import { callRoute, signIn } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { createTestApp } from "../support/test-app";

let database: Database;
let world: ClassWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

/** A class of three (Ann answered, Ben and Cleo not) with an open assignment. */
async function classWithAssignment(anonymous: boolean) {
  const db = database.db;
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const survey = await createSurvey(db, { title: "Our class climate" });
  const assignment = await createAssignment(db, {
    classId: klass.id,
    surveyId: survey.id,
    status: "active",
    anonymous,
  });
  const [ann, ben, cleo] = await Promise.all(
    ["Ann", "Ben", "Cleo"].map((firstName) =>
      createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName, lastName: "Pupil" }),
    ),
  );
  await createResponse(db, { assignmentId: assignment.id, studentId: ann.id, answers: {} });
  return { klass, assignment, ann, ben, cleo };
}

async function apiOf(student: { id: number }, classId: number) {
  const token = await issueStudentToken(database.db, { studentId: student.id, classId, kind: "app" });
  return createStudentApiClient({ baseUrl: "http://school.test", fetch: studentApiFetch(database), token });
}

/** What the child's /student page shows at its top. */
async function pageReminders(student: { id: number }, classId: number) {
  const app = await createTestApp(database);
  const token = await issueStudentToken(database.db, { studentId: student.id, classId, kind: "browser" });
  const cookie = (await startStudentSession(app.studentCookie, token)).split(";")[0];
  const response = await callRoute(studentIndexRoute, database, { path: "/student", cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { reminders: { assignmentId: number; kind: string; title: string }[] }).reminders;
}

function remind(cookie: string, classId: number, assignmentId: number) {
  return callRoute(remindRoute, database, {
    method: "POST",
    path: `/class/${classId}/surveys/results/${assignmentId}/remind`,
    params: { classId, assignmentId },
    cookie,
    form: { intent: "send-reminder" },
  });
}

test("a named assignment: the reminder reaches who has not answered, until they answer or it closes; audited with a count", async () => {
  const { klass, assignment, ann, ben, cleo } = await classWithAssignment(false);
  const cookie = await signIn(database, world.users.teacher.id);
  const sent = await remind(cookie, klass.id, assignment.id);
  expect(sent.status).toBe(302);
  expect(sent.headers.get("location")).toBe(`/class/${klass.id}/surveys/results/${assignment.id}`);

  const reminded = await database.db
    .select({ studentId: studentReminders.studentId })
    .from(studentReminders)
    .where(eq(studentReminders.assignmentId, assignment.id));
  expect(reminded.map((row) => row.studentId).sort()).toEqual([ben.id, cleo.id].sort());
  const [event] = await database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "assignment.remind"), eq(auditEvents.targetId, String(assignment.id))));
  expect(event.details).toEqual({ classId: klass.id, toWholeClass: false, reminded: 2 });
  expect(
    await getReminderSummary(database.db, world.actors.teacher, { classId: klass.id, assignmentId: assignment.id }),
  ).toMatchObject({ toWholeClass: false, remindedCount: 2, sends: 1 });

  // Ben sees it on his page and in the app; Ann, who answered, does not.
  expect(await pageReminders(ben, klass.id)).toEqual([
    { assignmentId: assignment.id, kind: "yours", title: "Our class climate", language: "en" },
  ]);
  expect(await pageReminders(ann, klass.id)).toEqual([]);
  const benApi = await apiOf(ben, klass.id);
  expect((await benApi.listAssignments()).assignments).toEqual([
    expect.objectContaining({ assignmentId: assignment.id, answered: false, reminder: "yours" }),
  ]);
  expect((await (await apiOf(ann, klass.id)).listAssignments()).assignments[0].reminder).toBeNull();

  // Ben answers: his reminder is gone; Cleo's stays until the survey closes.
  await createResponse(database.db, { assignmentId: assignment.id, studentId: ben.id, answers: {} });
  expect((await benApi.listAssignments()).assignments[0].reminder).toBeNull();
  expect(await pageReminders(cleo, klass.id)).toHaveLength(1);
  await setAssignmentStatus(database.db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assignment.id,
    status: "completed",
  });
  expect(await pageReminders(cleo, klass.id)).toEqual([]);
  // A closed survey sends no reminder: the teacher is told so, nothing is written.
  const refused = await remind(cookie, klass.id, assignment.id);
  expect(refused.status).toBe(302);
  const sends = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "assignment.remind"));
  expect(sends.filter((row) => row.targetId === String(assignment.id))).toHaveLength(1);
});

test("an anonymous assignment: the whole class sees the reminder, answered or not, and nothing is stored per child", async () => {
  const { klass, assignment, ann, ben } = await classWithAssignment(true);
  const sent = await sendReminder(database.db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assignment.id,
  });
  // The count is the class's size, never how many have not answered.
  expect(sent).toEqual({ toWholeClass: true, remindedCount: 3 });
  expect(
    await database.db.select().from(studentReminders).where(eq(studentReminders.assignmentId, assignment.id)),
  ).toEqual([]);
  for (const student of [ann, ben]) {
    expect(await pageReminders(student, klass.id)).toEqual([
      { assignmentId: assignment.id, kind: "class", title: "Our class climate", language: "en" },
    ]);
    expect((await (await apiOf(student, klass.id)).listAssignments()).assignments[0].reminder).toBe("class");
  }
  const [event] = await database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "assignment.remind"), eq(auditEvents.targetId, String(assignment.id))));
  expect(event.details).toEqual({ classId: klass.id, toWholeClass: true, reminded: 3 });
});

test("another school's teacher or a colleague without the class cannot remind: not found", async () => {
  const { klass, assignment } = await classWithAssignment(false);
  for (const actor of [world.actors.otherTeacher, world.actors.colleague]) {
    const error = await sendReminder(database.db, actor, { classId: klass.id, assignmentId: assignment.id }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("NOT_FOUND");
  }
  expect(
    await database.db.select().from(studentReminders).where(eq(studentReminders.assignmentId, assignment.id)),
  ).toEqual([]);
});
