/**
 * What the live results stream sends (ADR 206): an assignment's counts as of
 * now, read from the running totals (response_tallies, ADR 066) or, for an
 * anonymous assignment, from its last release (released_tallies, ADR 188),
 * so each event costs a few rows whether the assignment has 30 responses or
 * 5,000. No names, no written answers: the results screen reloads its own
 * data when the counts move. An anonymous assignment's snapshot holds nothing
 * that moves between its releases (issue #35): its counts are the release's,
 * and its change counter moves at releases only (drizzle/0011), so a stream
 * never shows the moment one answer came in or changed.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_MIN_GROUP_SIZE, MIN_GROUP_SIZE_FLOOR } from "~/lib/privacy";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import {
  type AssignmentStatus,
  assignmentChanges,
  assignments,
  classes,
  classStudents,
  schools,
  surveys,
} from "../db/schema.server";
import {
  choiceTallyKey,
  groupTallies,
  optionTallyKey,
  type QuestionTallies,
  responseCountOf,
  type TallyRow,
  talliesQuery,
} from "../responses/tallies.server";
import { selectAssignmentInScope } from "./assignment-scope.server";
import { effectiveStatusSql } from "./effective-status.server";
import { releasedResults } from "./releases.server";
import type { SurveyContentLookup } from "./survey-content.server";

export interface LiveQuestionCounts {
  uid: string;
  /** How many answered the question. */
  answered: number;
  /** Option and choice questions: how many gave each option, in the question's order. */
  counts: number[] | null;
}

export interface LiveResults {
  assignmentId: number;
  status: AssignmentStatus;
  anonymous: boolean;
  /** The assignment's change counter (assignment_changes.seq): moves with every change; an anonymous assignment's only at its releases. */
  changeSeq: number;
  /** How many responded; an anonymous assignment's as of its last release. */
  responseCount: number;
  studentCount: number;
  /** Anonymous assignments: what the last release holds (ADR 188); null otherwise. */
  release: { threshold: number; releasedCount: number } | null;
  /** Per question; empty while an anonymous assignment has released nothing. */
  questions: LiveQuestionCounts[];
}

/**
 * The live counts of an assignment the actor may see (the results screen's
 * permission: another school's or teacher's assignment is NotFound).
 */
export async function getLiveResults(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  lookupContent: SurveyContentLookup,
): Promise<LiveResults> {
  const row = await selectAssignmentInScope(db, actor, input, {
    id: assignments.id,
    status: effectiveStatusSql(assignments, new Date()),
    anonymous: assignments.anonymous,
    surveyFullSlug: surveys.fullSlug,
    minGroupSize: schools.minGroupSize,
    changeSeq: sql<number>`coalesce((select ${assignmentChanges.seq} from ${assignmentChanges}
        where ${assignmentChanges.assignmentId} = ${assignments.id}), 0)`.mapWith(Number),
    responseCount: responseCountOf(assignments.id).mapWith(Number),
    studentCount: sql<number>`(select count(*)::int from ${classStudents} cs where cs.class_id = ${classes.id})`,
  });
  const content = await lookupContent(row.surveyFullSlug);
  const fields: AnswerField[] = content ? listAnswerFields(content) : [];
  const uids = fields.map((field) => field.uid);
  const byValueUids = fields.filter((f) => f.kind === "option" || f.kind === "choice").map((f) => f.uid);
  const threshold = Math.max(MIN_GROUP_SIZE_FLOOR, row.minGroupSize ?? DEFAULT_MIN_GROUP_SIZE);

  let tallies: Map<string, QuestionTallies>;
  let release: LiveResults["release"] = null;
  let hidden = false;
  let responseCount = row.responseCount;
  if (row.anonymous) {
    // Only the release: nothing here moves with one answer, nor narrows one to fewer than the threshold.
    const released = await releasedResults(db, row.id, { uids, byValueUids, freetextUids: [], freetextLimit: 0 });
    tallies = released.tallies;
    release = { threshold, releasedCount: released.releasedCount };
    responseCount = released.releasedCount;
    hidden = released.releasedAt === null;
  } else if (uids.length === 0) {
    tallies = new Map();
  } else {
    const rows = await selectRows<TallyRow>(db, talliesQuery(row.id, uids, byValueUids));
    tallies = groupTallies(uids, rows);
  }

  return {
    assignmentId: row.id,
    status: row.status,
    anonymous: row.anonymous,
    changeSeq: row.changeSeq,
    responseCount,
    studentCount: row.studentCount,
    release,
    questions: hidden ? [] : fields.map((field) => questionCounts(field, tallies.get(field.uid))),
  };
}

function questionCounts(field: AnswerField, tallies: QuestionTallies | undefined): LiveQuestionCounts {
  const count = (key: string) => tallies?.byValue.get(key) ?? 0;
  const counts =
    field.kind === "option"
      ? field.options.map((option) => count(optionTallyKey(option.index)))
      : field.kind === "choice"
        ? field.choices.map((choice) => count(choiceTallyKey(choice)))
        : null;
  return { uid: field.uid, answered: tallies?.answered ?? 0, counts };
}
