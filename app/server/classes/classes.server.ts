/**
 * Classes: finding one within the actor's scope, listing, creating, renaming,
 * the class home's dashboard and the class's teachers. Every function takes
 * the acting user and enforces the scope in its query: a class outside it
 * does not exist (404).
 */
import { and, asc, count, desc, eq, gt, notExists, sql } from "drizzle-orm";
import type { CreateClassInput, UpdateClassInput } from "~/lib/schemas/classroom";
import { recordAuditEvent } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import {
  assignments,
  classStudents,
  classTeachers,
  classes,
  responses,
  schools,
  students,
  surveys,
  users,
} from "../db/schema.server";
import { conflict, notFound, validationError } from "../errors.server";
import { findLiveClassCode, type LiveClassCode } from "../class-codes/class-codes.server";
import { type Actor, classScopeCondition } from "./class-scope.server";

/** Students seen by the student API within this window count as online. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

export interface ClassRecord {
  id: number;
  name: string;
  status: "active" | "archived";
  schoolId: number;
  schoolName: string;
  createdAt: Date;
}

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
 * An admin may name an active teacher of that school as the owner.
 */
export async function createClass(db: Db, actor: Actor, input: CreateClassInput): Promise<ClassRecord> {
  const schoolId = actor.role === "admin" && actor.schoolId === null ? input.schoolId : actor.schoolId;
  if (!schoolId) throw validationError("Choose the school for the class", { schoolId: ["Choose the school for the class"] });
  if (actor.role !== "admin" && input.schoolId && input.schoolId !== actor.schoolId) {
    throw validationError("You can only create classes in your own school", { schoolId: ["Not your school"] });
  }
  return db.transaction(async (tx) => {
    const [school] = await tx
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(and(eq(schools.id, schoolId), eq(schools.status, "active")))
      .limit(1);
    if (!school) throw notFound("School not found");
    let ownerId: number | null = actor.role === "admin" ? null : actor.id;
    if (actor.role === "admin" && input.teacherId) {
      await requireSchoolTeacher(tx, school.id, input.teacherId);
      ownerId = input.teacherId;
    }
    const [created] = await tx
      .insert(classes)
      .values({ name: input.name, schoolId: school.id })
      .returning({ id: classes.id, name: classes.name, status: classes.status, createdAt: classes.createdAt });
    if (ownerId !== null) await tx.insert(classTeachers).values({ classId: created.id, userId: ownerId, role: "owner" });
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

export async function updateClass(db: Db, actor: Actor, classId: number, input: UpdateClassInput): Promise<ClassRecord> {
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

export interface OnlineStudent {
  id: number;
  firstName: string;
  lastName: string;
  lastSeenAt: Date | null;
}

/** Students of the class seen by the student API within the last two minutes. */
export async function listOnlineStudents(db: Db, actor: Actor, classId: number, now = new Date()): Promise<OnlineStudent[]> {
  await getClass(db, actor, classId);
  return selectOnlineStudents(db, classId, now);
}

/** For callers that have checked the class already (the dashboard). */
function selectOnlineStudents(db: Db, classId: number, now: Date): Promise<OnlineStudent[]> {
  return db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, lastSeenAt: students.lastSeenAt })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), gt(students.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS))))
    .orderBy(desc(students.lastSeenAt), asc(students.id));
}

export interface AssignmentSummary {
  id: number;
  surveyId: number;
  surveyTitle: string;
  surveyFullSlug: string;
  status: "assigned" | "active" | "completed";
  startedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  /** No screen, API answer or export links this assignment's answers to a student (issue 12). */
  anonymous: boolean;
  responseCount: number;
}

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
  responseCount: sql<number>`(select count(*)::int from ${responses} where ${responses.assignmentId} = ${assignments.id})`,
};

export interface ClassDashboard {
  class: ClassRecord;
  studentCount: number;
  onlineStudents: OnlineStudent[];
  classCode: LiveClassCode | null;
  activeAssignments: AssignmentSummary[];
  teachers: ClassTeacher[];
}

/** Everything the class home shows, in a handful of indexed queries. */
export async function getClassDashboard(db: Db, actor: Actor, classId: number, now = new Date()): Promise<ClassDashboard> {
  // The class (checked against the actor's scope) and its student count in one query.
  const [row] = await db
    .select({ ...classColumns, studentCount: sql<number>`(${studentCountOf(classes.id)})` })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, classId), classScopeCondition(actor)))
    .limit(1);
  if (!row) throw notFound("Class not found");
  const { studentCount, ...klass } = row;
  const [onlineStudents, classCode, activeAssignments, teachers] = await Promise.all([
    selectOnlineStudents(db, classId, now),
    findLiveClassCode(db, classId, now),
    db
      .select(assignmentSummaryColumns)
      .from(assignments)
      .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
      .where(and(eq(assignments.classId, classId), eq(assignments.status, "active")))
      .orderBy(desc(assignments.startedAt), desc(assignments.id)),
    selectClassTeachers(db, classId),
  ]);
  return { class: klass, studentCount, onlineStudents, classCode, activeAssignments, teachers };
}

export interface ClassTeacher {
  id: number;
  name: string;
  email: string;
  role: "owner" | "co-teacher";
}

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
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId), eq(users.role, "teacher"), eq(users.status, "active")))
    .limit(1);
  // A user outside the school is not revealed either.
  if (!user) throw notFound("Teacher not found in this school");
  return user;
}

/** Adds a teacher of the class's school as a co-teacher (SPEC.md §7 POST /api/classes/{classId}/user/{userId}). */
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

/** Removes a teacher from the class; the last teacher cannot be removed. */
export async function removeClassTeacher(db: Db, actor: Actor, classId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const teachers = await tx
      .select({ userId: classTeachers.userId })
      .from(classTeachers)
      .where(eq(classTeachers.classId, classId))
      .for("update");
    if (!teachers.some((teacher) => teacher.userId === userId)) throw notFound("That teacher does not teach this class");
    if (teachers.length === 1) throw conflict("A class needs at least one teacher. Add another teacher first.");
    await tx.delete(classTeachers).where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
    await recordAuditEvent(tx, actor, {
      action: "class.teacher.remove",
      targetType: "class",
      targetId: classId,
      schoolId: klass.schoolId,
      details: { userId },
    });
  });
}
