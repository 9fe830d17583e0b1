/**
 * Data-request export (docs/product.md#privacy): everything the school holds about one
 * student, as JSON, for an admin answering a subject access request. It
 * lists the anonymous surveys of the student's classes without saying
 * whether, what or when the student answered, and leaves out their drawings,
 * sent or not (ADR 189, issue #35): the admin making the export, at any
 * moment, must learn nothing that ties an anonymous answer or its time to the
 * student. Every export is audited.
 * docs/decisions/070-students-privacy.md (data requests)
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

/** What an export says instead of an anonymous survey's answers. */
export const ANONYMOUS_EXPORT_NOTE =
  "Anonymous survey: whether, what and when the student answered is not part of this export, so that nobody can tie an answer to the student.";

/** Which survey of which class an entry of the export is about. */
const assignmentColumns = {
  assignmentId: assignments.id,
  classId: assignments.classId,
  surveyTitle: surveys.title,
  surveySlug: surveys.fullSlug,
};

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
  const [contacts, memberships, tokens, answerRows, anonymousRows, drawings, events] = await Promise.all([
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
      .select({ ...assignmentColumns, answers: responses.answers, submittedAt: responses.submittedAt })
      .from(responses)
      .innerJoin(assignments, eq(assignments.id, responses.assignmentId))
      .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
      .where(and(eq(responses.studentId, studentId), eq(assignments.anonymous, false)))
      .orderBy(asc(responses.submittedAt)),
    // Every anonymous assignment of the student's classes, answered or not (the list must not say which).
    db
      .select(assignmentColumns)
      .from(assignments)
      .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
      .innerJoin(classStudents, eq(classStudents.classId, assignments.classId))
      .where(and(eq(classStudents.studentId, studentId), eq(assignments.anonymous, true)))
      .orderBy(asc(assignments.id)),
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
      // An anonymous assignment's drawings, sent or only uploaded, never: their ids are what a release shows.
      .innerJoin(assignments, eq(assignments.id, responseDrawings.assignmentId))
      .where(and(eq(responseDrawings.studentId, studentId), eq(assignments.anonymous, false)))
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
    responses: [
      ...answerRows.map((row) => ({ ...row, anonymous: false })),
      ...anonymousRows.map((row) => ({ ...row, anonymous: true, note: ANONYMOUS_EXPORT_NOTE })),
    ],
    drawings: drawings.map(({ png, ...rest }) => ({ ...rest, pngBase64: Buffer.from(png).toString("base64") })),
    auditEvents: events,
  };
}
