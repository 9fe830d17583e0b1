/**
 * Data-request export (docs/product.md#privacy): everything the school holds about one
 * student, as JSON, for an admin answering a subject access request. For an
 * anonymous survey it says that the student answered it, not what or when,
 * and leaves out its drawings (ADR 189): the admin making the export must
 * not learn an anonymous answer. Every export is audited.
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
  "Anonymous survey: the student answered it. Its answers are not part of this export, so that nobody can tie them to the student.";

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
  // Anonymous surveys (ADR 189): which ones the student answered, never what
  // or when; the admin making the export would otherwise see their answers.
  const anonymousAssignments = new Set(answerRows.filter((row) => row.anonymous).map((row) => row.assignmentId));
  const namedDrawings = drawings.filter((drawing) => !anonymousAssignments.has(drawing.assignmentId));
  await recordAuditEvent(db, actor, {
    action: "student.data_export",
    targetType: "student",
    targetId: studentId,
    schoolId: student.schoolId,
    details: { responses: answerRows.length, drawings: namedDrawings.length },
  });
  return {
    exportedAt: now.toISOString(),
    student,
    contacts,
    classes: memberships,
    studentAppSignIns: tokens,
    responses: answerRows.map(({ answers, submittedAt, ...row }) =>
      row.anonymous ? { ...row, answered: true, note: ANONYMOUS_EXPORT_NOTE } : { ...row, answers, submittedAt },
    ),
    drawings: namedDrawings.map(({ png, ...rest }) => ({ ...rest, pngBase64: Buffer.from(png).toString("base64") })),
    auditEvents: events,
  };
}
