/**
 * The counts behind the trends and school views (docs/product.md#over-time-and-across-classes):
 * for many assignments at once (a series' rounds, or one per class), how many
 * respondents each has and each question's counts per value, in ONE query
 * whatever the number of assignments (docs/performance.md).
 *
 * A named assignment's counts are its running totals (response_tallies,
 * ADR 066); an anonymous assignment's are its last release only
 * (released_tallies, ADR 188; app/server/assignments/releases.server.ts):
 * nothing released counts as nobody, so unreleased answers never move a view.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnswerField } from "~/lib/survey-content";
import type { Db } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { anonymousReleases, assignments, releasedTallies, responseTallies } from "../db/schema.server";
import { choiceTallyKey, optionTallyKey } from "../responses/tallies.server";

/** The questions the views count: options, choices and face scales (written answers and drawings are never aggregated). */
export type CountedField = Extract<AnswerField, { kind: "option" | "choice" }>;

export function countedFields(fields: AnswerField[]): CountedField[] {
  return fields.filter((field): field is CountedField => field.kind === "option" || field.kind === "choice");
}

/** One assignment's counts: respondents, and per question uid the count per value key ('' = answered). */
export interface AssignmentCounts {
  respondents: number;
  byQuestion: Map<string, Map<string, number>>;
}

const textArray = (values: string[]): SQL =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/**
 * The counts of the assignments `assignmentIds` (the ids the caller has already read, so no
 * subquery runs twice), keyed by assignment id. An assignment without rows has no respondents.
 */
export async function countsOfAssignments(
  db: Db,
  assignmentIds: number[],
  uids: string[],
): Promise<Map<number, AssignmentCounts>> {
  const counts = new Map<number, AssignmentCounts>();
  if (assignmentIds.length === 0) return counts;
  // One row per assignment, its tallies as a JSON list of [question uid, value key, count]: PGlite
  // decodes one row of JSON much faster than 36 rows of three columns (docs/performance.md).
  const rows = await selectRows<{ a: number; v: [string, string, number | string][] }>(
    db,
    sql`with chosen as (
          select a.id, a.anonymous from ${assignments} a
           where a.id = any(array[${sql.join(
             assignmentIds.map((id) => sql`${id}`),
             sql`, `,
           )}]::integer[])
        ), picked as (
          select t.assignment_id as a, t.question_uid as uid, t.value_key as key, t.count as n
            from ${responseTallies} t join chosen c on c.id = t.assignment_id and not c.anonymous
           where t.question_uid = '' and t.value_key = '' or t.question_uid = any(${textArray(uids)})
          union all
          select rt.assignment_id, rt.question_uid, rt.value_key, rt.count
            from ${releasedTallies} rt join chosen c on c.id = rt.assignment_id and c.anonymous
            join ${anonymousReleases} ar on ar.assignment_id = rt.assignment_id and ar.released_at is not null
           where rt.question_uid = '' and rt.value_key = '' or rt.question_uid = any(${textArray(uids)})
        )
        select a, json_agg(json_build_array(uid, key, n)) as v from picked group by a`,
  );
  for (const row of rows) {
    const entry: AssignmentCounts = { respondents: 0, byQuestion: new Map() };
    counts.set(Number(row.a), entry);
    for (const [uid, key, n] of row.v) {
      if (uid === "") {
        if (key === "") entry.respondents = Number(n);
        continue;
      }
      let question = entry.byQuestion.get(uid);
      if (!question) {
        question = new Map();
        entry.byQuestion.set(uid, question);
      }
      question.set(key, Number(n));
    }
  }
  return counts;
}

/** A question's counts in one cell, one per option in the survey's order. */
export interface QuestionCounts {
  uid: string;
  answered: number;
  counts: number[];
  /** A face scale's mean and median face (1 = the least happy), over who answered; null for other questions or nobody. */
  mean: number | null;
  median: number | null;
}

/** The value keys of a field's options, in the survey's order. */
export function optionKeys(field: CountedField): string[] {
  return field.kind === "option"
    ? field.options.map((option) => optionTallyKey(option.index))
    : field.choices.map((choice) => choiceTallyKey(choice));
}

export function isFaceScale(field: CountedField): boolean {
  return field.kind === "option" && field.options.length > 0 && field.options.every((option) => option.face);
}

/** Sums several assignments' counts (a group's shown classes): the caller decides which may be summed. */
export function sumCounts(parts: AssignmentCounts[]): AssignmentCounts {
  const total: AssignmentCounts = { respondents: 0, byQuestion: new Map() };
  for (const part of parts) {
    total.respondents += part.respondents;
    for (const [uid, values] of part.byQuestion) {
      const into = total.byQuestion.get(uid) ?? new Map<string, number>();
      for (const [key, n] of values) into.set(key, (into.get(key) ?? 0) + n);
      total.byQuestion.set(uid, into);
    }
  }
  return total;
}

/** Each counted question of a cell, in the survey's order. */
export function questionCounts(fields: CountedField[], cell: AssignmentCounts): QuestionCounts[] {
  return fields.map((field) => {
    const values = cell.byQuestion.get(field.uid);
    const counts = optionKeys(field).map((key) => values?.get(key) ?? 0);
    const answered = values?.get("") ?? 0;
    const scale = isFaceScale(field) ? faceStatistics(counts) : { mean: null, median: null };
    return { uid: field.uid, answered, counts, ...scale };
  });
}

/** Mean and median of face positions 1…n from the count of each face. */
export function faceStatistics(counts: number[]): { mean: number | null; median: number | null } {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return { mean: null, median: null };
  const mean = counts.reduce((sum, n, index) => sum + n * (index + 1), 0) / total;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const [index, n] of counts.entries()) {
      seen += n;
      if (rank < seen) return index + 1;
    }
    return counts.length;
  };
  const median = total % 2 === 1 ? valueAt((total - 1) / 2) : (valueAt(total / 2 - 1) + valueAt(total / 2)) / 2;
  return { mean: Math.round(mean * 100) / 100, median };
}
