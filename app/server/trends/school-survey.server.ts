/**
 * One survey across a school's classes, side by side and by year group
 * (classes.year_group), for the school's admins (a platform admin: any
 * school). Each class counts with its latest started assignment of the
 * survey (a single assignment or a series' latest round). The small-group
 * rule holds in every cell and total (suppression.server.ts). Two queries
 * whatever the number of classes: the classes with their latest round, then
 * every round's counts at once.
 */
import { eq, sql } from "drizzle-orm";
import { listAnswerFields } from "~/lib/survey-content";
import type { SurveyContentLookup } from "../assignments/survey-content.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { assignments, classes, schools, surveys } from "../db/schema.server";
import { notFound } from "../errors.server";
import { schoolInScope } from "../users/scope.server";
import { countedFields, countsOfAssignments } from "./round-tallies.server";
import { type Cell, cellOf, totalOf } from "./suppression.server";
import { type TrendQuestion, thresholdOf, trendQuestions } from "./trends.server";

export interface SchoolClassColumn {
  classId: number;
  className: string;
  yearGroup: string | null;
  assignmentId: number;
  startedAt: Date;
  cell: Cell;
}

export type TotalCell = Cell & { classesShown: number; classes: number };

export interface YearGroupColumn {
  /** The year group as typed on the classes (trimmed); null: classes without one. */
  yearGroup: string | null;
  classes: SchoolClassColumn[];
  total: TotalCell;
}

export interface SchoolSurveyView {
  schoolId: number;
  schoolName: string;
  /** The school's active classes, whether or not they started the survey (the first-time state says which it is). */
  schoolClassCount: number;
  surveyId: number;
  surveyTitle: string;
  threshold: number;
  contentAvailable: boolean;
  questions: TrendQuestion[];
  classes: SchoolClassColumn[];
  yearGroups: YearGroupColumn[];
  school: TotalCell;
}

export async function getSchoolSurveyView(
  db: Db,
  actor: Actor,
  input: { schoolId: number; surveyId: number },
  lookupContent: SurveyContentLookup,
): Promise<SchoolSurveyView> {
  if (!schoolInScope(actor, input.schoolId)) throw notFound("School not found");
  const [meta] = await db
    .select({
      schoolName: schools.name,
      minGroupSize: schools.minGroupSize,
      surveyTitle: sql<string>`(select ${surveys.title} from ${surveys} where ${surveys.id} = ${input.surveyId})`,
      surveyFullSlug: sql<string>`(select ${surveys.fullSlug} from ${surveys} where ${surveys.id} = ${input.surveyId})`,
      classCount: sql<number>`(select count(*)::int from ${classes} c where c.school_id = ${input.schoolId} and c.status = 'active')`,
    })
    .from(schools)
    .where(eq(schools.id, input.schoolId));
  if (!meta) throw notFound("School not found");
  if (meta.surveyFullSlug === null) throw notFound("Survey not found");
  // Each active class's latest started assignment of the survey. The survey's assignments are read
  // once (materialized), not once per class of the school as a join planned without statistics did.
  const rows = await selectRows<{
    id: number;
    class_id: number;
    started_at: string;
    name: string;
    year_group: string | null;
  }>(
    db,
    sql`with started as materialized (
          select id, class_id, started_at from ${assignments}
           where survey_id = ${input.surveyId} and started_at is not null
        ), latest as (
          select distinct on (a.class_id) a.id, a.class_id, a.started_at, c.name,
                 nullif(btrim(c.year_group), '') as year_group
            from started a join ${classes} c on c.id = a.class_id
           where c.school_id = ${input.schoolId} and c.status = 'active'
           order by a.class_id, a.started_at desc, a.id desc
        )
        select * from latest order by name, class_id`,
  );
  const content = await lookupContent(meta.surveyFullSlug);
  const fields = countedFields(content ? listAnswerFields(content) : []);
  const counts = await countsOfAssignments(
    db,
    rows.map((row) => row.id),
    fields.map((field) => field.uid),
  );
  const threshold = thresholdOf(meta.minGroupSize);
  const columns: (SchoolClassColumn & { counts: ReturnType<typeof counts.get> })[] = rows.map((row) => ({
    classId: row.class_id,
    className: row.name,
    yearGroup: row.year_group,
    assignmentId: row.id,
    startedAt: new Date(row.started_at),
    counts: counts.get(row.id),
    cell: cellOf(fields, counts.get(row.id), threshold),
  }));
  const groups = new Map<string | null, typeof columns>();
  for (const column of columns) groups.set(column.yearGroup, [...(groups.get(column.yearGroup) ?? []), column]);
  const strip = ({ counts: _counts, ...column }: (typeof columns)[number]): SchoolClassColumn => column;
  const yearGroups = [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, undefined, { numeric: true })))
    .map(([yearGroup, members]) => ({
      yearGroup,
      classes: members.map(strip),
      total: totalOf(fields, members, threshold),
    }));
  return {
    schoolId: input.schoolId,
    schoolName: meta.schoolName,
    schoolClassCount: Number(meta.classCount),
    surveyId: input.surveyId,
    surveyTitle: meta.surveyTitle,
    threshold,
    contentAvailable: content !== null,
    questions: trendQuestions(fields),
    classes: columns.map(strip),
    yearGroups,
    school: totalOf(fields, columns, threshold),
  };
}
