/**
 * Which classes an actor may see: a teacher their own (class_teachers), a
 * school admin every class of their school, a platform admin every class.
 * Other classes simply do not exist for them (404, never 403).
 */
import { and, asc, eq, exists, type SQL, sql } from "drizzle-orm";
import type { CurrentUser } from "../auth/current-user.server";
import type { Db } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { classes, classTeachers, schools } from "../db/schema.server";

export type Actor = Pick<CurrentUser, "id" | "role" | "schoolId">;

/** A SQL condition on `classes` that keeps only the actor's classes. */
export function classScopeCondition(actor: Actor): SQL | undefined {
  if (actor.role === "admin") {
    return actor.schoolId === null ? undefined : eq(classes.schoolId, actor.schoolId);
  }
  return exists(
    sql`(select 1 from ${classTeachers} where ${classTeachers.classId} = ${classes.id} and ${classTeachers.userId} = ${actor.id})`,
  );
}

export interface ClassSummary {
  id: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

function selectMyClasses(db: Db, scope: SQL | undefined) {
  return db
    .select({ id: classes.id, name: classes.name, schoolId: classes.schoolId, schoolName: schools.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.status, "active"), scope))
    .orderBy(asc(classes.name), asc(classes.id));
}

/** A teacher's classes: on every class screen, so prepared once per database (ADR 063). */
const teacherClassesQuery = preparedPerDatabase((db) =>
  selectMyClasses(
    db,
    classScopeCondition({ id: sql.placeholder("userId") as unknown as number, role: "teacher", schoolId: null }),
  ).prepare("teacher_classes"),
);

/** docs/product.md#class-route-loading step 1: the user's own classes (active ones), first by name. */
export async function listMyClasses(db: Db, actor: Actor): Promise<ClassSummary[]> {
  if (actor.role === "teacher") return teacherClassesQuery(db).execute({ userId: actor.id });
  return selectMyClasses(db, classScopeCondition(actor));
}

/** An actor whose id and school are a prepared statement's `actorId` and `schoolId` placeholders. */
const placeholderActor = {
  id: sql.placeholder("actorId") as unknown as number,
  schoolId: sql.placeholder("schoolId") as unknown as number,
};

/**
 * A query prepared once per database for each kind of scope (ADR 063): a teacher's classes, a school
 * admin's school, every class. `build` gets an actor whose id and school are placeholders; execute
 * the query with `scopeValues(actor)` among its values. Named `name_teacher`, `name_school_admin`, `name_admin`.
 */
export function preparedPerScope<T>(name: string, build: (db: Db, actor: Actor, name: string) => T) {
  const teacher = preparedPerDatabase((db) => build(db, { ...placeholderActor, role: "teacher" }, `${name}_teacher`));
  const schoolAdmin = preparedPerDatabase((db) =>
    build(db, { ...placeholderActor, role: "admin" }, `${name}_school_admin`),
  );
  const admin = preparedPerDatabase((db) => build(db, { id: 0, role: "admin", schoolId: null }, `${name}_admin`));
  return (db: Db, actor: Actor): T => {
    if (actor.role !== "admin") return teacher(db);
    return actor.schoolId === null ? admin(db) : schoolAdmin(db);
  };
}

/** The values of a preparedPerScope query's scope placeholders. */
export function scopeValues(actor: Actor) {
  return { actorId: actor.id, schoolId: actor.schoolId };
}
