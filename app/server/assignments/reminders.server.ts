/**
 * Reminders for the children who have not answered yet (issue 38 point 3).
 *
 * - A named assignment: the teacher sees who has not answered (the results
 *   page's list) and reminds them all at once; each such child's student
 *   page and the student API's assignment list say "Your teacher is waiting
 *   for your answers to …" until they answer or the assignment closes.
 * - An anonymous assignment: nothing may tell the teacher who answered, so a
 *   reminder goes to the whole class: every child of the class sees it
 *   ("… waiting for the class's answers …", true for whoever answered too)
 *   until the assignment closes, and the teacher learns no more than the
 *   counts they already had. Nothing is stored per child.
 *
 * Only an open (active) assignment takes reminders. Each send is audited
 * (`assignment.remind`) with counts only, never names.
 */

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import {
  assignmentReminders,
  assignments,
  classes,
  classStudents,
  responses,
  studentReminders,
} from "../db/schema.server";
import { conflict } from "../errors.server";
import type { StudentPrincipal } from "../students/student-tokens.server";
import { assignmentInScope, throwAssignmentNotFound } from "./assignment-scope.server";
import { effectiveStatusSql } from "./effective-status.server";

export interface ReminderSent {
  /** True for an anonymous assignment: shown to the whole class. */
  toWholeClass: boolean;
  /** How many children it reached: those who had not answered, or the class. */
  remindedCount: number;
}

export interface ReminderSummary extends ReminderSent {
  lastSentAt: Date;
  /** How many times a reminder was sent. */
  sends: number;
}

/** What the child's page shows: "yours" (a named assignment they have not answered), "class" (an anonymous one's). */
export type StudentReminder = "yours" | "class";

/** Reminds the children of an open assignment who have not answered (anonymous: the whole class). */
export async function sendReminder(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  now = new Date(),
): Promise<ReminderSent> {
  const sent = await db.transaction(async (tx): Promise<ReminderSent | null> => {
    const [assignment] = await tx
      .select({
        id: assignments.id,
        // Open by hand or by its schedule, at this moment (effective-status.server.ts).
        status: effectiveStatusSql(assignments, now),
        anonymous: assignments.anonymous,
        schoolId: classes.schoolId,
      })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(assignmentInScope(actor, input))
      .for("update", { of: assignments })
      .limit(1);
    if (!assignment) return null;
    if (assignment.status !== "active") throw conflict("Only an open survey can send a reminder.");
    let remindedCount: number;
    if (assignment.anonymous) {
      // The whole class, answered or not: the count is the class's size, nothing about who answered.
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(classStudents)
        .where(eq(classStudents.classId, input.classId));
      remindedCount = row?.count ?? 0;
    } else {
      const reached = await tx
        .insert(studentReminders)
        .select(
          tx
            .select({
              assignmentId: sql<number>`${assignment.id}`.as("assignment_id"),
              studentId: classStudents.studentId,
              remindedAt: sql<Date>`${now.toISOString()}::timestamptz`.as("reminded_at"),
            })
            .from(classStudents)
            .where(
              and(
                eq(classStudents.classId, input.classId),
                sql`not exists (select 1 from ${responses} where ${responses.assignmentId} = ${assignment.id}
                      and ${responses.studentId} = ${classStudents.studentId})`,
              ),
            ),
        )
        .onConflictDoUpdate({
          target: [studentReminders.assignmentId, studentReminders.studentId],
          set: { remindedAt: now },
        })
        .returning({ studentId: studentReminders.studentId });
      remindedCount = reached.length;
    }
    await tx.insert(assignmentReminders).values({
      assignmentId: assignment.id,
      sentByUserId: actor.id,
      toWholeClass: assignment.anonymous,
      remindedCount,
      sentAt: now,
    });
    await recordAuditEvent(tx, actor, {
      action: "assignment.remind",
      targetType: "assignment",
      targetId: assignment.id,
      schoolId: assignment.schoolId,
      details: { classId: input.classId, toWholeClass: assignment.anonymous, reminded: remindedCount },
    });
    return { toWholeClass: assignment.anonymous, remindedCount };
  });
  // Outside the transaction: which one is missing (the class or the assignment) decides the message.
  return sent ?? throwAssignmentNotFound(db, actor, input.classId);
}

/** The last reminder sent for an assignment in the actor's scope, and how many were sent; null before the first. */
export async function getReminderSummary(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
): Promise<ReminderSummary | null> {
  const rows = await db
    .select({
      toWholeClass: assignmentReminders.toWholeClass,
      remindedCount: assignmentReminders.remindedCount,
      lastSentAt: assignmentReminders.sentAt,
      sends: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(assignmentReminders)
    .innerJoin(assignments, eq(assignments.id, assignmentReminders.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(assignmentInScope(actor, input))
    .orderBy(desc(assignmentReminders.sentAt), desc(assignmentReminders.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The reminders a child's open assignments carry: a named one they have not
 * answered and were reminded of ("yours"); an anonymous one the teacher
 * reminded the class of ("class"), answered or not.
 */
export async function studentRemindersFor(
  db: Db,
  student: StudentPrincipal,
  rows: { assignmentId: number; anonymous: boolean; answered: boolean }[],
): Promise<Map<number, StudentReminder>> {
  const named = rows.filter((row) => !row.anonymous && !row.answered).map((row) => row.assignmentId);
  const anonymous = rows.filter((row) => row.anonymous).map((row) => row.assignmentId);
  const [mine, toClass] = await Promise.all([
    named.length === 0
      ? []
      : db
          .select({ assignmentId: studentReminders.assignmentId })
          .from(studentReminders)
          .where(and(eq(studentReminders.studentId, student.studentId), inArray(studentReminders.assignmentId, named))),
    anonymous.length === 0
      ? []
      : db
          .selectDistinct({ assignmentId: assignmentReminders.assignmentId })
          .from(assignmentReminders)
          .where(inArray(assignmentReminders.assignmentId, anonymous)),
  ]);
  const reminders = new Map<number, StudentReminder>();
  for (const row of mine) reminders.set(row.assignmentId, "yours");
  for (const row of toClass) reminders.set(row.assignmentId, "class");
  return reminders;
}
