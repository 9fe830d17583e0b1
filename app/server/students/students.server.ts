/**
 * Students of a class and their contacts. A student belongs to the class's
 * school; the class roster is class_students. Removing a student from a class
 * removes the membership only; the student's record and answers stay.
 */
import { and, asc, type Column, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StudentInput } from "~/lib/schemas/classroom";
import { effectiveStatusSql } from "../assignments/effective-status.server";
import { openAnonymousSurveysDetail } from "../audit/anonymous-roster.server";
import { recordClassAuditEvent } from "../audit/audit.server";
import { type AssignmentSummary, fromLiveClassCodeJson, liveClassCodeJson } from "../classes/class-dashboard.server";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import { addableTeachersJson, classTeachersJson } from "../classes/class-teachers.server";
import { classesColumn, getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { aliased, type JsonRow, jsonList, orNull } from "../db/json-rows.server";
import {
  assignments,
  classCodes,
  classes,
  classStudents,
  responses,
  signInCards,
  studentContacts,
  students,
  surveys,
} from "../db/schema.server";
import { notFound } from "../errors.server";
import { revokeSignInCards } from "./card-tokens.server";
import { studentListFields } from "./student-fields.server";
import { requireStudentInClass } from "./student-in-class.server";

const contact = alias(studentContacts, "c");
/** A contact as the screens and the API show it: the table's columns but its student, position and creation time. */
const { studentId: _student, position: _position, createdAt: _createdAt, ...contactFields } = getTableColumns(contact);
export type Contact = JsonRow<typeof contactFields>;

/** A student's contacts in SQL, ordered by position, for a select that has the student's id. */
const contactsOf = (studentId: SQL | Column) =>
  jsonList(
    contactFields,
    sql`from ${aliased(contact)} where ${contact.studentId} = ${studentId}`,
    sql`${contact.position}, ${contact.id}`,
  );

const rosterStudent = alias(students, "st");
const rosterMember = alias(classStudents, "cs");
const joinedWith = alias(classCodes, "jc");
/** A roster row: the student, when and with which code they joined, their contacts (of the tables or aliases of them). */
const rosterFieldsOf = (
  student: typeof rosterStudent | typeof students,
  member: typeof rosterMember | typeof classStudents,
  code: typeof joinedWith | typeof classCodes,
) => ({
  ...studentListFields(student),
  joinedAt: member.createdAt,
  joinedWithCode: orNull(code.code),
  contacts: contactsOf(student.id),
});
/** A roster row of the students screen. */
const rosterFields = rosterFieldsOf(rosterStudent, rosterMember, joinedWith);
export type StudentWithContacts = JsonRow<typeof rosterFields>;
/**
 * The students screen's rows add the personal code printed on the child's
 * sign-in card (docs/product.md#student-identity; null until made). The API's
 * roster does not carry it.
 */
const closeTo = alias(students, "close_to");
const rosterScreenFields = {
  ...rosterFields,
  personalCode: rosterStudent.personalCode,
  /** A new name that joined close to this listed one ("Zara Newkyd" for "Zara Newkid", issue 36), or null. */
  closeTo: sql<
    string | null
  >`(select ${closeTo.firstName} || ' ' || ${closeTo.lastName} from ${aliased(closeTo)} where ${closeTo.id} = ${rosterMember.closeToStudentId})`,
};

/** The class roster with each student's contacts (GET /api/classes/{id}/students-with-contacts, docs/api.md). */
export async function listStudentsWithContacts(db: Db, actor: Actor, classId: number): Promise<StudentWithContacts[]> {
  await getClass(db, actor, classId);
  return selectStudentsWithContacts(db, classId);
}

/**
 * The students screen in one round trip: the class (checked against the
 * actor's scope), its students with their contacts, its teachers, the
 * school's teachers who can be added, the live class code and the class's
 * join rules, each a JSON subquery or a column, as the class home does (docs/performance.md).
 */
export async function getClassPeople(db: Db, actor: Actor, classId: number, now = new Date()) {
  const [row] = await db
    .select({
      students: jsonList(
        rosterScreenFields,
        sql`from ${aliased(rosterMember)}
            join ${aliased(rosterStudent)} on ${rosterStudent.id} = ${rosterMember.studentId}
            left join ${aliased(joinedWith)} on ${joinedWith.id} = ${rosterMember.joinedWithCodeId}
            where ${rosterMember.classId} = ${classesColumn.id}`,
        sql`${rosterStudent.lastName}, ${rosterStudent.firstName}, ${rosterStudent.id}`,
      ),
      teachers: classTeachersJson(classesColumn.id),
      addableTeachers: addableTeachersJson(classesColumn.id, classesColumn.schoolId),
      classCode: liveClassCodeJson(classesColumn.id),
      joinMode: classes.joinMode,
      newNames: classes.newNames,
      locale: classes.locale,
    })
    .from(classes)
    .where(and(eq(classes.id, classId), classScopeCondition(actor)))
    .limit(1);
  if (!row) throw notFound("Class not found");
  return {
    joinRules: { joinMode: row.joinMode, newNames: row.newNames },
    /** The class's language for its student pages (null: the school's default). */
    locale: row.locale,
    students: row.students,
    teachers: row.teachers,
    addableTeachers: row.addableTeachers,
    classCode: fromLiveClassCodeJson(row.classCode, now),
  };
}

/** Class members as roster rows (how they joined, their contacts), the same fields as the students screen's list. */
function selectRosterRows(db: Db, where: SQL | undefined) {
  return db
    .select(rosterFieldsOf(students, classStudents, classCodes))
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .leftJoin(classCodes, eq(classCodes.id, classStudents.joinedWithCodeId))
    .where(where);
}

function selectStudentsWithContacts(db: Db, classId: number): Promise<StudentWithContacts[]> {
  return selectRosterRows(db, eq(classStudents.classId, classId)).orderBy(
    asc(students.lastName),
    asc(students.firstName),
    asc(students.id),
  );
}

export interface StudentDetail extends StudentWithContacts {
  responses: StudentResponseSummary[];
}

export interface StudentResponseSummary extends Pick<AssignmentSummary, "surveyTitle" | "status" | "anonymous"> {
  assignmentId: AssignmentSummary["id"];
  /** Null for an anonymous assignment: whether the student answered it is never shown (issue #35). */
  responded: boolean | null;
  /** Null for an anonymous assignment. */
  submittedAt: Date | null;
  /** 0 for an anonymous assignment. */
  answerCount: number;
}

/** One student of the class: details, contacts, and their responses across the class's assignments. */
export async function getStudent(db: Db, actor: Actor, classId: number, studentId: number): Promise<StudentDetail> {
  await getClass(db, actor, classId);
  const [student] = await selectRosterRows(
    db,
    and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)),
  ).limit(1);
  if (!student) throw notFound("Student not found in this class");
  // Anonymous assignments: nothing at all about the student's response, not even whether there is one.
  const responseRows = await db
    .select({
      assignmentId: assignments.id,
      surveyTitle: surveys.title,
      status: effectiveStatusSql(assignments, new Date()),
      anonymous: assignments.anonymous,
      responded: sql<boolean | null>`case when ${assignments.anonymous} then null else ${responses.id} is not null end`,
      submittedAt:
        sql<Date | null>`case when ${assignments.anonymous} then null else ${responses.submittedAt} end`.mapWith(
          responses.submittedAt,
        ),
      answerCount: sql<number>`case when ${assignments.anonymous} then 0 else coalesce((select count(*)::int from jsonb_object_keys(${responses.answers})), 0) end`,
    })
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .leftJoin(responses, and(eq(responses.assignmentId, assignments.id), eq(responses.studentId, studentId)))
    .where(eq(assignments.classId, classId))
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  return { ...student, responses: responseRows };
}

async function insertContacts(tx: Tx, studentId: number, contacts: StudentInput["contacts"]) {
  if (contacts.length === 0) return;
  await tx.insert(studentContacts).values(contacts.map((contact, position) => ({ studentId, position, ...contact })));
}

/** Adds a new student, with contacts, to the class (in the class's school). */
export async function createStudent(
  db: Db,
  actor: Actor,
  classId: number,
  input: StudentInput,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const [student] = await tx
      .insert(students)
      .values({ schoolId: klass.schoolId, firstName: input.firstName, lastName: input.lastName })
      .returning({ id: students.id });
    await tx.insert(classStudents).values({ classId, studentId: student.id });
    await insertContacts(tx, student.id, input.contacts);
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.create",
      target: { type: "student", id: student.id },
      details: { contacts: input.contacts.length, ...(await openAnonymousSurveysDetail(tx, classId)) },
    });
    return student;
  });
}

/** Updates a student of the class; the contacts given replace the old list, in order. */
export async function updateStudent(
  db: Db,
  actor: Actor,
  classId: number,
  studentId: number,
  input: StudentInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const before = await requireStudentInClass(tx, classId, studentId);
    await tx
      .update(students)
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
      .where(eq(students.id, studentId));
    await tx.delete(studentContacts).where(eq(studentContacts.studentId, studentId));
    await insertContacts(tx, studentId, input.contacts);
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.update",
      target: { type: "student", id: studentId },
      details: {
        from: { firstName: before.firstName, lastName: before.lastName },
        to: { firstName: input.firstName, lastName: input.lastName },
        contacts: input.contacts.length,
      },
    });
  });
}

/** Takes the student off the class roster. */
export async function removeStudentFromClass(
  db: Db,
  actor: Actor,
  classId: number,
  studentId: number,
): Promise<{ firstName: string; lastName: string }> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const student = await requireStudentInClass(tx, classId, studentId);
    await tx
      .delete(classStudents)
      .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)));
    // The child's printed card stops working with them (issue 36).
    await revokeSignInCards(tx, and(eq(signInCards.classId, classId), eq(signInCards.studentId, studentId)));
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.remove_from_class",
      target: { type: "student", id: studentId },
      details: {},
    });
    return student;
  });
}
