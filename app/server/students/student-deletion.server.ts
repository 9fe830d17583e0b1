/**
 * Deleting a student for good (docs/product.md#removing-and-deleting-a-student): their contacts, class memberships,
 * student-app tokens, responses and drawings go in one transaction, and the
 * student record last. The audit log keeps that it happened, with counts and
 * no personal data; earlier audit events about the student keep their action
 * and date but lose their details (which could hold a name).
 * docs/decisions/070-students-privacy.md (deletion)
 */
import { and, count, eq, or, sql } from "drizzle-orm";
import { lockAnonymousReleasesOfStudent } from "../assignments/releases.server";
import { recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import {
  assignments,
  auditEvents,
  classStudents,
  responseDrawings,
  responses,
  signInCards,
  studentContacts,
  students,
  studentTokens,
} from "../db/schema.server";
import { requireStudentInClass } from "./student-in-class.server";

export interface StudentDeletionPreview {
  student: Pick<Awaited<ReturnType<typeof requireStudentInClass>>, "id" | "firstName" | "lastName">;
  contacts: number;
  classes: number;
  tokens: number;
  responses: number;
  drawings: number;
}

/**
 * What is held about the student, counted. `named`: responses and drawings of
 * anonymous assignments left out, as every count staff see must (issue #35):
 * the confirmation step and the audit log would otherwise say whether the
 * student answered an anonymous survey.
 */
async function countRows(
  tx: Db | Tx,
  studentId: number,
  which: "named" | "all",
): Promise<Omit<StudentDeletionPreview, "student">> {
  const named = (assignmentId: typeof responses.assignmentId | typeof responseDrawings.assignmentId) =>
    which === "all"
      ? sql`true`
      : sql`not exists (select 1 from ${assignments} a where a.id = ${assignmentId} and a.anonymous)`;
  const [[c], [m], [t], [r], [d]] = await Promise.all([
    tx.select({ n: count() }).from(studentContacts).where(eq(studentContacts.studentId, studentId)),
    tx.select({ n: count() }).from(classStudents).where(eq(classStudents.studentId, studentId)),
    tx.select({ n: count() }).from(studentTokens).where(eq(studentTokens.studentId, studentId)),
    tx
      .select({ n: count() })
      .from(responses)
      .where(and(eq(responses.studentId, studentId), named(responses.assignmentId))),
    tx
      .select({ n: count() })
      .from(responseDrawings)
      .where(and(eq(responseDrawings.studentId, studentId), named(responseDrawings.assignmentId))),
  ]);
  return { contacts: c.n, classes: m.n, tokens: t.n, responses: r.n, drawings: d.n };
}

/** What deleting the student would remove (anonymous surveys' answers not counted): for the confirmation step. The class's teacher or an admin in scope. */
export async function getStudentDeletionPreview(
  db: Db,
  actor: Actor,
  classId: number,
  studentId: number,
): Promise<StudentDeletionPreview> {
  await getClass(db, actor, classId);
  const student = await requireStudentInClass(db, classId, studentId);
  return {
    student: { id: student.id, firstName: student.firstName, lastName: student.lastName },
    ...(await countRows(db, studentId, "named")),
  };
}

/** Deletes the student and everything held about them, in one transaction; returns what was removed (counts). */
export async function deleteStudent(
  db: Db,
  actor: Actor,
  classId: number,
  studentId: number,
): Promise<Omit<StudentDeletionPreview, "student">> {
  return db.transaction(async (tx) => {
    await getClass(tx, actor, classId);
    const student = await requireStudentInClass(tx, classId, studentId);
    // The anonymous assignments' release locks first (ADR 188), in the order a
    // submission takes them: before the student's row, which a submission's
    // foreign-key check locks after its release lock.
    await lockAnonymousReleasesOfStudent(tx, studentId);
    // Lock the row so a concurrent join or submission cannot add to what we delete.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for("update");
    const removed = await countRows(tx, studentId, "named");
    await tx.delete(responseDrawings).where(eq(responseDrawings.studentId, studentId));
    await tx.delete(responses).where(eq(responses.studentId, studentId));
    await tx.delete(studentTokens).where(eq(studentTokens.studentId, studentId));
    await tx.delete(signInCards).where(eq(signInCards.studentId, studentId));
    await tx.delete(classStudents).where(eq(classStudents.studentId, studentId));
    await tx.delete(studentContacts).where(eq(studentContacts.studentId, studentId));
    // Earlier audit events about or by the student keep what happened and when, not the details.
    await tx
      .update(auditEvents)
      .set({ details: { redacted: "student deleted" }, actorStudentId: null })
      .where(
        or(
          and(eq(auditEvents.targetType, "student"), eq(auditEvents.targetId, String(studentId))),
          eq(auditEvents.actorStudentId, studentId),
        ),
      );
    await tx.delete(students).where(eq(students.id, studentId));
    await recordAuditEvent(tx, actor, {
      action: "student.delete",
      targetType: "student",
      targetId: studentId,
      schoolId: student.schoolId,
      details: { classId, removed },
    });
    return removed;
  });
}

/** Every row that still names the student (for tests and the data-request export). */
export async function findRowsAboutStudent(db: Db | Tx, studentId: number): Promise<Record<string, number>> {
  const result = await countRows(db, studentId, "all");
  const [[s], [a]] = await Promise.all([
    db.select({ n: count() }).from(students).where(eq(students.id, studentId)),
    db
      .select({ n: count() })
      .from(auditEvents)
      .where(
        or(
          eq(auditEvents.actorStudentId, studentId),
          and(
            eq(auditEvents.targetType, "student"),
            eq(auditEvents.targetId, String(studentId)),
            sql`${auditEvents.details} <> '{"redacted": "student deleted"}'::jsonb`,
            sql`${auditEvents.action} <> 'student.delete'`,
          ),
        ),
      ),
  ]);
  return { students: s.n, ...result, auditEventsWithDetails: a.n };
}
