/**
 * Reading the running totals of responses (`response_tallies`, ADR 066).
 * The triggers of drizzle/0004_response_tallies.sql keep them; this module
 * only reads them, with the same keys the triggers write:
 * - '' for "answered" (and, with question '', for the response count);
 * - `n:<number>` for an option's index, `s:<md5>` for a choice's text.
 */
import { createHash } from "node:crypto";
import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import { responseTallies } from "../db/schema.server";

/** The value key of "answered, whatever the value". */
export const ANSWERED_KEY = "";

/** The value key of an option question's answer: the option's index. */
export function optionTallyKey(index: number): string {
  return `n:${index}`;
}

/** The value key of a choice question's answer: the md5 of the choice's text, as PostgreSQL's md5() gives it. */
export function choiceTallyKey(choice: string): string {
  return `s:${createHash("md5").update(choice, "utf8").digest("hex")}`;
}

/** How many responses an assignment has: one primary-key lookup whatever the number. */
export function responseCountOf(assignmentId: AnyColumn | SQL): SQL<number> {
  return sql<number>`coalesce((select t.count from ${responseTallies} t
    where t.assignment_id = ${assignmentId} and t.question_uid = '' and t.value_key = ''), 0)`;
}

export interface QuestionTallies {
  /** How many responses answered the question. */
  answered: number;
  /** Value key → how many gave it (questions asked for in `byValueUids` only). */
  byValue: Map<string, number>;
}

/** One tally row as `talliesQuery` selects it. */
export interface TallyRow {
  uid: string;
  value_key: string;
  count: number;
}

/**
 * The tally rows of an assignment's questions: every question's answered
 * count, and the per-value counts of the questions in `byValueUids` (option
 * and choice questions; a free-text question's values are never read). A
 * subquery, so a caller can fold it into a round trip of its own.
 */
export function talliesQuery(assignmentId: number, uids: string[], byValueUids: string[]): SQL {
  const questionUid = sql`t.question_uid`;
  return sql`
    select t.question_uid as uid, t.value_key, t.count
    from ${responseTallies} t
    where t.assignment_id = ${assignmentId}
      and ${inArray(questionUid, uids)}
      and (t.value_key = '' or ${inArray(questionUid, byValueUids)})`;
}

/** Tally rows grouped per question (questions without rows answered by nobody). */
export function groupTallies(uids: string[], rows: TallyRow[]): Map<string, QuestionTallies> {
  const tallies = new Map<string, QuestionTallies>(uids.map((uid) => [uid, { answered: 0, byValue: new Map() }]));
  for (const row of rows) {
    const question = tallies.get(row.uid);
    if (!question) continue;
    if (row.value_key === ANSWERED_KEY) question.answered = row.count;
    else question.byValue.set(row.value_key, row.count);
  }
  return tallies;
}
