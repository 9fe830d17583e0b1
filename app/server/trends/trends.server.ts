/**
 * A series over time: each counted question's answers round by round, for
 * the class's teachers (and admins of its school), with the small-group rule
 * in every round (suppression.server.ts). Two queries whatever the number of
 * rounds: the series with its rounds, then every round's counts at once.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { DEFAULT_MIN_GROUP_SIZE, MIN_GROUP_SIZE_FLOOR } from "~/lib/privacy";
import { listAnswerFields } from "~/lib/survey-content";
import type { SurveyContentLookup } from "../assignments/survey-content.server";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { assignmentSeries, assignments, classes, schools, surveys } from "../db/schema.server";
import { notFound } from "../errors.server";
import { type CountedField, countedFields, countsOfAssignments, isFaceScale } from "./round-tallies.server";
import { type Cell, cellOf } from "./suppression.server";

export interface TrendQuestion {
  uid: string;
  prompt: string;
  labels: string[];
  faceScale: boolean;
}

export interface TrendRound {
  assignmentId: number;
  /** 1, 2, … in the order the rounds open. */
  number: number;
  /** When the round opened (or opens), else when it was made. */
  date: Date;
  cell: Cell;
}

export interface SeriesTrend {
  seriesId: number;
  classId: number;
  className: string;
  surveyTitle: string;
  anonymous: boolean;
  threshold: number;
  contentAvailable: boolean;
  questions: TrendQuestion[];
  rounds: TrendRound[];
}

export function trendQuestions(fields: CountedField[]): TrendQuestion[] {
  return fields.map((field) => ({
    uid: field.uid,
    prompt: field.prompt,
    labels: field.kind === "option" ? field.options.map((option) => option.label) : field.choices,
    faceScale: isFaceScale(field),
  }));
}

export function thresholdOf(minGroupSize: number | null): number {
  return Math.max(MIN_GROUP_SIZE_FLOOR, minGroupSize ?? DEFAULT_MIN_GROUP_SIZE);
}

/** The series of the class in the URL, if the class is in the actor's scope; else 404. */
export async function getSeriesTrend(
  db: Db,
  actor: Actor,
  input: { classId: number; seriesId: number },
  lookupContent: SurveyContentLookup,
): Promise<SeriesTrend> {
  const [series] = await db
    .select({
      id: assignmentSeries.id,
      anonymous: assignmentSeries.anonymous,
      classId: classes.id,
      className: classes.name,
      minGroupSize: schools.minGroupSize,
      surveyTitle: surveys.title,
      surveyFullSlug: surveys.fullSlug,
    })
    .from(assignmentSeries)
    .innerJoin(classes, eq(classes.id, assignmentSeries.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .innerJoin(surveys, eq(surveys.id, assignmentSeries.surveyId))
    .where(
      and(
        eq(assignmentSeries.id, input.seriesId),
        eq(assignmentSeries.classId, input.classId),
        classScopeCondition(actor),
      ),
    );
  if (!series) throw notFound("Series not found");
  const roundDate = sql<Date>`coalesce(${assignments.opensAt}, ${assignments.startedAt}, ${assignments.createdAt})`;
  const rounds = await db
    .select({ id: assignments.id, date: roundDate.mapWith(assignments.createdAt) })
    .from(assignments)
    .where(eq(assignments.seriesId, series.id))
    .orderBy(asc(roundDate), asc(assignments.id));
  const content = await lookupContent(series.surveyFullSlug);
  const fields = countedFields(content ? listAnswerFields(content) : []);
  const counts = await countsOfAssignments(
    db,
    rounds.map((round) => round.id),
    fields.map((field) => field.uid),
  );
  const threshold = thresholdOf(series.minGroupSize);
  return {
    seriesId: series.id,
    classId: series.classId,
    className: series.className,
    surveyTitle: series.surveyTitle,
    anonymous: series.anonymous,
    threshold,
    contentAvailable: content !== null,
    questions: trendQuestions(fields),
    rounds: rounds.map((round, index) => ({
      assignmentId: round.id,
      number: index + 1,
      date: round.date,
      cell: cellOf(fields, counts.get(round.id), threshold),
    })),
  };
}
