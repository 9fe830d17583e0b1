/**
 * Survey responses across classes, for admins: the registry with counts, and
 * one survey's responses filtered by school, class, assignment status and
 * submission date range, paginated, with a CSV export of the filtered set.
 * Scope: a platform admin sees every class, a school admin their school's
 * classes (classScopeCondition). Anonymous assignments never show names,
 * and the CSV hides their answers until the school's small-group threshold is met.
 */
import {
  type AnyColumn,
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";
import { z } from "zod";
import { isoDateParam } from "~/lib/schemas/dates";
import { recordIdSchema } from "~/lib/schemas/ids";
import { pageNumberSchema } from "~/lib/schemas/paging";
import { listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import { effectiveStatusSql } from "../assignments/effective-status.server";
import { MIN_GROUP_SIZE_FLOOR } from "../assignments/results.server";
import { recordIdentifiedResponsesRead } from "../audit/audit-log.server";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import { answerText, fieldLabel } from "../csv/answer-columns.server";
import { csvRows } from "../csv/csv.server";
import type { Db } from "../db/client.server";
import {
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
  anonymousReleases,
  assignments,
  classes,
  releasedAnswers,
  responses,
  schools,
  students,
  surveys,
} from "../db/schema.server";
import { notFound } from "../errors.server";
import { assertAdmin } from "../users/scope.server";

export const RESPONSES_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/** The registry's surveys with how many classes (in scope) they are assigned to and their responses. */
export async function listSurveyOverview(db: Db, actor: Actor) {
  assertAdmin(actor);
  const [registry, counts] = await Promise.all([
    db
      .select({ id: surveys.id, fullSlug: surveys.fullSlug, title: surveys.title, removedAt: surveys.removedAt })
      .from(surveys)
      .orderBy(asc(sql`${surveys.removedAt} is not null`), asc(surveys.title), asc(surveys.fullSlug)),
    db
      .select({
        surveyId: assignments.surveyId,
        assignedClassCount: countDistinct(assignments.classId),
        responseCount: sql<number>`count(${responses.id})::int`,
      })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .leftJoin(responses, eq(responses.assignmentId, assignments.id))
      .where(classScopeCondition(actor))
      .groupBy(assignments.surveyId),
  ]);
  const bySurvey = new Map(counts.map((row) => [row.surveyId, row]));
  return registry
    .map(({ removedAt, ...row }) => ({
      ...row,
      removed: removedAt !== null,
      assignedClassCount: Number(bySurvey.get(row.id)?.assignedClassCount ?? 0),
      responseCount: Number(bySurvey.get(row.id)?.responseCount ?? 0),
    }))
    .filter((row) => !row.removed || row.assignedClassCount > 0);
}
export type SurveyOverviewItem = Awaited<ReturnType<typeof listSurveyOverview>>[number];

export async function getSurveyRecord(db: Db, actor: Actor, surveyId: number) {
  assertAdmin(actor);
  const [survey] = await db
    .select({ id: surveys.id, fullSlug: surveys.fullSlug, title: surveys.title, removedAt: surveys.removedAt })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!survey) throw notFound("Survey not found");
  return survey;
}

export const RESPONSES_MAX_PAGE_SIZE = 200;

/** The filters a query string may carry: out of range or unknown values are refused (parseSearchParams, at the edge). */
export const responseFiltersSchema = z.object({
  schoolId: recordIdSchema("schoolId").optional(),
  classId: recordIdSchema("classId").optional(),
  status: z
    .enum(ASSIGNMENT_STATUSES, { message: `status must be one of ${ASSIGNMENT_STATUSES.join(", ")}` })
    .optional(),
  /** Submitted on or after this UTC day (YYYY-MM-DD). */
  from: isoDateParam("from").optional(),
  /** Submitted on or before this UTC day (YYYY-MM-DD). */
  to: isoDateParam("to").optional(),
  page: pageNumberSchema(1_000_000).optional(),
  pageSize: pageNumberSchema(RESPONSES_MAX_PAGE_SIZE, "pageSize").optional(),
});
export type ResponseFilters = z.infer<typeof responseFiltersSchema>;

/** The filters on the survey's assignments in scope, and on the day of `at` (a submission or a release). */
function responseConditions(
  actor: Actor,
  surveyId: number,
  filters: ResponseFilters,
  at: AnyColumn = responses.submittedAt,
): SQL | undefined {
  return and(
    eq(assignments.surveyId, surveyId),
    classScopeCondition(actor),
    filters.schoolId ? eq(classes.schoolId, filters.schoolId) : undefined,
    filters.classId ? eq(classes.id, filters.classId) : undefined,
    filters.status ? sql`${effectiveStatusSql(assignments, new Date())} = ${filters.status}` : undefined,
    filters.from ? gte(at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(at, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

export interface ResponseRow {
  /** Null for an anonymous assignment's response, as in the CSV: an id or a time could tie it to a student. */
  id: number | null;
  submittedAt: Date | null;
  studentName: string | null;
  classId: number;
  className: string;
  schoolId: number;
  schoolName: string;
  assignmentId: number;
  assignmentStatus: AssignmentStatus;
  anonymous: boolean;
}

export interface ResponsePage {
  responses: ResponseRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

const responseColumns = () => ({
  id: responses.id,
  submittedAt: responses.submittedAt,
  firstName: students.firstName,
  lastName: students.lastName,
  classId: classes.id,
  className: classes.name,
  schoolId: schools.id,
  schoolName: schools.name,
  assignmentId: assignments.id,
  assignmentStatus: effectiveStatusSql(assignments, new Date()),
  anonymous: assignments.anonymous,
});

function baseQuery<T extends Record<string, unknown>>(db: Db, columns: T) {
  return db
    .select(columns as never)
    .from(responses)
    .innerJoin(assignments, eq(assignments.id, responses.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .innerJoin(students, eq(students.id, responses.studentId));
}

/**
 * One page of a survey's responses in scope: named ones newest first, then
 * anonymous ones without name, id or time.
 */
export async function queryResponses(
  db: Db,
  actor: Actor,
  surveyId: number,
  filters: ResponseFilters,
): Promise<ResponsePage> {
  await getSurveyRecord(db, actor, surveyId);
  const pageSize = filters.pageSize ?? RESPONSES_PAGE_SIZE;
  const where = responseConditions(actor, surveyId, filters);
  const [{ total }] = (await baseQuery(db, { total: count() }).where(where)) as { total: number }[];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page ?? 1, pageCount);
  const rows = (await baseQuery(db, responseColumns())
    .where(where)
    // Named rows newest first; anonymous rows after them, in an order that has
    // nothing to do with when (or who) answered, nor with what (ADR 188), but
    // stays put from page to page.
    .orderBy(
      asc(assignments.anonymous),
      sql`case when ${assignments.anonymous} then md5(${responses.id}::text) end`,
      desc(responses.submittedAt),
      desc(responses.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as (Omit<ResponseRow, "studentName" | "id" | "submittedAt"> & {
    id: number;
    submittedAt: Date;
    firstName: string;
    lastName: string;
  })[];
  await recordIdentifiedResponsesRead(db, actor, {
    targetType: "survey",
    targetId: surveyId,
    schoolId: actor.schoolId,
    identifiedCount: rows.filter((row) => !row.anonymous).length,
    via: "admin responses list",
    details: { filters },
  });
  return {
    // An anonymous assignment's rows carry no name, no response id and no time (ADR 070, as in the CSV).
    responses: rows.map(({ firstName, lastName, ...row }) => ({
      ...row,
      id: row.anonymous ? null : row.id,
      submittedAt: row.anonymous ? null : row.submittedAt,
      studentName: row.anonymous ? null : `${firstName} ${lastName}`,
    })),
    total,
    page,
    pageCount,
    pageSize,
  };
}

/** The schools and classes (in scope) this survey is assigned to: what the filters offer. */
export async function listResponseFilterChoices(db: Db, actor: Actor, surveyId: number) {
  assertAdmin(actor);
  const rows = await db
    .selectDistinct({ classId: classes.id, className: classes.name, schoolId: schools.id, schoolName: schools.name })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(assignments.surveyId, surveyId), classScopeCondition(actor)))
    .orderBy(asc(schools.name), asc(classes.name));
  const schoolMap = new Map(rows.map((row) => [row.schoolId, row.schoolName]));
  return {
    schools: [...schoolMap].map(([id, name]) => ({ id, name })),
    classes: rows.map((row) => ({ id: row.classId, name: row.className, schoolName: row.schoolName })),
  };
}
export type ResponseFilterChoices = Awaited<ReturnType<typeof listResponseFilterChoices>>;

/**
 * Every response matching the filters (all pages) as CSV: school, class,
 * assignment status, student, submitted at, then one column per question.
 * An anonymous assignment's rows are its released answers (ADR 188), with no
 * id, name or time, in random order after the named rows, filtered by the
 * release's day; while nothing is released, one row per response says why
 * its answers are hidden.
 */
export async function buildSurveyResponsesCsv(
  db: Db,
  actor: Actor,
  surveyId: number,
  filters: ResponseFilters,
  content: SurveyBlock | null,
): Promise<{ filename: string; body: string; rowCount: number }> {
  const survey = await getSurveyRecord(db, actor, surveyId);
  const fields = content ? listAnswerFields(content) : [];
  const placeColumns = {
    schoolName: schools.name,
    className: classes.name,
    assignmentStatus: effectiveStatusSql(assignments, new Date()),
  };
  const [named, released, unreleased] = await Promise.all([
    baseQuery(db, {
      ...placeColumns,
      id: responses.id,
      submittedAt: responses.submittedAt,
      firstName: students.firstName,
      lastName: students.lastName,
      answers: responses.answers,
    })
      .where(and(responseConditions(actor, surveyId, filters), eq(assignments.anonymous, false)))
      .orderBy(desc(responses.submittedAt), desc(responses.id)) as Promise<
      {
        schoolName: string;
        className: string;
        assignmentStatus: AssignmentStatus;
        id: number;
        submittedAt: Date;
        firstName: string;
        lastName: string;
        answers: Record<string, unknown>;
      }[]
    >,
    db
      .select({ ...placeColumns, answers: releasedAnswers.answers })
      .from(releasedAnswers)
      .innerJoin(anonymousReleases, eq(anonymousReleases.assignmentId, releasedAnswers.assignmentId))
      .innerJoin(assignments, eq(assignments.id, releasedAnswers.assignmentId))
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .innerJoin(schools, eq(schools.id, classes.schoolId))
      .where(
        and(
          responseConditions(actor, surveyId, filters, anonymousReleases.releasedAt),
          isNotNull(anonymousReleases.releasedAt),
        ),
      )
      .orderBy(sql`random()`),
    baseQuery(db, { ...placeColumns, minGroupSize: schools.minGroupSize })
      .leftJoin(anonymousReleases, eq(anonymousReleases.assignmentId, assignments.id))
      .where(
        and(
          responseConditions(actor, surveyId, filters),
          eq(assignments.anonymous, true),
          isNull(anonymousReleases.releasedAt),
        ),
      ) as Promise<
      { schoolName: string; className: string; assignmentStatus: AssignmentStatus; minGroupSize: number }[]
    >,
  ]);
  const header = [
    "Response id",
    "School",
    "Class",
    "Assignment status",
    "Student",
    "Submitted at (UTC)",
    ...fields.map(fieldLabel),
  ];
  const lines: (string | null)[][] = [header];
  for (const row of named) {
    lines.push([
      String(row.id),
      row.schoolName,
      row.className,
      row.assignmentStatus,
      `${row.firstName} ${row.lastName}`,
      row.submittedAt.toISOString(),
      ...fields.map((field) => answerText(field, row.answers?.[field.uid])),
    ]);
  }
  // Anonymous rows: no response id, no name, no time.
  const anonymousRow = (
    row: { schoolName: string; className: string; assignmentStatus: string },
    cells: (string | null)[],
  ) => ["", row.schoolName, row.className, row.assignmentStatus, "(anonymous)", "", ...cells];
  for (const row of released)
    lines.push(
      anonymousRow(
        row,
        fields.map((field) => answerText(field, row.answers?.[field.uid])),
      ),
    );
  for (const row of unreleased) {
    // Small-group protection: nothing of this anonymous assignment is released yet.
    const threshold = Math.max(MIN_GROUP_SIZE_FLOOR, row.minGroupSize);
    lines.push(
      anonymousRow(
        row,
        fields.map(() => `(hidden: fewer than ${threshold} responses)`),
      ),
    );
  }
  await recordIdentifiedResponsesRead(db, actor, {
    targetType: "survey",
    targetId: surveyId,
    schoolId: actor.schoolId,
    identifiedCount: named.length,
    via: "admin responses CSV",
    details: { filters },
  });
  const slug = survey.fullSlug.split("/").pop() || `survey-${survey.id}`;
  return { filename: `${slug}-responses.csv`, body: csvRows(lines), rowCount: lines.length - 1 };
}
