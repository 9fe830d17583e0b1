/**
 * Assignments: a survey given to a class. Assigned → started (active) →
 * closed (completed). docs/product.md#assignment-status: the status 'completed' closes a survey,
 * any other value starts it. A survey is assigned to a class at most once.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, notExists, type SQL, sql } from "drizzle-orm";
import { recordClassAuditEvent } from "../audit/audit.server";
import { type AssignmentSummary, assignmentSummaryColumns } from "../classes/class-dashboard.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { Db, Tx } from "../db/client.server";
import { assignments, classStudents, surveys } from "../db/schema.server";
import { conflict, notFound } from "../errors.server";
import type { SurveyListItem } from "../surveys/surveys.server";
import { atTime } from "./effective-status.server";

export type { AssignmentSummary } from "../classes/class-dashboard.server";

export interface ClassAssignments {
  studentCount: number;
  assignments: AssignmentSummary[];
}

/** The class's assignments, newest first, each with its response count. */
export async function listClassAssignments(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<ClassAssignments> {
  await getClass(db, actor, classId);
  const [rows, [{ value: studentCount }]] = await Promise.all([
    db
      .select(assignmentSummaryColumns)
      .from(assignments)
      .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
      .where(eq(assignments.classId, classId))
      .orderBy(desc(assignments.createdAt), desc(assignments.id)),
    db.select({ value: count() }).from(classStudents).where(eq(classStudents.classId, classId)),
  ]);
  return { studentCount, assignments: rows.map((row) => atTime(row, now)) };
}

export type AssignableSurvey = SurveyListItem;

/** Surveys in the registry that this class has not been given yet. */
export async function listAssignableSurveys(db: Db, actor: Actor, classId: number): Promise<AssignableSurvey[]> {
  await getClass(db, actor, classId);
  return db
    .select({ id: surveys.id, fullSlug: surveys.fullSlug, title: surveys.title })
    .from(surveys)
    .where(
      and(
        isNull(surveys.removedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(assignments)
            .where(and(eq(assignments.classId, classId), eq(assignments.surveyId, surveys.id))),
        ),
      ),
    )
    .orderBy(asc(surveys.title), asc(surveys.id));
}

/** What the rule of effective-status.server.ts reads, for a row locked before a change. */
export const scheduleColumns = {
  id: assignments.id,
  status: assignments.status,
  startedAt: assignments.startedAt,
  closedAt: assignments.closedAt,
  opensAt: assignments.opensAt,
  closesAt: assignments.closesAt,
};

/** The class's assignment, locked for a change, with what the status rule reads; else NOT_FOUND. */
export async function lockAssignment(tx: Tx, classId: number, assignmentId: number) {
  const [stored] = await tx
    .select({ ...scheduleColumns, anonymous: assignments.anonymous })
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classId, classId)))
    .for("update");
  if (!stored) throw notFound("Assignment not found");
  return stored;
}

export const ALREADY_ASSIGNED_MESSAGE = "This survey is already assigned to this class.";

export async function selectSummary(
  tx: Tx | Db,
  classId: number,
  assignmentId: number,
  now = new Date(),
): Promise<AssignmentSummary | undefined> {
  const [row] = await tx
    .select(assignmentSummaryColumns)
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classId, classId)))
    .limit(1);
  return row && atTime(row, now);
}

/** A survey of the registry not removed, or NOT_FOUND. */
export async function findLiveSurvey(tx: Tx, surveyId: number): Promise<{ id: number; title: string }> {
  const [survey] = await tx
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.removedAt)))
    .limit(1);
  if (!survey) throw notFound("Survey not found");
  return survey;
}

/** 409 when the class has the survey already (`which`: only some of its assignments, such as a series' rounds). */
export async function refuseTakenSurvey(tx: Tx, classId: number, surveyId: number, which?: SQL): Promise<void> {
  const [taken] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.classId, classId), eq(assignments.surveyId, surveyId), which))
    .limit(1);
  if (taken) throw conflict(ALREADY_ASSIGNED_MESSAGE);
}

/**
 * Gives the survey to the class (status 'assigned'), named or anonymous, with its opening and closing
 * times if scheduled (checked by the caller: schedule.server.ts assignRounds). Twice is a 409.
 */
export async function assignSurvey(
  db: Db,
  actor: Actor,
  input: { classId: number; surveyId: number; anonymous?: boolean; opensAt?: Date | null; closesAt?: Date | null },
): Promise<AssignmentSummary> {
  const anonymous = input.anonymous ?? false;
  const schedule = { opensAt: input.opensAt ?? null, closesAt: input.closesAt ?? null };
  try {
    return await db.transaction(async (tx) => {
      const klass = await getClass(tx, actor, input.classId);
      const survey = await findLiveSurvey(tx, input.surveyId);
      // The unique index holds only outside a series: a survey the class has as a series is taken too.
      await refuseTakenSurvey(tx, klass.id, survey.id, isNotNull(assignments.seriesId));
      const [created] = await tx
        .insert(assignments)
        .values({
          classId: klass.id,
          surveyId: survey.id,
          status: "assigned",
          anonymous,
          ...schedule,
          createdByUserId: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: assignments.id });
      if (!created) throw conflict(ALREADY_ASSIGNED_MESSAGE);
      await recordClassAuditEvent(tx, actor, klass, {
        action: "assignment.assign",
        target: { type: "assignment", id: created.id },
        details: {
          surveyId: survey.id,
          title: survey.title,
          anonymous,
          ...(schedule.opensAt || schedule.closesAt
            ? { opensAt: schedule.opensAt?.toISOString() ?? null, closesAt: schedule.closesAt?.toISOString() ?? null }
            : {}),
        },
      });
      return (await selectSummary(tx, klass.id, created.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_ASSIGNED_MESSAGE);
    throw error;
  }
}

export interface StatusChange {
  change: "started" | "closed";
  assignment: AssignmentSummary;
}

/**
 * docs/product.md#assignment-status: 'completed' closes the survey; any other value starts (or reopens) it.
 * By hand, it overrides the schedule (effective-status.server.ts): closing ends it now; starting opens it
 * now, dropping a scheduled opening still ahead and a scheduled close already passed.
 */
export async function setAssignmentStatus(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number; status: string },
  now = new Date(),
): Promise<StatusChange> {
  const closing = input.status === "completed";
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const stored = await lockAssignment(tx, klass.id, input.assignmentId);
    const current = atTime(stored, now);
    if (closing && current.status === "completed") throw conflict("This survey is already closed.");
    if (!closing && current.status === "active") throw conflict("This survey has already started.");
    await tx
      .update(assignments)
      .set(
        closing
          ? { status: "completed", startedAt: current.startedAt, closedAt: now, updatedAt: now }
          : {
              status: "active",
              startedAt: current.startedAt ?? now,
              closedAt: null,
              opensAt: stored.opensAt && stored.opensAt > now ? null : stored.opensAt,
              closesAt: stored.closesAt && stored.closesAt <= now ? null : stored.closesAt,
              updatedAt: now,
            },
      )
      .where(eq(assignments.id, stored.id));
    await recordClassAuditEvent(tx, actor, klass, {
      action: closing ? "assignment.close" : "assignment.start",
      target: { type: "assignment", id: stored.id },
      details: { from: current.status, to: closing ? "completed" : "active" },
    });
    return {
      change: closing ? "closed" : "started",
      assignment: (await selectSummary(tx, klass.id, stored.id, now))!,
    };
  });
}

/** One assignment of the class, or NOT_FOUND. */
export async function getAssignment(
  db: Db,
  actor: Actor,
  classId: number,
  assignmentId: number,
  now = new Date(),
): Promise<AssignmentSummary> {
  await getClass(db, actor, classId);
  const summary = await selectSummary(db, classId, assignmentId, now);
  if (!summary) throw notFound("Assignment not found");
  return summary;
}

export const ANONYMOUS_FIXED_MESSAGE =
  "This survey has already started, so whether it is anonymous can no longer be changed. Students answered it under the mode they were shown.";

/**
 * Switches an assignment between named and anonymous. Only before it first
 * starts: once students may have answered, the mode they were promised is fixed (409).
 */
export async function setAssignmentAnonymous(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number; anonymous: boolean },
  now = new Date(),
): Promise<AssignmentSummary> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const current = atTime(await lockAssignment(tx, klass.id, input.assignmentId), now);
    if (current.anonymous !== input.anonymous) {
      if (current.status !== "assigned" || current.startedAt !== null) throw conflict(ANONYMOUS_FIXED_MESSAGE);
      await tx
        .update(assignments)
        .set({ anonymous: input.anonymous, updatedAt: now })
        .where(eq(assignments.id, current.id));
      await recordClassAuditEvent(tx, actor, klass, {
        action: "assignment.set_anonymous",
        target: { type: "assignment", id: current.id },
        details: { anonymous: input.anonymous },
      });
    }
    return (await selectSummary(tx, klass.id, current.id, now))!;
  });
}
