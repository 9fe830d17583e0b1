/**
 * Scheduled assignments and series (issue #38): an assignment's opening and closing times, a survey
 * given to a class in rounds (each round an assignment of its own, linked by `series_id`), and the
 * school's time zone they are read and shown in. Whether a round is open is computed when it is read
 * (effective-status.server.ts); nothing here runs at the opening or the close.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { checkRounds, checkSchedule, MAX_ROUNDS, type Schedule } from "~/lib/schemas/schedule";
import type { AssignmentStatus } from "~/lib/statuses";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { assignmentSeries, assignments, classes, schools } from "../db/schema.server";
import { conflict, validationError } from "../errors.server";
import { responseCountOf } from "../responses/tallies.server";
import {
  type AssignmentSummary,
  assignSurvey,
  findLiveSurvey,
  lockAssignment,
  refuseTakenSurvey,
  selectSummary,
} from "./assignments.server";
import { atTime, effectiveStatusSql } from "./effective-status.server";

export const CLOSED_BY_HAND_MESSAGE = "This survey was closed by hand. Reopen it before you schedule it again.";
export const ALREADY_OPEN_MESSAGE = "This survey has already opened, so its opening time can no longer be changed.";

/** The time zone a class's school reads and shows scheduled times in: its own, else the deployment's. */
export async function classTimeZone(db: Db | Tx, classId: number, fallback: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: schools.timeZone })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.id, classId))
    .limit(1);
  return row?.timeZone ?? fallback;
}

function refuseSchedule(errors: Record<string, string[]>): void {
  const first = Object.values(errors)[0];
  if (first) throw validationError(first[0], errors);
}

/**
 * Gives the survey to the class: one assignment (scheduled or not), or with several rounds a series,
 * every round an assignment of its own (at most MAX_ROUNDS, none overlapping the next). A survey the
 * class already has, singly or as a series, is a 409.
 */
export async function assignRounds(
  db: Db,
  actor: Actor,
  input: { classId: number; surveyId: number; anonymous: boolean; rounds: Schedule[] },
  now = new Date(),
): Promise<{ first: AssignmentSummary; seriesId: number | null; roundCount: number }> {
  for (const round of input.rounds) refuseSchedule(checkSchedule(round, now));
  if (input.rounds.length === 1) {
    const { classId, surveyId, anonymous } = input;
    const first = await assignSurvey(db, actor, { classId, surveyId, anonymous, ...input.rounds[0] });
    return { first, seriesId: null, roundCount: 1 };
  }
  refuseSchedule(checkRounds(input.rounds, { repeat: "dates", everyWeeks: 1, dates: [] }));
  if (input.rounds.length > MAX_ROUNDS) throw validationError(`A series has at most ${MAX_ROUNDS} rounds.`);
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    // One series at a time per class: the class row is the lock, so two at once cannot both pass the check.
    await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, klass.id)).for("update");
    const survey = await findLiveSurvey(tx, input.surveyId);
    await refuseTakenSurvey(tx, klass.id, survey.id);
    const [series] = await tx
      .insert(assignmentSeries)
      .values({ classId: klass.id, surveyId: survey.id, anonymous: input.anonymous, createdByUserId: actor.id })
      .returning({ id: assignmentSeries.id });
    const created = await tx
      .insert(assignments)
      .values(
        input.rounds.map((round) => ({
          classId: klass.id,
          surveyId: survey.id,
          status: "assigned" as const,
          anonymous: input.anonymous,
          opensAt: round.opensAt,
          closesAt: round.closesAt,
          seriesId: series.id,
          createdByUserId: actor.id,
        })),
      )
      .returning({ id: assignments.id, opensAt: assignments.opensAt });
    created.sort((a, b) => a.opensAt!.getTime() - b.opensAt!.getTime());
    await recordClassAuditEvent(tx, actor, klass, {
      action: "assignment.assign_series",
      target: { type: "assignment_series", id: series.id },
      details: { surveyId: survey.id, title: survey.title, anonymous: input.anonymous, rounds: created.length },
    });
    return {
      first: (await selectSummary(tx, klass.id, created[0].id, now))!,
      seriesId: series.id,
      roundCount: created.length,
    };
  });
}

/**
 * Sets or clears an assignment's opening and closing times. A survey closed by hand must be reopened
 * first; once it has opened, its opening time stays. A new time is not in the past; the close comes
 * after the opening (field errors).
 */
export async function setAssignmentSchedule(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number } & Schedule,
  now = new Date(),
): Promise<AssignmentSummary> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const stored = await lockAssignment(tx, klass.id, input.assignmentId);
    if (stored.status === "completed") throw conflict(CLOSED_BY_HAND_MESSAGE);
    const current = atTime(stored, now);
    const opensAt = current.status === "assigned" ? input.opensAt : stored.opensAt;
    if (current.status !== "assigned" && input.opensAt?.getTime() !== stored.opensAt?.getTime())
      throw validationError(ALREADY_OPEN_MESSAGE, { opensAt: [ALREADY_OPEN_MESSAGE] });
    refuseSchedule(checkSchedule({ opensAt, closesAt: input.closesAt }, now, stored));
    await tx
      .update(assignments)
      .set({ opensAt, closesAt: input.closesAt, updatedAt: now })
      .where(eq(assignments.id, stored.id));
    await recordClassAuditEvent(tx, actor, klass, {
      action: "assignment.schedule",
      target: { type: "assignment", id: stored.id },
      details: { opensAt: opensAt?.toISOString() ?? null, closesAt: input.closesAt?.toISOString() ?? null },
    });
    return (await selectSummary(tx, klass.id, stored.id, now))!;
  });
}

export interface SeriesRound {
  id: number;
  opensAt: Date | null;
  closesAt: Date | null;
  status: AssignmentStatus;
  responseCount: number;
}

/** The rounds of the assignment's series in order of opening (empty for a single assignment), each with its status at `now`. */
export async function listSeriesRounds(
  db: Db,
  actor: Actor,
  input: { classId: number; seriesId: number | null },
  now = new Date(),
): Promise<SeriesRound[]> {
  if (input.seriesId === null) return [];
  await getClass(db, actor, input.classId);
  return db
    .select({
      id: assignments.id,
      opensAt: assignments.opensAt,
      closesAt: assignments.closesAt,
      status: effectiveStatusSql(assignments, now),
      responseCount: sql<number>`${responseCountOf(assignments.id)}`.mapWith(Number),
    })
    .from(assignments)
    .where(and(eq(assignments.classId, input.classId), eq(assignments.seriesId, input.seriesId)))
    .orderBy(asc(assignments.opensAt), asc(assignments.id));
}

/** What an assignment's page shows of its schedule: the school's time zone and its series' rounds. */
export async function scheduleOfAssignment(
  db: Db,
  actor: Actor,
  input: { classId: number; seriesId: number | null; fallbackTimeZone: string },
  now = new Date(),
): Promise<{ timeZone: string; rounds: SeriesRound[] }> {
  const [timeZone, rounds] = await Promise.all([
    classTimeZone(db, input.classId, input.fallbackTimeZone),
    listSeriesRounds(db, actor, input, now),
  ]);
  return { timeZone, rounds };
}
