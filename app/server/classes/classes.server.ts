/**
 * Classes: finding one within the actor's scope, listing, creating, renaming,
 * the class home's dashboard and the class's teachers. Every function takes
 * the acting user and enforces the scope in its query: a class outside it
 * does not exist (404).
 */
import { and, asc, desc, eq, gt, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { NO_SCHOOL_YET_MESSAGE } from "~/lib/class-texts";
import type { CreateClassInput, UpdateClassInput } from "~/lib/schemas/classroom";
import { recordAuditEvent } from "../audit/audit.server";
import type { LiveClassCode } from "../class-codes/class-codes.server";
import type { Db, Tx } from "../db/client.server";
import { aliased, type JsonRow, jsonFirst, jsonList, jsonValues } from "../db/json-rows.server";
import {
  assignments,
  classCodes,
  classes,
  classStudents,
  classTeachers,
  schools,
  students,
  surveys,
  users,
} from "../db/schema.server";
import { conflict, forbidden, notFound, validationError } from "../errors.server";
import { responseCountOf } from "../responses/tallies.server";
import { mayRemoveTeacher, passOwnershipOn } from "./class-owner.server";
import { type Actor, classScopeCondition } from "./class-scope.server";

/** Students seen by the student API within this window count as online. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

/** A class as screens and the API show it: its columns and its school's name. */
export type ClassRecord = JsonRow<typeof classColumns>;

const classColumns = {
  id: classes.id,
  name: classes.name,
  status: classes.status,
  schoolId: classes.schoolId,
  schoolName: schools.name,
  createdAt: classes.createdAt,
};

/** SQL for the number of students on a class's list, for a select list. */
function studentCountOf(classIdColumn: typeof classes.id) {
  return sql`select count(*)::int from ${classStudents} where ${classStudents.classId} = ${classIdColumn}`;
}

/** The class, if the actor may see it; otherwise a NOT_FOUND domain error. */
export async function getClass(db: Db | Tx, actor: Actor, classId: number): Promise<ClassRecord> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, classId), classScopeCondition(actor)))
    .limit(1);
  if (!row) throw notFound("Class not found");
  return row;
}

/** Every class in the actor's scope, archived ones too, by name. */
export async function listClasses(db: Db, actor: Actor): Promise<(ClassRecord & { studentCount: number })[]> {
  return db
    .select({
      ...classColumns,
      studentCount: sql<number>`(${studentCountOf(classes.id)})`,
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(classScopeCondition(actor))
    .orderBy(asc(classes.name), asc(classes.id));
}

/**
 * A teacher creates a class in their own school and becomes its owner.
 * A school admin creates in their school; a platform admin names the school.
 * An admin names an active teacher of that school as the owner: no class
 * starts without a teacher. A teacher without a school cannot create one.
 */
export async function createClass(db: Db, actor: Actor, input: CreateClassInput): Promise<ClassRecord> {
  const schoolId = actor.role === "admin" && actor.schoolId === null ? input.schoolId : actor.schoolId;
  if (actor.role !== "admin" && actor.schoolId === null) throw validationError(NO_SCHOOL_YET_MESSAGE);
  // A school admin or teacher who names another school is refused (as createClassWithTeachers does), never
  // given a class in their own school instead. 404: whether that school exists is not theirs to learn.
  if (actor.schoolId !== null && input.schoolId !== undefined && input.schoolId !== actor.schoolId) {
    throw notFound("School not found");
  }
  // No class without a teacher (ADR 112): an admin names the owning teacher.
  if (actor.role === "admin" && !input.teacherId) {
    throw validationError("Choose the class's teacher: a class needs at least one teacher.", {
      teacherId: ["Choose the class's teacher"],
    });
  }
  if (!schoolId)
    throw validationError("Choose the school for the class", { schoolId: ["Choose the school for the class"] });
  return db.transaction(async (tx) => {
    const [school] = await tx
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(and(eq(schools.id, schoolId), eq(schools.status, "active")))
      .limit(1);
    if (!school) throw notFound("School not found");
    let ownerId = actor.id;
    if (actor.role === "admin" && input.teacherId) {
      await requireSchoolTeacher(tx, school.id, input.teacherId);
      ownerId = input.teacherId;
    }
    const [created] = await tx
      .insert(classes)
      .values({ name: input.name, schoolId: school.id })
      .returning({ id: classes.id, name: classes.name, status: classes.status, createdAt: classes.createdAt });
    await tx.insert(classTeachers).values({ classId: created.id, userId: ownerId, role: "owner" });
    await recordAuditEvent(tx, actor, {
      action: "class.create",
      targetType: "class",
      targetId: created.id,
      schoolId: school.id,
      details: { name: created.name, ownerId },
    });
    return { ...created, schoolId: school.id, schoolName: school.name };
  });
}

export async function updateClass(
  db: Db,
  actor: Actor,
  classId: number,
  input: UpdateClassInput,
): Promise<ClassRecord> {
  return db.transaction(async (tx) => {
    const current = await getClass(tx, actor, classId);
    await tx.update(classes).set({ name: input.name, updatedAt: new Date() }).where(eq(classes.id, classId));
    await recordAuditEvent(tx, actor, {
      action: "class.update",
      targetType: "class",
      targetId: classId,
      schoolId: current.schoolId,
      details: { from: { name: current.name }, to: { name: input.name } },
    });
    return { ...current, name: input.name };
  });
}

const member = alias(classStudents, "cs");
const student = alias(students, "st");
const onlineStudentFields = {
  id: student.id,
  firstName: student.firstName,
  lastName: student.lastName,
  lastSeenAt: student.lastSeenAt,
};
export type OnlineStudent = JsonRow<typeof onlineStudentFields>;

/** Students of the class seen by the student API within the last two minutes. */
export async function listOnlineStudents(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<OnlineStudent[]> {
  await getClass(db, actor, classId);
  return selectOnlineStudents(db, classId, now);
}

/** For callers that have checked the class already (the dashboard). */
function selectOnlineStudents(db: Db, classId: number, now: Date): Promise<OnlineStudent[]> {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      lastSeenAt: students.lastSeenAt,
    })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), gt(students.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS))))
    .orderBy(desc(students.lastSeenAt), asc(students.id));
}

/**
 * An assignment as lists show it: its columns, its survey's title and slug,
 * and how many responses it has. `anonymous`: no screen, API answer or export
 * links its answers to a student (docs/product.md#anonymous-assignments).
 */
export type AssignmentSummary = JsonRow<typeof assignmentSummaryColumns>;

export const assignmentSummaryColumns = {
  id: assignments.id,
  surveyId: assignments.surveyId,
  surveyTitle: surveys.title,
  surveyFullSlug: surveys.fullSlug,
  status: assignments.status,
  startedAt: assignments.startedAt,
  closedAt: assignments.closedAt,
  createdAt: assignments.createdAt,
  anonymous: assignments.anonymous,
  responseCount: responseCountOf(assignments.id),
};

const assignment = alias(assignments, "a");
const survey = alias(surveys, "sv");
const activeAssignmentFields = {
  id: assignment.id,
  surveyId: assignment.surveyId,
  surveyTitle: survey.title,
  surveyFullSlug: survey.fullSlug,
  status: assignment.status,
  startedAt: assignment.startedAt,
  closedAt: assignment.closedAt,
  createdAt: assignment.createdAt,
  anonymous: assignment.anonymous,
  responseCount: responseCountOf(assignment.id),
} satisfies Record<keyof AssignmentSummary, unknown>;

export interface ClassDashboard {
  class: ClassRecord;
  studentCount: number;
  onlineStudents: OnlineStudent[];
  classCode: LiveClassCode | null;
  activeAssignments: AssignmentSummary[];
  teachers: ClassTeacher[];
}

/**
 * Everything the class home shows, in one round trip: the class (checked
 * against the actor's scope), its student count, who is online, the live
 * code, the active assignments and the teachers, each a subquery. On
 * PostgreSQL every round trip costs more than the page's rendering
 * (docs/performance.md), and this is the most visited screen.
 */
export async function getClassDashboard(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<ClassDashboard> {
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();
  const [row] = await db
    .select({
      ...classColumns,
      studentCount: sql<number>`(${studentCountOf(classes.id)})`,
      onlineStudents: jsonList(
        onlineStudentFields,
        sql`from ${aliased(member)} join ${aliased(student)} on ${student.id} = ${member.studentId}
            where ${member.classId} = ${classes.id} and ${student.lastSeenAt} > ${onlineSince}::timestamptz`,
        sql`${student.lastSeenAt} desc, ${student.id}`,
      ),
      classCode: liveClassCodeJson(classesColumn.id),
      activeAssignments: jsonList(
        activeAssignmentFields,
        sql`from ${aliased(assignment)} join ${aliased(survey)} on ${survey.id} = ${assignment.surveyId}
            where ${assignment.classId} = ${classes.id} and ${assignment.status} = 'active'`,
        sql`${assignment.startedAt} desc, ${assignment.id} desc`,
      ),
      teachers: classTeachersJson(classesColumn.id),
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, classId), classScopeCondition(actor)))
    .limit(1);
  if (!row) throw notFound("Class not found");
  const { studentCount, onlineStudents, classCode, activeAssignments, teachers, ...klass } = row;
  return {
    class: klass,
    studentCount,
    onlineStudents,
    classCode: fromLiveClassCodeJson(classCode, now),
    activeAssignments,
    teachers,
  };
}

/**
 * `classes.id` and `classes.school_id`, always qualified, for the JSON subqueries below: in a
 * select from `classes` alone, drizzle writes a column of it unqualified ("id"), which a
 * subquery would read as its own table's column.
 */
export const classesColumn = {
  id: sql`${sql.identifier("classes")}.${sql.identifier("id")}`,
  schoolId: sql`${sql.identifier("classes")}.${sql.identifier("school_id")}`,
};

const liveCode = alias(classCodes, "cc");
const codeJoin = alias(classStudents, "j");
const liveClassCodeFields = {
  id: liveCode.id,
  classId: liveCode.classId,
  code: liveCode.code,
  expiresAt: liveCode.expiresAt,
  createdAt: liveCode.createdAt,
  joinedCount: sql<number>`(select count(*)::int from ${aliased(codeJoin)} where ${codeJoin.joinedWithCodeId} = ${liveCode.id})`,
};

/** The class's live code (or null) as a JSON subquery, for one-round-trip screens; read it with fromLiveClassCodeJson. */
export function liveClassCodeJson(classIdColumn: SQL) {
  return jsonFirst(
    liveClassCodeFields,
    sql`from ${aliased(liveCode)} where ${liveCode.classId} = ${classIdColumn} and ${liveCode.stoppedAt} is null limit 1`,
  );
}

/** The live code with whether it has expired by `now`. */
export function fromLiveClassCodeJson(
  code: JsonRow<typeof liveClassCodeFields> | null,
  now: Date,
): LiveClassCode | null {
  return code ? { ...code, expired: code.expiresAt.getTime() <= now.getTime() } : null;
}

const teacherLink = alias(classTeachers, "ct");
const teacher = alias(users, "u");
const classTeacherFields = { id: teacher.id, name: teacher.name, email: teacher.email, role: teacherLink.role };
const addableTeacherFields = { id: teacher.id, name: teacher.name, email: teacher.email };

/** The class's teachers by name, as a JSON subquery (the same rows as selectClassTeachers). */
export function classTeachersJson(classIdColumn: SQL) {
  return jsonList(
    classTeacherFields,
    sql`from ${aliased(teacherLink)} join ${aliased(teacher)} on ${teacher.id} = ${teacherLink.userId}
        where ${teacherLink.classId} = ${classIdColumn}`,
    sql`${teacher.name}`,
  );
}

/** The names of the class's teachers, by name, as a JSON subquery (`["Ada Lovelace", "Ben Okri"]`). */
export function classTeacherNamesJson(classIdColumn: SQL) {
  return jsonValues(
    teacher.name,
    sql`from ${aliased(teacherLink)} join ${aliased(teacher)} on ${teacher.id} = ${teacherLink.userId}
        where ${teacherLink.classId} = ${classIdColumn}`,
    sql`${teacher.name}`,
  );
}

/** Active teachers of the class's school who do not teach it yet, by name, as a JSON subquery (as selectAddableTeachers). */
export function addableTeachersJson(classIdColumn: SQL, schoolIdColumn: SQL) {
  return jsonList(
    addableTeacherFields,
    sql`from ${aliased(teacher)}
        where ${teacher.schoolId} = ${schoolIdColumn} and ${teacher.role} = 'teacher' and ${teacher.status} = 'active'
          and not exists (select 1 from ${aliased(teacherLink)}
                          where ${teacherLink.classId} = ${classIdColumn} and ${teacherLink.userId} = ${teacher.id})`,
    sql`${teacher.name}`,
  );
}

export type ClassTeacher = JsonRow<typeof classTeacherFields>;

/** Unchecked: for callers that have checked the class with getClass. */
export function selectClassTeachers(db: Db | Tx, classId: number): Promise<ClassTeacher[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: classTeachers.role })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.userId))
    .where(eq(classTeachers.classId, classId))
    .orderBy(asc(users.name));
}

export async function listClassTeachers(db: Db, actor: Actor, classId: number): Promise<ClassTeacher[]> {
  await getClass(db, actor, classId);
  return selectClassTeachers(db, classId);
}

/** Active teachers of the class's school who do not teach it yet: who can be added. */
export async function listAddableTeachers(db: Db, actor: Actor, classId: number) {
  return selectAddableTeachers(db, await getClass(db, actor, classId));
}

/** Unchecked: for callers that have checked the class with getClass. */
export function selectAddableTeachers(db: Db, klass: Pick<ClassRecord, "id" | "schoolId">) {
  const classId = klass.id;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.schoolId, klass.schoolId),
        eq(users.role, "teacher"),
        eq(users.status, "active"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(classTeachers)
            .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, users.id))),
        ),
      ),
    )
    .orderBy(asc(users.name));
}

async function requireSchoolTeacher(tx: Tx, schoolId: number, userId: number) {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.schoolId, schoolId), eq(users.role, "teacher"), eq(users.status, "active")),
    )
    .limit(1);
  // A user outside the school is not revealed either.
  if (!user) throw notFound("Teacher not found in this school");
  return user;
}

/** Adds a teacher of the class's school as a co-teacher (docs/product.md#owners-and-co-teachers, POST /api/classes/{classId}/user/{userId}). */
export async function addClassTeacher(db: Db, actor: Actor, classId: number, userId: number): Promise<ClassTeacher> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const user = await requireSchoolTeacher(tx, klass.schoolId, userId);
    const inserted = await tx
      .insert(classTeachers)
      .values({ classId, userId, role: "co-teacher" })
      .onConflictDoNothing()
      .returning({ userId: classTeachers.userId });
    if (inserted.length === 0) throw conflict(`${user.name} already teaches this class.`);
    await recordAuditEvent(tx, actor, {
      action: "class.teacher.add",
      targetType: "class",
      targetId: classId,
      schoolId: klass.schoolId,
      details: { userId },
    });
    const [teacher] = await selectClassTeachers(tx, classId).then((rows) => rows.filter((row) => row.id === userId));
    return teacher;
  });
}

/**
 * Removes a teacher from the class (DELETE /api/classes/{classId}/user/{userId},
 * and the students screen). Any teacher may leave; only the class's owner, or
 * an admin in scope, removes someone else, so a co-teacher cannot remove the
 * owner. The last teacher cannot be removed. When the owner goes, the
 * longest-serving remaining teacher becomes the owner (ADR 111).
 */
export async function removeClassTeacher(db: Db, actor: Actor, classId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const teachers = await tx
      .select({ id: classTeachers.userId, role: classTeachers.role })
      .from(classTeachers)
      .where(eq(classTeachers.classId, classId))
      .for("update");
    const target = teachers.find((teacher) => teacher.id === userId);
    if (!target) throw notFound("That teacher does not teach this class");
    const leaving = userId === actor.id;
    if (!mayRemoveTeacher(actor, teachers, userId)) {
      throw forbidden(
        target.role === "owner"
          ? "Only an administrator can remove the class's owner. You can leave the class yourself."
          : "Only the class's owner can remove other teachers. You can leave the class yourself.",
      );
    }
    if (teachers.length === 1)
      throw conflict(
        leaving
          ? "You are this class's only teacher, so you cannot leave it. Add another teacher first."
          : "A class needs at least one teacher. Add another teacher first.",
      );
    await tx.delete(classTeachers).where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
    const newOwnerId = target.role === "owner" ? await passOwnershipOn(tx, classId) : null;
    await recordAuditEvent(tx, actor, {
      action: leaving ? "class.teacher.leave" : "class.teacher.remove",
      targetType: "class",
      targetId: classId,
      schoolId: klass.schoolId,
      details: { userId, ...(newOwnerId !== null ? { newOwnerId } : {}) },
    });
  });
}
