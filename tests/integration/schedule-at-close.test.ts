/**
 * At the scheduled close, with requests in flight together (issue #38): on PostgreSQL (this file is in
 * on-postgres.txt) the burst spreads over the pool's connections, as over several instances; nothing in
 * memory decides whether a survey is open, so each request's own time and the stored schedule do. An
 * answer sent before the close is kept, one at or after it refused, and none half-written; teachers
 * closing by hand at once close it once.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import { findStudentAssignment } from "~/server/assignments/student-assignments.server";
import type { Database } from "~/server/db/client.server";
import { assignments, auditEvents, responses } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { createTestDatabase } from "../support/database";
import { createAnsweringClass, openSchoolYearSurvey, type SurveyContext } from "../support/survey-class-world";

let database: Database;
let context: SurveyContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openSchoolYearSurvey(database);
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof DomainError) return error.status;
      throw error;
    },
  );

test("answers in flight at the scheduled close: those sent before it are kept, the others refused", async () => {
  const size = 20;
  const world = await createAnsweringClass(database, context, { size, anonymous: false });
  const closesAt = new Date("2026-03-06T15:00:00Z");
  await database.db
    .update(assignments)
    .set({ status: "assigned", startedAt: null, opensAt: new Date("2026-03-02T08:00:00Z"), closesAt })
    .where(eq(assignments.id, world.assignment.id));
  const text = context.fields.find((field) => field.kind === "freetext")!;
  const sentAt = (index: number) => new Date(closesAt.getTime() + (index % 2 === 0 ? -1 : 0));
  const statuses = await Promise.all(
    world.students.map((student, index) =>
      outcome(
        submitResponse(
          database.db,
          context.app.content,
          student,
          { assignmentId: world.assignment.id, answers: { [text.uid]: `answer ${index}` }, idempotencyKey: null },
          sentAt(index),
        ),
      ),
    ),
  );
  expect(statuses).toEqual(world.students.map((_, index) => (index % 2 === 0 ? 200 : 409)));
  const stored = await database.db
    .select({ studentId: responses.studentId })
    .from(responses)
    .where(eq(responses.assignmentId, world.assignment.id));
  expect(stored.map((row) => row.studentId).sort()).toEqual(
    world.students
      .filter((_, index) => index % 2 === 0)
      .map((student) => student.studentId)
      .sort(),
  );
  // Any connection, at any later moment (another instance, or this one restarted), reads it closed.
  const reads = await Promise.all(
    world.students.map((student) => findStudentAssignment(database.db, student, world.assignment.id, closesAt)),
  );
  expect(new Set(reads.map((read) => read.status))).toEqual(new Set(["completed"]));
});

test("teachers closing by hand at once before the scheduled close close it once; after it, none does", async () => {
  const world = await createAnsweringClass(database, context, { size: 0 });
  const closesAt = new Date("2026-03-06T15:00:00Z");
  await database.db
    .update(assignments)
    .set({ status: "active", closesAt })
    .where(eq(assignments.id, world.assignment.id));
  const input = { classId: world.klass.id, assignmentId: world.assignment.id, status: "completed" };
  const before = new Date(closesAt.getTime() - 60_000);
  const closing = await Promise.all(
    Array.from({ length: 6 }, () => outcome(setAssignmentStatus(database.db, world.teacher, input, before))),
  );
  expect(closing.sort()).toEqual([200, 409, 409, 409, 409, 409]);
  const closes = await database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, String(world.assignment.id)), eq(auditEvents.action, "assignment.close")));
  expect(closes).toHaveLength(1);

  const other = await createAnsweringClass(database, context, { size: 0 });
  await database.db
    .update(assignments)
    .set({ status: "active", closesAt })
    .where(eq(assignments.id, other.assignment.id));
  const after = await Promise.all(
    Array.from({ length: 4 }, () =>
      outcome(
        setAssignmentStatus(
          database.db,
          other.teacher,
          { ...input, classId: other.klass.id, assignmentId: other.assignment.id },
          closesAt,
        ),
      ),
    ),
  );
  expect(after).toEqual([409, 409, 409, 409]);
});
