/**
 * Survey responses across classes, for admins: the registry with counts, and
 * one survey's responses filtered by school, class, assignment status and
 * submission date range, paginated, with a CSV export of the filtered set.
 * Scope: a platform admin sees every class, a school admin their school's
 * classes (classScopeCondition). Anonymous assignments never show names,
 * and the CSV hides their answers until the school's small-group threshold is met.
 */
import { and, asc, count, countDistinct, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { isoDateParam } from "~/lib/schemas/dates";
import { recordIdSchema } from "~/lib/schemas/ids";
import { type AnswerField, listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import { MIN_GROUP_SIZE_FLOOR } from "../assignments/results.server";
import { recordIdentifiedResponsesRead } from "../audit/audit-log.server";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import { csvRows } from "../csv/csv.server";
import type { Db } from "../db/client.server";
import {
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
  assignments,
  classes,
  responses,
  schools,
  students,
  surveys,
} from "../db/schema.server";
import { notFound } from "../errors.server";
import { assertAdmin } from "../users/scope.server";
import { parseSearchParams } from "../web/search-params.server";
import { responseCountOf } from "./tallies.server";

export const RESPONSES_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

export interface SurveyOverviewItem {
  id: number;
  fullSlug: string;
  title: string;
  removed: boolean;
  assignedClassCount: number;
  responseCount: number;
}

/** The registry's surveys with how many classes (in scope) they are assigned to and their responses. */
export async function listSurveyOverview(db: Db, actor: Actor): Promise<SurveyOverviewItem[]> {
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

/** The filters a query string may carry: out of range or unknown values are refused (parseSearchParams). */
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
  page: z.coerce
    .number({ message: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .max(1_000_000, "page must be at most 1000000")
    .optional(),
  pageSize: z.coerce
    .number({ message: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(RESPONSES_MAX_PAGE_SIZE, `pageSize must be at most ${RESPONSES_MAX_PAGE_SIZE}`)
    .optional(),
});
export type ResponseFilters = z.infer<typeof responseFiltersSchema>;

/** Filters from a query string; a malformed or out-of-range value is a 400 that names it, never a 500. */
export function responseFiltersFromSearch(params: URLSearchParams): ResponseFilters {
  return parseSearchParams(responseFiltersSchema, params);
}

function responseConditions(actor: Actor, surveyId: number, filters: ResponseFilters): SQL | undefined {
  return and(
    eq(assignments.surveyId, surveyId),
    classScopeCondition(actor),
    filters.schoolId ? eq(classes.schoolId, filters.schoolId) : undefined,
    filters.classId ? eq(classes.id, filters.classId) : undefined,
    filters.status ? eq(assignments.status, filters.status) : undefined,
    filters.from ? gte(responses.submittedAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(responses.submittedAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
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

const responseColumns = {
  id: responses.id,
  submittedAt: responses.submittedAt,
  firstName: students.firstName,
  lastName: students.lastName,
  classId: classes.id,
  className: classes.name,
  schoolId: schools.id,
  schoolName: schools.name,
  assignmentId: assignments.id,
  assignmentStatus: assignments.status,
  anonymous: assignments.anonymous,
};

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
  const rows = (await baseQuery(db, responseColumns)
    .where(where)
    // Named rows newest first; anonymous rows after them, in an order that has
    // nothing to do with when (or who) answered but stays put from page to page.
    .orderBy(
      asc(assignments.anonymous),
      sql`case when ${assignments.anonymous} then md5(${responses.answers}::text) end`,
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

export interface ResponseFilterChoices {
  schools: { id: number; name: string }[];
  classes: { id: number; name: string; schoolName: string }[];
}

/** The schools and classes (in scope) this survey is assigned to: what the filters offer. */
export async function listResponseFilterChoices(
  db: Db,
  actor: Actor,
  surveyId: number,
): Promise<ResponseFilterChoices> {
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

function fieldLabel(field: AnswerField): string {
  const prompt = field.prompt.trim() || field.kind;
  return "questionNumber" in field ? `${field.questionNumber}. ${prompt}` : prompt;
}

function answerText(field: AnswerField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.kind === "option") {
    const option = field.options.find((candidate) => String(candidate.index) === String(value));
    return option ? option.label : String(value);
  }
  if (field.kind === "drawing") return "drawing";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Every response matching the filters (all pages) as CSV: school, class,
 * assignment status, student, submitted at, then one column per question.
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
  const rows = (await baseQuery(db, {
    ...responseColumns,
    answers: responses.answers,
    groupCount: responseCountOf(assignments.id),
    minGroupSize: schools.minGroupSize,
  })
    .where(responseConditions(actor, surveyId, filters))
    // Named rows newest first; anonymous rows after them in random order, so
    // their place in the file says nothing about when (or who) answered.
    .orderBy(
      asc(assignments.anonymous),
      sql`case when ${assignments.anonymous} then random() end`,
      desc(responses.submittedAt),
      desc(responses.id),
    )) as (Omit<ResponseRow, "studentName" | "id" | "submittedAt"> & {
    id: number;
    submittedAt: Date;
    firstName: string;
    lastName: string;
    answers: Record<string, unknown>;
    groupCount: number;
    minGroupSize: number;
  })[];
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
  for (const row of rows) {
    const threshold = Math.max(MIN_GROUP_SIZE_FLOOR, row.minGroupSize);
    // Small-group protection: an anonymous class with too few responses shows no answers.
    const hidden = row.anonymous && row.groupCount < threshold;
    lines.push([
      row.anonymous ? "" : String(row.id),
      row.schoolName,
      row.className,
      row.assignmentStatus,
      row.anonymous ? "(anonymous)" : `${row.firstName} ${row.lastName}`,
      row.anonymous ? "" : row.submittedAt.toISOString(),
      ...fields.map((field) =>
        hidden ? `(hidden: fewer than ${threshold} responses)` : answerText(field, row.answers?.[field.uid]),
      ),
    ]);
  }
  await recordIdentifiedResponsesRead(db, actor, {
    targetType: "survey",
    targetId: surveyId,
    schoolId: actor.schoolId,
    identifiedCount: rows.filter((row) => !row.anonymous).length,
    via: "admin responses CSV",
    details: { filters },
  });
  const slug = survey.fullSlug.split("/").pop() || `survey-${survey.id}`;
  return { filename: `${slug}-responses.csv`, body: csvRows(lines), rowCount: rows.length };
}
