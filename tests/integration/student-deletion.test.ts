/**
 * Deleting a student (docs/product.md#removing-and-deleting-a-student): one transaction removes contacts, class
 * memberships, tokens, responses and drawings; afterwards no row names the
 * student, and the audit log holds the deletion with counts and no name.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Db } from "~/server/db/client.server";
import { auditEvents, responseDrawings, studentTokens } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import {
  deleteStudent,
  findRowsAboutStudent,
  getStudentDeletionPreview,
} from "~/server/students/student-deletion.server";
import { updateStudent } from "~/server/students/students.server";
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

let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

/** A student in two classes with two contacts, a token, two responses and a drawing, and an audited rename. */
let serial = 0;
async function studentWithEverything() {
  const surname = `Fothergill${"QRSTUVWXYZ"[serial++]}`;
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const other = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.colleague.id] });
  const student = await createStudent(db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Peregrine",
    lastName: surname,
    contacts: [{ name: `Parent ${surname}`, phonePrimary: "0123" }, { name: `Gran ${surname}` }],
  });
  await db.execute(sql`insert into class_students (class_id, student_id) values (${other.id}, ${student.id})`);
  await db.insert(studentTokens).values({ studentId: student.id, classId: klass.id, tokenHash: `hash-${student.id}` });
  const s1 = await createSurvey(db);
  const s2 = await createSurvey(db);
  const a1 = await createAssignment(db, { classId: klass.id, surveyId: s1.id, status: "active" });
  const a2 = await createAssignment(db, { classId: other.id, surveyId: s2.id, status: "active" });
  await createResponse(db, { assignmentId: a1.id, studentId: student.id, answers: { free: "secret" } });
  await createResponse(db, { assignmentId: a2.id, studentId: student.id, answers: { free: "also secret" } });
  await db.insert(responseDrawings).values({
    id: `drawing-${student.id}`,
    assignmentId: a1.id,
    studentId: student.id,
    fieldUid: "art",
    png: new Uint8Array([137, 80, 78, 71]),
    byteSize: 4,
    width: 1,
    height: 1,
    sha256: "x",
  });
  await db.insert(auditEvents).values({
    actorStudentId: student.id,
    action: "response.submit",
    targetType: "response",
    targetId: "1",
    schoolId: world.riverside.id,
    details: { note: surname },
  });
  await updateStudent(db, world.actors.teacher, klass.id, student.id, {
    firstName: "Peregrine",
    lastName: `${surname}-Smythe`,
    contacts: [{ name: `Parent ${surname}` }],
  } as never);
  return { klass, other, student: { ...student, lastName: surname } };
}

test("the confirmation preview counts what will be removed", async () => {
  const { klass, student } = await studentWithEverything();
  const preview = await getStudentDeletionPreview(db, world.actors.teacher, klass.id, student.id);
  expect(preview).toMatchObject({
    student: { id: student.id, firstName: "Peregrine" },
    contacts: 1,
    classes: 2,
    tokens: 1,
    responses: 2,
    drawings: 1,
  });
});

test("the class's teacher deletes a student: nothing about them remains, and the deletion is audited without a name", async () => {
  const { klass, student } = await studentWithEverything();
  const removed = await deleteStudent(db, world.actors.teacher, klass.id, student.id);
  expect(removed).toEqual({ contacts: 1, classes: 2, tokens: 1, responses: 2, drawings: 1 });
  expect(await findRowsAboutStudent(db, student.id)).toEqual({
    students: 0,
    contacts: 0,
    classes: 0,
    tokens: 0,
    responses: 0,
    drawings: 0,
    auditEventsWithDetails: 0,
  });
  // No row anywhere in the database mentions the student's name.
  const dump = await db.execute(sql`
    select string_agg(t::text, ' ') as all_rows from (
      select row_to_json(x)::text as t from audit_events x
      union all select row_to_json(x)::text from students x
      union all select row_to_json(x)::text from student_contacts x
      union all select row_to_json(x)::text from responses x
    ) rows`);
  const text = JSON.stringify(dump);
  expect(text).not.toContain(student.lastName);
  const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, "student.delete"));
  expect(event).toMatchObject({
    targetType: "student",
    targetId: String(student.id),
    actorUserId: world.users.teacher.id,
  });
  expect(event.details).toEqual({ classId: klass.id, removed });
});

test("who may delete: the class's teacher and admins in scope; others get NOT_FOUND", async () => {
  const { klass, student } = await studentWithEverything();
  for (const actor of [
    world.actors.colleague,
    world.actors.otherAdmin,
    world.actors.otherTeacher,
    world.actors.spareTeacher,
  ]) {
    expect(await codeOf(deleteStudent(db, actor, klass.id, student.id))).toBe("NOT_FOUND");
  }
  expect((await findRowsAboutStudent(db, student.id)).students).toBe(1);
  expect(await codeOf(deleteStudent(db, world.actors.schoolAdmin, klass.id, student.id))).toBe("OK");
  const second = await studentWithEverything();
  expect(await codeOf(deleteStudent(db, world.actors.platformAdmin, second.klass.id, second.student.id))).toBe("OK");
  // Twice: it is gone.
  expect(await codeOf(deleteStudent(db, world.actors.platformAdmin, second.klass.id, second.student.id))).toBe(
    "NOT_FOUND",
  );
});
