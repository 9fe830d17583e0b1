/**
 * One assignment of the class in the URL, as the results screens read it
 * (the results page, its live counts): with its survey, class and school
 * joined, if the class is in the actor's scope; else NotFound, for the class
 * (out of scope) or the assignment.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db } from "../db/client.server";
import { assignments, classes, schools, surveys } from "../db/schema.server";
import { notFound } from "../errors.server";

type AssignmentRef = { classId: number; assignmentId: number };

/** The assignment of the class in the URL, if the class is in the actor's scope (the results screen's permission). */
export function assignmentInScope(actor: Actor, input: AssignmentRef): SQL | undefined {
  return and(
    eq(assignments.id, input.assignmentId),
    eq(assignments.classId, input.classId),
    classScopeCondition(actor),
  );
}

/** Which one is missing decides the message: the class (out of scope) or the assignment. */
export async function throwAssignmentNotFound(db: Db, actor: Actor, classId: number): Promise<never> {
  await getClass(db, actor, classId);
  throw notFound("Assignment not found");
}

/** The select of `fields` over the assignment, its survey, class and school, of the one row `where` keeps. */
export function selectAssignmentWhere(db: Db, fields: SelectedFields, where: SQL | undefined) {
  return db
    .select(fields)
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(where)
    .limit(1);
}

/** `fields` of the assignment in scope (over assignments, surveys, classes and schools), or NotFound. */
export async function selectAssignmentInScope<T extends SelectedFields>(
  db: Db,
  actor: Actor,
  input: AssignmentRef,
  fields: T,
) {
  // Drizzle's types do not follow a generic selection through joins; every join is inner, so a row has every field.
  const [row] = (await selectAssignmentWhere(db, fields, assignmentInScope(actor, input))) as SelectResultFields<T>[];
  if (!row) return throwAssignmentNotFound(db, actor, input.classId);
  return row;
}
