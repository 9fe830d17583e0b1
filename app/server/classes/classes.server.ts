/**
 * Classes: finding one within the actor's scope, listing, creating and
 * renaming. Every function takes the acting user and enforces the scope in
 * its query: a class outside it does not exist (404). The class home's
 * dashboard is in class-dashboard.server.ts, the class's teachers in
 * class-teachers.server.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { NO_SCHOOL_YET_MESSAGE } from "~/lib/class-texts";
import type { CreateClassInput, UpdateClassInput } from "~/lib/schemas/classroom";
import { recordAuditEvent } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import type { JsonRow } from "../db/json-rows.server";
import { classes, classStudents, classTeachers, schools } from "../db/schema.server";
import { notFound, validationError } from "../errors.server";
import { type Actor, classScopeCondition } from "./class-scope.server";
import { requireSchoolTeacher } from "./school-teacher.server";

/** Students seen by the student API within this window count as online. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

/** A class as screens and the API show it: its columns and its school's name. */
export type ClassRecord = JsonRow<typeof classColumns>;

export const classColumns = {
  id: classes.id,
  name: classes.name,
  status: classes.status,
  schoolId: classes.schoolId,
  schoolName: schools.name,
  createdAt: classes.createdAt,
};

/** SQL for the number of students on a class's list, for a select list. */
export function studentCountOf(classIdColumn: typeof classes.id) {
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

/**
 * `classes.id` and `classes.school_id`, always qualified, for the JSON subqueries of the class
 * screens (class-dashboard, class-teachers, students): in a
 * select from `classes` alone, drizzle writes a column of it unqualified ("id"), which a
 * subquery would read as its own table's column.
 */
export const classesColumn = {
  id: sql`${sql.identifier("classes")}.${sql.identifier("id")}`,
  schoolId: sql`${sql.identifier("classes")}.${sql.identifier("school_id")}`,
};
