/**
 * Privacy (docs/product.md#privacy): the data-request export (everything about one student, admins
 * in scope only) and the audit log for admins (scope, filters), which also
 * records admins' reads of identified responses, never anonymous ones.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { getAssignmentResults } from "~/server/assignments/results.server";
import { listAuditLog } from "~/server/audit/audit-log.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents, responseDrawings } from "~/server/db/schema.server";
import { exportStudentData } from "~/server/privacy/student-export.server";
import { queryResponses } from "~/server/responses/responses.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
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

test("an admin in scope downloads everything held about one student; others get NOT_FOUND; the export is audited", async () => {
  const student = await createStudent(db, {
    schoolId: world.riverside.id,
    classId: world.class5A.id,
    firstName: "Ada",
    lastName: "Export",
    contacts: [{ name: "Mum Export", phonePrimary: "555" }],
  });
  const survey = await createSurvey(db, { title: "Feelings" });
  const assignment = await createAssignment(db, { classId: world.class5A.id, surveyId: survey.id, status: "active" });
  await createResponse(db, { assignmentId: assignment.id, studentId: student.id, answers: { q: "hello" } });
  await db.insert(responseDrawings).values({
    id: `exp-${student.id}`,
    assignmentId: assignment.id,
    studentId: student.id,
    fieldUid: "art",
    png: new Uint8Array([1, 2, 3]),
    byteSize: 3,
    width: 1,
    height: 1,
    sha256: "x",
  });

  const data = await exportStudentData(db, world.actors.schoolAdmin, student.id);
  expect(data.student).toMatchObject({ id: student.id, firstName: "Ada", lastName: "Export" });
  expect(data.contacts).toEqual([expect.objectContaining({ name: "Mum Export", phonePrimary: "555" })]);
  expect(data.classes).toEqual([expect.objectContaining({ classId: world.class5A.id })]);
  expect(data.responses).toEqual([expect.objectContaining({ surveyTitle: "Feelings", answers: { q: "hello" } })]);
  expect(data.drawings).toEqual([expect.objectContaining({ id: `exp-${student.id}`, pngBase64: "AQID" })]);
  expect(JSON.stringify(data)).not.toContain("tokenHash");
  expect((await exportStudentData(db, world.actors.platformAdmin, student.id)).student.id).toBe(student.id);
  await expect(exportStudentData(db, world.actors.otherAdmin, student.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(exportStudentData(db, world.actors.teacher, student.id)).rejects.toBeInstanceOf(Error);
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "student.data_export"), eq(auditEvents.targetId, String(student.id))));
  expect(events).toHaveLength(2);
});

test("admins' reads of named responses are audited; anonymous ones and teachers' reads are not", async () => {
  const survey = await createSurvey(db);
  const named = await createAssignment(db, { classId: world.class6.id, surveyId: survey.id, status: "active" });
  const student = await createStudent(db, { schoolId: world.riverside.id, classId: world.class6.id });
  await createResponse(db, { assignmentId: named.id, studentId: student.id, answers: {} });
  const lookup = async () => null;
  await getAssignmentResults(db, world.actors.colleague, { classId: world.class6.id, assignmentId: named.id }, lookup);
  await getAssignmentResults(
    db,
    world.actors.schoolAdmin,
    { classId: world.class6.id, assignmentId: named.id },
    lookup,
  );
  await queryResponses(db, world.actors.schoolAdmin, survey.id, {});
  const reads = await db.select().from(auditEvents).where(eq(auditEvents.action, "responses.read_identified"));
  expect(reads.map((r) => [r.actorUserId, r.targetType, r.schoolId, (r.details as { via: string }).via])).toEqual([
    [world.users.schoolAdmin.id, "assignment", world.riverside.id, "class results"],
    [world.users.schoolAdmin.id, "survey", world.riverside.id, "admin responses list"],
  ]);

  const anonymousSurvey = await createSurvey(db);
  const anonymous = await createAssignment(db, {
    classId: world.class6.id,
    surveyId: anonymousSurvey.id,
    status: "active",
    anonymous: true,
  });
  await createResponse(db, { assignmentId: anonymous.id, studentId: student.id, answers: {} });
  await getAssignmentResults(
    db,
    world.actors.schoolAdmin,
    { classId: world.class6.id, assignmentId: anonymous.id },
    lookup,
  );
  await queryResponses(db, world.actors.schoolAdmin, anonymousSurvey.id, {});
  expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "responses.read_identified"))).toHaveLength(
    2,
  );
});

test("the audit log: a school admin sees their school only; filters by actor, action and date", async () => {
  await db.insert(auditEvents).values([
    {
      actorUserId: world.users.teacher.id,
      action: "test.alpha",
      targetType: "class",
      targetId: "1",
      schoolId: world.riverside.id,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    },
    {
      actorUserId: world.users.colleague.id,
      action: "test.beta",
      targetType: "class",
      targetId: "2",
      schoolId: world.riverside.id,
      createdAt: new Date("2026-03-05T10:00:00Z"),
    },
    {
      actorUserId: world.users.otherTeacher.id,
      action: "test.alpha",
      targetType: "class",
      targetId: "3",
      schoolId: world.hillside.id,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    },
  ]);
  const mine = await listAuditLog(db, world.actors.schoolAdmin, { action: "test.alpha" });
  expect(mine.rows.map((r) => r.targetId)).toEqual(["1"]);
  expect(mine.actions).toContain("test.beta");
  expect(mine.actors.map((a) => a.id)).not.toContain(world.users.otherTeacher.id);
  const all = await listAuditLog(db, world.actors.platformAdmin, { action: "test.alpha" });
  expect(all.rows.map((r) => r.targetId).sort()).toEqual(["1", "3"]);
  expect(
    (await listAuditLog(db, world.actors.schoolAdmin, { actorId: world.users.colleague.id, action: "test.beta" })).rows,
  ).toHaveLength(1);
  expect(
    (await listAuditLog(db, world.actors.schoolAdmin, { actorId: world.users.teacher.id, action: "test.beta" })).rows,
  ).toHaveLength(0);
  const march2to9 = await listAuditLog(db, world.actors.schoolAdmin, { from: "2026-03-02", to: "2026-03-09" });
  expect(march2to9.rows.map((r) => r.action)).toEqual(["test.beta"]);
  await expect(listAuditLog(db, world.actors.teacher, {})).rejects.toBeInstanceOf(Error);
});
