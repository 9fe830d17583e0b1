/**
 * The admin's class tools: create a class with one or more teachers of its
 * school, change a class's teachers, archive and restore it. Built on the
 * class domain (createClass, addClassTeacher, removeClassTeacher, getClass),
 * each inside one outer transaction so a failure leaves nothing half done.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { recordClassAuditEvent } from "../audit/audit.server";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Db } from "../db/client.server";
import { classes, classTeachers, type RecordStatus, schools, users } from "../db/schema.server";
import { notFound, validationError } from "../errors.server";
import { assertAdmin } from "../users/scope.server";
import type { Actor } from "./class-scope.server";
import { addClassTeacher, listClassTeachers, removeClassTeacher } from "./class-teachers.server";
import { type ClassRecord, createClass, getClass, listClasses, updateClass } from "./classes.server";
import { closeClassesToStudents } from "./close-to-students.server";
import { setClassYearGroup } from "./year-group.server";

/** Active teachers of a school in the admin's scope, by name (empty outside the scope). */
export async function listSchoolTeachers(db: Db, actor: Actor, schoolId: number) {
  assertAdmin(actor);
  if (!isPlatformAdmin(actor) && actor.schoolId !== schoolId) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, schoolId), eq(users.role, "teacher"), eq(users.status, "active")))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}
export type TeacherChoice = Awaited<ReturnType<typeof listSchoolTeachers>>[number];

const needTeacher = () =>
  validationError("Choose at least one teacher", { teacherIds: ["Choose at least one teacher"] });

/** Creates the class; the first teacher is its owner, the rest co-teachers. */
export async function createClassWithTeachers(
  db: Db,
  actor: Actor,
  input: { name: string; schoolId: number; teacherIds: number[] },
): Promise<ClassRecord> {
  assertAdmin(actor);
  // createClass puts a school admin's class in their own school whatever was asked; asking for another school is NOT_FOUND.
  if (!isPlatformAdmin(actor) && input.schoolId !== actor.schoolId) throw notFound("School not found");
  const teacherIds = [...new Set(input.teacherIds)];
  if (teacherIds.length === 0) throw needTeacher();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const created = await createClass(txDb, actor, {
      name: input.name,
      schoolId: input.schoolId,
      teacherId: teacherIds[0],
    });
    for (const teacherId of teacherIds.slice(1)) await addClassTeacher(txDb, actor, created.id, teacherId);
    return created;
  });
}

/** Renames the class, sets its year group (when given) and makes its teachers exactly `teacherIds` (at least one). */
export async function updateClassSettings(
  db: Db,
  actor: Actor,
  classId: number,
  input: { name: string; teacherIds: number[]; yearGroup?: string | null },
): Promise<ClassRecord> {
  assertAdmin(actor);
  const wanted = [...new Set(input.teacherIds)];
  if (wanted.length === 0) throw needTeacher();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    let klass = await getClass(txDb, actor, classId);
    if (klass.name !== input.name) klass = await updateClass(txDb, actor, classId, { name: input.name });
    if (input.yearGroup !== undefined) await setClassYearGroup(txDb, actor, classId, input.yearGroup);
    const current = (await listClassTeachers(txDb, actor, classId)).map((teacher) => teacher.id);
    for (const id of wanted.filter((id) => !current.includes(id))) await addClassTeacher(txDb, actor, classId, id);
    for (const id of current.filter((id) => !wanted.includes(id))) await removeClassTeacher(txDb, actor, classId, id);
    // The first chosen teacher owns the class: the others step down first, as a class has one owner at most.
    await tx
      .update(classTeachers)
      .set({ role: "co-teacher" })
      .where(and(eq(classTeachers.classId, classId), ne(classTeachers.userId, wanted[0])));
    await tx
      .update(classTeachers)
      .set({ role: "owner" })
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, wanted[0])));
    return klass;
  });
}

/**
 * Archives or restores a class in scope. Archiving also closes it to
 * students in the same transaction (tokens revoked, code stopped, waiting
 * join requests refused); restoring brings none of that back (ADR 191).
 */
export async function setClassStatus(
  db: Db,
  actor: Actor,
  classId: number,
  status: RecordStatus,
): Promise<ClassRecord> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    if (klass.status === status) return klass;
    const now = new Date();
    await tx.update(classes).set({ status, updatedAt: now }).where(eq(classes.id, classId));
    const closed = status === "archived" ? await closeClassesToStudents(tx, { classId }, actor.id, now) : null;
    await recordClassAuditEvent(tx, actor, klass, {
      action: status === "archived" ? "class.archive" : "class.restore",
      details: { name: klass.name, ...closed },
    });
    return { ...klass, status };
  });
}

/** Every class in the admin's scope (archived too), for the Edit Class chooser. */
export async function listClassesForAdmin(db: Db, actor: Actor) {
  assertAdmin(actor);
  return listClasses(db, actor);
}
