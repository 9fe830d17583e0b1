/**
 * Data-request export (docs/product.md#privacy): everything the school holds about one
 * student, as JSON, for an admin answering a subject access request. It
 * includes the student's answers to anonymous surveys too (they are still
 * held about the student), so every export is audited.
 * docs/decisions/073-data-request-export-and-audit-view.md
 */
import { and, asc, eq, or } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import {
  assignments,
  auditEvents,
  classes,
  classStudents,
  responseDrawings,
  responses,
  schools,
  studentContacts,
  students,
  studentTokens,
  surveys,
} from "../db/schema.server";
import { notFound } from "../errors.server";
import { assertAdmin } from "../users/scope.server";

export async function exportStudentData(db: Db, actor: Actor, studentId: number, now = new Date()) {
  assertAdmin(actor);
  const [student] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      schoolId: students.schoolId,
      schoolName: schools.name,
      lastSeenAt: students.lastSeenAt,
      createdAt: students.createdAt,
      updatedAt: students.updatedAt,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.id, studentId))
    .limit(1);
  // Another school's student does not exist for a school admin.
  if (!student || (!isPlatformAdmin(actor) && student.schoolId !== actor.schoolId)) throw notFound("Student not found");
  const [contacts, memberships, tokens, answerRows, drawings, events] = await Promise.all([
    db
      .select({
        name: studentContacts.name,
        relationship: studentContacts.relationship,
        email: studentContacts.email,
        phonePrimary: studentContacts.phonePrimary,
        phoneSecondary: studentContacts.phoneSecondary,
        notes: studentContacts.notes,
        createdAt: studentContacts.createdAt,
      })
      .from(studentContacts)
      .where(eq(studentContacts.studentId, studentId))
      .orderBy(asc(studentContacts.position), asc(studentContacts.id)),
    db
      .select({ classId: classes.id, className: classes.name, joinedAt: classStudents.createdAt })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .where(eq(classStudents.studentId, studentId))
      .orderBy(asc(classes.name)),
    // Token hashes are secrets of the app, not data about the student: left out.
    db
      .select({
        classId: studentTokens.classId,
        createdAt: studentTokens.createdAt,
        lastUsedAt: studentTokens.lastUsedAt,
        revokedAt: studentTokens.revokedAt,
      })
      .from(studentTokens)
      .where(eq(studentTokens.studentId, studentId))
      .orderBy(asc(studentTokens.createdAt)),
    db
      .select({
        assignmentId: assignments.id,
        classId: assignments.classId,
        surveyTitle: surveys.title,
        surveySlug: surveys.fullSlug,
        anonymous: assignments.anonymous,
        answers: responses.answers,
        submittedAt: responses.submittedAt,
      })
      .from(responses)
      .innerJoin(assignments, eq(assignments.id, responses.assignmentId))
      .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
      .where(eq(responses.studentId, studentId))
      .orderBy(asc(responses.submittedAt)),
    db
      .select({
        id: responseDrawings.id,
        assignmentId: responseDrawings.assignmentId,
        fieldUid: responseDrawings.fieldUid,
        width: responseDrawings.width,
        height: responseDrawings.height,
        byteSize: responseDrawings.byteSize,
        createdAt: responseDrawings.createdAt,
        png: responseDrawings.png,
      })
      .from(responseDrawings)
      .where(eq(responseDrawings.studentId, studentId))
      .orderBy(asc(responseDrawings.createdAt)),
    db
      .select({
        action: auditEvents.action,
        targetType: auditEvents.targetType,
        createdAt: auditEvents.createdAt,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(
        or(
          eq(auditEvents.actorStudentId, studentId),
          and(eq(auditEvents.targetType, "student"), eq(auditEvents.targetId, String(studentId))),
        ),
      )
      .orderBy(asc(auditEvents.createdAt)),
  ]);
  await recordAuditEvent(db, actor, {
    action: "student.data_export",
    targetType: "student",
    targetId: studentId,
    schoolId: student.schoolId,
    details: { responses: answerRows.length, drawings: drawings.length },
  });
  return {
    exportedAt: now.toISOString(),
    student,
    contacts,
    classes: memberships,
    studentAppSignIns: tokens,
    responses: answerRows,
    drawings: drawings.map(({ png, ...rest }) => ({ ...rest, pngBase64: Buffer.from(png).toString("base64") })),
    auditEvents: events,
  };
}
