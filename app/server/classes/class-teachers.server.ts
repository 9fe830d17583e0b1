/**
 * A class's teachers: listing them, who may be added, adding and removing
 * (ownership passes on, ADR 111), and the JSON subqueries of teachers that
 * one-round-trip screens share.
 */
import { and, asc, eq, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { aliased, type JsonRow, jsonList, jsonValues } from "../db/json-rows.server";
import { classTeachers, users } from "../db/schema.server";
import { conflict, forbidden, notFound } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";
import { mayRemoveTeacher, passOwnershipOn } from "./class-owner.server";
import type { Actor } from "./class-scope.server";
import { type ClassRecord, getClass } from "./classes.server";
import { requireSchoolTeacher } from "./school-teacher.server";

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
    if (inserted.length === 0) {
      throw withSaying(conflict(""), (t) => t("{name} already teaches this class.", { name: user.name }));
    }
    await recordClassAuditEvent(tx, actor, klass, {
      action: "class.teacher.add",
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
    await recordClassAuditEvent(tx, actor, klass, {
      action: leaving ? "class.teacher.leave" : "class.teacher.remove",
      details: { userId, ...(newOwnerId !== null ? { newOwnerId } : {}) },
    });
  });
}
