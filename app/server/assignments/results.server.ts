/**
 * An assignment's results. Every statistic is computed by PostgreSQL:
 * answers are grouped by (block _uid, value) straight from the jsonb column,
 * and the long lists (free-text answers, who has and has not responded) are
 * capped in SQL. The work in JavaScript is proportional to the number of
 * questions and options, not to the number of responses, so 5,000 responses
 * render in the same order of time as 30.
 */
import { type Column, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { FaceMood } from "~/lib/face-scale";
import { DEFAULT_MIN_GROUP_SIZE, groupProtectionMessage, MIN_GROUP_SIZE_FLOOR } from "~/lib/privacy";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import { recordIdentifiedResponsesRead } from "../audit/audit-log.server";
import { assignmentSummaryColumns } from "../classes/class-dashboard.server";
import { type Actor, preparedPerScope, scopeValues } from "../classes/class-scope.server";
import { answerText, fieldLabel } from "../csv/answer-columns.server";
import { csvRows } from "../csv/csv.server";
import type { Db } from "../db/client.server";
import { aliased, type JsonRow, jsonList, selectRows } from "../db/json-rows.server";
import { assignments, classes, classStudents, responses, schools, students } from "../db/schema.server";
import { conflict } from "../errors.server";
import {
  choiceTallyKey,
  groupTallies,
  optionTallyKey,
  type QuestionTallies,
  responseCountOf,
  type TallyRow,
  talliesQuery,
} from "../responses/tallies.server";
import { assignmentInScope, selectAssignmentWhere, throwAssignmentNotFound } from "./assignment-scope.server";
import { type AssignmentSummary, getAssignment } from "./assignments.server";
import { atTime } from "./effective-status.server";
import { getReleaseState, listReleasedAnswers, releasedResults, writtenText } from "./releases.server";
import type { SurveyContentLookup } from "./survey-content.server";

export interface OptionCount {
  label: string;
  count: number;
  /** A face scale's face (docs/product.md#face-scales); absent for options and choices. */
  face?: FaceMood;
}

export type QuestionResult =
  | {
      uid: string;
      kind: "option" | "choice";
      prompt: string;
      questionNumber: number | null;
      answeredCount: number;
      options: OptionCount[];
    }
  | {
      uid: string;
      kind: "freetext";
      prompt: string;
      questionNumber: number;
      answeredCount: number;
      answers: { studentName: string | null; text: string }[];
    }
  | {
      uid: string;
      kind: "drawing";
      prompt: string;
      questionNumber: null;
      answeredCount: number;
      /** The latest drawings described instead in words (issue 37), with names as for free text. */
      descriptions: { studentName: string | null; text: string }[];
    };

/** An option or choice question's distribution from its tallies (ADR 066), one count per option in the survey's order. */
export function optionCounts(
  field: Extract<AnswerField, { kind: "option" | "choice" }>,
  tallies: QuestionTallies | undefined,
): OptionCount[] {
  const byValue = tallies?.byValue;
  if (field.kind === "option")
    return field.options.map((option) => ({
      label: option.label,
      count: byValue?.get(optionTallyKey(option.index)) ?? 0,
      ...(option.face ? { face: option.face } : {}),
    }));
  return field.choices.map((choice) => ({ label: choice, count: byValue?.get(choiceTallyKey(choice)) ?? 0 }));
}

/** The students a result lists by name, and the rows the ids are picked from. */
const listed = alias(students, "listed");
const ranked = alias(students, "ranked");
const rankedResponses = alias(responses, "rr");
const studentRefFields = { id: listed.id, firstName: listed.firstName, lastName: listed.lastName };

export type StudentRef = JsonRow<typeof studentRefFields>;

/**
 * Above this many candidates per name listed (1,000 for the screen's 200) a
 * name list walks the school's students in name order instead of sorting
 * every candidate: sorting a few hundred costs less than the walk, sorting
 * 5,000 more.
 */
const SORT_AT_MOST_PER_NAME = 5;

/**
 * The first `limit` students in name order, as a typed list (`extra`: the
 * list's own fields, read only for the students listed). While `walk` is
 * false, the candidates (`ids`, a subquery of student ids) are picked by id
 * (`= any(array(...))`, an index scan whatever the table's size) and sorted;
 * while it is true, the class's school's students are walked in name order
 * (students_school_name_idx), those `where` keeps are taken, and the walk
 * stops at the limit: a class of 5,000 costs about what 200 names do.
 */
function firstStudentsByName<T extends Record<string, SQL>>(
  candidates: { ids: SQL; schoolId: SQL | Column; where: SQL; walk: SQL },
  limit: number,
  extra: T,
  only: SQL,
) {
  const byName = (t: typeof listed | typeof ranked) => sql`${t.lastName}, ${t.firstName}, ${t.id}`;
  return jsonList(
    { ...studentRefFields, ...extra },
    sql`from ${aliased(listed)} where ${only} and ${listed.id} = any(case when ${candidates.walk}
      then array(select ${ranked.id} from ${aliased(ranked)}
        where ${ranked.schoolId} = ${candidates.schoolId} and ${candidates.where}
        order by ${byName(ranked)} limit ${limit})
      else array(select ${ranked.id} from ${aliased(ranked)} where ${ranked.id} = any(array(${candidates.ids}))
        order by ${byName(ranked)} limit ${limit}) end)`,
    byName(listed),
  );
}

/**
 * Small-group protection (docs/product.md#small-group-protection): an anonymous assignment's answers stay
 * hidden until at least `threshold` students (the school's minGroupSize) have
 * responded, so nobody can work out who answered what from a tiny group.
 */
export interface GroupProtection {
  threshold: number;
  /** True while nothing is released (ADR 188): no distributions and no written answers. */
  hidden: boolean;
  /** When the answers shown were released; null while none are. */
  releasedAt: Date | null;
  /** How many answers the results show. */
  releasedCount: number;
  /** Responses added or changed since: shown at the next release, once they number `threshold`. */
  unreleasedCount: number;
}

export interface AssignmentResults {
  assignment: AssignmentSummary;
  /** Set for anonymous assignments only. */
  groupProtection: GroupProtection | null;
  contentAvailable: boolean;
  studentCount: number;
  respondedCount: number;
  /** Responses from students currently on the roster, over the roster size, 0–100. */
  responseRatePercent: number;
  questions: QuestionResult[];
  responded: (StudentRef & { submittedAt: Date })[];
  respondedTotal: number;
  notResponded: StudentRef[];
  notRespondedTotal: number;
  /** How many names and free-text answers are listed at most (the CSV has all). */
  listLimit: number;
}

export { DEFAULT_MIN_GROUP_SIZE, groupProtectionMessage, MIN_GROUP_SIZE_FLOOR } from "~/lib/privacy";

/** The school's small-group threshold for this class (never below 3). */
export async function minGroupSizeForClass(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ minGroupSize: schools.minGroupSize })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.id, classId));
  return Math.max(MIN_GROUP_SIZE_FLOOR, row?.minGroupSize ?? DEFAULT_MIN_GROUP_SIZE);
}

async function schoolIdOfClass(db: Db, classId: number): Promise<number | null> {
  const [row] = await db.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId));
  return row?.schoolId ?? null;
}

const uidList = (uids: string[]): SQL =>
  sql.join(
    uids.map((uid) => sql`${uid}`),
    sql`, `,
  );
const uidArray = (uids: string[]): SQL => sql`array[${uidList(uids)}]::text[]`;

export async function getAssignmentResults(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  lookupContent: SurveyContentLookup,
  options: { listLimit?: number; freetextLimit?: number } = {},
): Promise<AssignmentResults> {
  const listLimit = options.listLimit ?? 200;
  // The screen shows the latest written answers per question; the CSV has every one.
  const freetextLimit = options.freetextLimit ?? 50;
  // Round trip 1: the assignment (its class checked against the actor's
  // scope), the roster counts and who has and has not responded.
  const overview = await selectOverview(db, actor, input, listLimit);
  const { summary, minGroupSize, studentCount } = overview;
  const anonymous = summary.anonymous;
  const assignmentId = summary.id;
  const content = await lookupContent(summary.surveyFullSlug);
  const fields: AnswerField[] = content ? listAnswerFields(content) : [];

  const groupedUids = fields.filter((f) => f.kind === "option" || f.kind === "choice").map((f) => f.uid);
  // Written answers: free text, and the drawings described instead (issue 37).
  const freetextUids = fields.filter((f) => f.kind === "freetext" || f.kind === "drawing").map((f) => f.uid);
  const allUids = fields.map((f) => f.uid);

  // Round trip 2: the distributions and the written answers. An anonymous
  // assignment's come from its last release (ADR 188), so they change only
  // when at least the threshold of responses have changed.
  const release = anonymous
    ? await releasedResults(db, assignmentId, {
        uids: allUids,
        byValueUids: groupedUids,
        freetextUids,
        freetextLimit,
      })
    : null;
  const answers = release
    ? { tallies: release.tallies, freetext: release.freetext.map((row) => ({ ...row, studentName: null })) }
    : await selectNamedAnswers(db, { assignmentId, allUids, groupedUids, freetextUids, freetextLimit });
  const { freetext, tallies } = answers;
  const { responded, notResponded } = overview;
  const answeredCount = (uid: string) => tallies.get(uid)?.answered ?? 0;

  const questions: QuestionResult[] = fields.map((field) => {
    if (field.kind === "option" || field.kind === "choice") {
      return {
        uid: field.uid,
        kind: field.kind,
        prompt: field.prompt,
        questionNumber: field.kind === "choice" ? field.questionNumber : null,
        answeredCount: answeredCount(field.uid),
        options: optionCounts(field, tallies.get(field.uid)),
      };
    }
    if (field.kind === "freetext") {
      return {
        uid: field.uid,
        kind: "freetext",
        prompt: field.prompt,
        questionNumber: field.questionNumber,
        answeredCount: answeredCount(field.uid),
        answers: freetext
          .filter((row) => row.uid === field.uid)
          .map((row) => ({ studentName: row.studentName, text: row.text })),
      };
    }
    return {
      uid: field.uid,
      kind: "drawing",
      prompt: field.prompt,
      questionNumber: null,
      answeredCount: answeredCount(field.uid),
      descriptions: freetext
        .filter((row) => row.uid === field.uid)
        .map((row) => ({ studentName: row.studentName, text: row.text })),
    };
  });

  const respondedCount = summary.responseCount;
  // Anonymous: counted over every response, never the roster's: taking a child
  // off the roster and back would otherwise say whether they answered.
  const respondedOnRoster = anonymous ? Math.min(respondedCount, studentCount) : overview.respondedOnRoster;
  const threshold = Math.max(MIN_GROUP_SIZE_FLOOR, minGroupSize ?? DEFAULT_MIN_GROUP_SIZE);
  const groupProtection: GroupProtection | null = release
    ? {
        threshold,
        hidden: release.releasedAt === null,
        releasedAt: release.releasedAt,
        releasedCount: release.releasedCount,
        unreleasedCount: release.unreleasedCount,
      }
    : null;
  if (actor.role === "admin" && !anonymous) {
    await recordIdentifiedResponsesRead(db, actor, {
      targetType: "assignment",
      targetId: assignmentId,
      schoolId: overview.schoolId,
      identifiedCount: respondedCount,
      via: "class results",
    });
  }
  return {
    assignment: summary,
    groupProtection,
    contentAvailable: content !== null,
    studentCount,
    respondedCount,
    responseRatePercent: studentCount === 0 ? 0 : Math.round((respondedOnRoster / studentCount) * 100),
    questions: groupProtection?.hidden ? [] : questions,
    responded,
    respondedTotal: respondedCount,
    notResponded,
    // Responses are one per student: the roster's students without one.
    notRespondedTotal: Math.max(0, studentCount - respondedOnRoster),
    listLimit,
  };
}

interface Overview {
  summary: AssignmentSummary;
  schoolId: number;
  minGroupSize: number | null;
  studentCount: number;
  respondedOnRoster: number;
  responded: (StudentRef & { submittedAt: Date })[];
  notResponded: StudentRef[];
}

/**
 * The assignment in its class, checked against the actor's scope, with the
 * roster counts and the first `listLimit` names who have responded, as JSON
 * subqueries: one round trip; the names who have not are a second one, only
 * while someone on the roster has not responded. Anonymous: no names at all;
 * each student's page says only "responded" or "not yet".
 */
/**
 * The overview's fields. The ids as values, not the outer row's columns: the
 * planner then knows this class's and assignment's own sizes (a class of
 * 5,000 is not planned as the average class).
 */
function overviewFields(a: number, classId: number, listLimit: number, walkAbove: number) {
  return {
    ...assignmentSummaryColumns,
    schoolId: classes.schoolId,
    minGroupSize: schools.minGroupSize,
    // The roster's size and how many on it responded, in one pass over the roster.
    rosterCounts: sql<[number, number]>`(select array[count(*)::int, count(r.id)::int] from ${classStudents} cs
        left join ${responses} r on r.assignment_id = ${a} and r.student_id = cs.student_id
        where cs.class_id = ${classId})`,
    // Anonymous: no names at all.
    responded: firstStudentsByName(
      {
        ids: sql`select ${rankedResponses.studentId} from ${aliased(rankedResponses)} where ${rankedResponses.assignmentId} = ${a}`,
        schoolId: classes.schoolId,
        where: sql`exists (select 1 from ${aliased(rankedResponses)}
          where ${rankedResponses.assignmentId} = ${a} and ${rankedResponses.studentId} = ${ranked.id})`,
        walk: sql`${responseCountOf(assignments.id)} > ${walkAbove}`,
      },
      listLimit,
      {
        submittedAt: sql`(select ${rankedResponses.submittedAt} from ${aliased(rankedResponses)}
            where ${rankedResponses.assignmentId} = ${a} and ${rankedResponses.studentId} = ${listed.id})`.mapWith(
          rankedResponses.submittedAt,
        ),
      },
      sql`not ${assignments.anonymous}`,
    ),
  };
}

/** A number of the prepared overview, filled at execute (the placeholders are typed as the values they stand for). */
const placeholder = (name: string) => sql.placeholder(name) as unknown as number;

/**
 * The overview's query, prepared once per database and kind of scope (ADR 063): drizzle built
 * its query object on every request, more CPU than the statement itself (issue 34, docs/performance.md).
 */
const overviewQuery = preparedPerScope("assignment_results_overview", (db, actor, name) => {
  const ref = { assignmentId: placeholder("assignmentId"), classId: placeholder("classId") };
  const fields = overviewFields(ref.assignmentId, ref.classId, placeholder("listLimit"), placeholder("walkAbove"));
  return selectAssignmentWhere(db, fields, assignmentInScope(actor, ref)).prepare(name);
});

async function selectOverview(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  listLimit: number,
): Promise<Overview> {
  const [found] = await overviewQuery(db, actor).execute({
    ...input,
    ...scopeValues(actor),
    listLimit,
    walkAbove: SORT_AT_MOST_PER_NAME * listLimit,
  });
  if (!found) return throwAssignmentNotFound(db, actor, input.classId);
  // Drizzle's types do not follow a selection through joins; every join is inner, so a row has every field.
  const row = found as SelectResultFields<ReturnType<typeof overviewFields>>;
  const { schoolId, minGroupSize, rosterCounts, responded, ...summary } = row;
  const [studentCount, respondedOnRoster] = rosterCounts;
  // Everyone on the roster has responded (the usual end of a survey): no list to look for.
  const notResponded =
    summary.anonymous || respondedOnRoster >= studentCount
      ? []
      : await selectNotResponded(
          db,
          { classId: input.classId, assignmentId: summary.id, missing: studentCount - respondedOnRoster },
          listLimit,
        );
  return {
    summary: atTime(summary, new Date()),
    schoolId,
    minGroupSize,
    studentCount,
    respondedOnRoster,
    responded,
    notResponded,
  };
}

/** The first `listLimit` of the `missing` students on the roster who have not responded, in name order. */
async function selectNotResponded(
  db: Db,
  input: { classId: number; assignmentId: number; missing: number },
  listLimit: number,
): Promise<StudentRef[]> {
  const hasNotResponded = (id: SQL | Column) =>
    sql`not exists (select 1 from ${aliased(rankedResponses)}
      where ${rankedResponses.assignmentId} = ${input.assignmentId} and ${rankedResponses.studentId} = ${id})`;
  const [row] = await db
    .select({
      notResponded: firstStudentsByName(
        {
          ids: sql`select ${classStudents.studentId} from ${classStudents}
            where ${classStudents.classId} = ${input.classId} and ${hasNotResponded(classStudents.studentId)}`,
          schoolId: classes.schoolId,
          where: sql`exists (select 1 from ${classStudents}
            where ${classStudents.classId} = ${input.classId} and ${classStudents.studentId} = ${ranked.id})
            and ${hasNotResponded(ranked.id)}`,
          walk: sql.raw(input.missing > SORT_AT_MOST_PER_NAME * listLimit ? "true" : "false"),
        },
        listLimit,
        {},
        sql`true`,
      ),
    })
    .from(classes)
    .where(eq(classes.id, input.classId));
  return row?.notResponded ?? [];
}

/**
 * A named assignment's distributions (one row per question and value for
 * option and choice questions, one per question for the rest: how many
 * answered) and its latest written answers with names, in one round trip.
 */
async function selectNamedAnswers(
  db: Db,
  input: {
    assignmentId: number;
    allUids: string[];
    groupedUids: string[];
    freetextUids: string[];
    freetextLimit: number;
  },
): Promise<{ tallies: Map<string, QuestionTallies>; freetext: { uid: string; text: string; studentName: string }[] }> {
  const { assignmentId, allUids, groupedUids, freetextUids, freetextLimit } = input;
  if (allUids.length === 0) return { tallies: new Map(), freetext: [] };
  // The distributions come from the running totals (ADR 066): a few rows per
  // question whether the assignment has 30 responses or 5,000.
  const counts = talliesQuery(assignmentId, allUids, groupedUids);
  // The latest answers per question, walking the assignment's responses
  // newest first (responses_assignment_submitted_idx) and stopping at the
  // limit, so 5,000 responses cost what 50 do.
  const freetext =
    freetextUids.length === 0
      ? null
      : sql`
            select k.uid, x.text, x.first_name, x.last_name
            from unnest(${uidArray(freetextUids)}) with ordinality as k(uid, ord)
            cross join lateral (
              select ${writtenText(sql`r.answers -> k.uid`)} as text, s.first_name, s.last_name
              from ${responses} r
              join ${students} s on s.id = r.student_id
              where r.assignment_id = ${assignmentId}
                and btrim(${writtenText(sql`r.answers -> k.uid`)}) <> ''
              order by r.submitted_at desc nulls last, r.id desc nulls last
              limit ${freetextLimit}
            ) x
            order by k.ord`;
  const [row] = await selectRows<{
    counts: TallyRow[] | null;
    freetext: { uid: string; text: string; first_name: string; last_name: string }[] | null;
  }>(
    db,
    sql`select (select json_agg(c) from (${counts}) c) as counts,
               ${freetext ? sql`(select json_agg(f) from (${freetext}) f)` : sql`null`} as freetext`,
  );
  return {
    tallies: groupTallies(allUids, row?.counts ?? []),
    freetext: (row?.freetext ?? []).map((f) => ({
      uid: f.uid,
      text: f.text,
      studentName: `${f.first_name} ${f.last_name}`,
    })),
  };
}

export interface ResponsesCsv {
  filename: string;
  body: string;
}

/** The class results CSV's own column headers (before one column per question). */
export const CSV_HEADERS = ["First name", "Last name", "Submitted at (UTC)"] as const;

/** Every response of the assignment as CSV: one row per respondent, one column per question. */
export async function buildResponsesCsv(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  lookupContent: SurveyContentLookup,
  /** Translates the fixed column headers (keys: the English headers) into the reader's language; English without it. */
  translateHeader: (header: string) => string = (header) => header,
): Promise<ResponsesCsv> {
  const summary = await getAssignment(db, actor, input.classId, input.assignmentId);
  const content = await lookupContent(summary.surveyFullSlug);
  const fields = content ? listAnswerFields(content) : [];
  if (summary.anonymous) return anonymousResponsesCsv(db, input.classId, summary, fields);
  // Option answers are turned into their labels by PostgreSQL too.
  const columns = fields.map((field, index) => {
    const value = sql`r.answers -> ${field.uid}`;
    if (field.kind === "option" && field.options.length > 0) {
      const cases = sql.join(
        field.options.map((option) => sql`when ${value} #>> '{}' = ${String(option.index)} then ${option.label}`),
        sql` `,
      );
      return sql`case ${cases} else ${value} #>> '{}' end as ${sql.identifier(`q${index}`)}`;
    }
    // A drawing's cell says whether there is one and what the child wrote instead (answerText).
    if (field.kind === "drawing") return sql`${value} as ${sql.identifier(`q${index}`)}`;
    return sql`${value} #>> '{}' as ${sql.identifier(`q${index}`)}`;
  });
  const rows = await selectRows<Record<string, string | null>>(
    db,
    sql`
      select s.first_name, s.last_name, to_char(r.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as submitted_at
             ${columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
      from ${responses} r join ${students} s on s.id = r.student_id
      where r.assignment_id = ${summary.id}
      order by s.last_name, s.first_name, s.id`,
  );
  const header = [...CSV_HEADERS.map((text) => translateHeader(text)), ...fields.map((field) => fieldLabel(field))];
  const lines = [
    header,
    ...rows.map((row) => [
      row.first_name,
      row.last_name,
      row.submitted_at,
      ...fields.map((field, index) => {
        const cell = row[`q${index}`];
        return field.kind === "drawing" ? answerText(field, cell) : cell;
      }),
    ]),
  ];
  if (actor.role === "admin") {
    await recordIdentifiedResponsesRead(db, actor, {
      targetType: "assignment",
      targetId: summary.id,
      schoolId: await schoolIdOfClass(db, input.classId),
      identifiedCount: rows.length,
      via: "class results CSV",
    });
  }
  return { filename: csvFilename(summary), body: csvRows(lines) };
}

function csvFilename(summary: AssignmentSummary): string {
  const slug = summary.surveyFullSlug.split("/").pop() || `assignment-${summary.id}`;
  return `${slug}-responses.csv`;
}

/**
 * An anonymous assignment's CSV: its last release (ADR 188), with no student
 * columns, no submission time, in the release's random order. Refused (409)
 * while nothing is released.
 */
async function anonymousResponsesCsv(
  db: Db,
  classId: number,
  summary: AssignmentSummary,
  fields: AnswerField[],
): Promise<ResponsesCsv> {
  const state = await getReleaseState(db, summary.id);
  if (state.releasedAt === null) {
    const threshold = await minGroupSizeForClass(db, classId);
    throw conflict(groupProtectionMessage(threshold, summary.responseCount));
  }
  const released = await listReleasedAnswers(db, summary.id);
  const lines = [
    fields.map((field) => fieldLabel(field)),
    ...released.map((answers) => fields.map((field) => answerText(field, answers[field.uid]))),
  ];
  return { filename: csvFilename(summary), body: csvRows(lines) };
}
