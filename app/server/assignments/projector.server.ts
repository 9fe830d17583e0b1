/**
 * The projector view of an assignment's results (issue #26, ADR 208, ADR 209):
 * what the whole class may see on the wall. Distributions and counts come
 * from the running totals (response_tallies, ADR 066; released_tallies for
 * an anonymous assignment, ADR 188); written answers and drawings are listed
 * (the latest `answerLimit` per question) but their content leaves the
 * database only once a teacher of the class has revealed that answer. Names
 * are never read. A drawing question's answers include those described in
 * words instead of drawn (issue 37): the words, like a drawing, only once revealed.
 *
 * A reveal (table result_reveals) names one answer: `r:<response id>` for a
 * named assignment, `p:<released position>` for an anonymous one. It holds
 * the time of the version the teacher revealed (the response's submission,
 * or the release), so a changed answer or a new release is hidden again
 * until the teacher reveals it anew: a child's words never reach the wall
 * unchecked.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { isRecordId } from "~/lib/schemas/ids";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { anonymousReleases, releasedAnswers, responses, resultReveals } from "../db/schema.server";
import { conflict } from "../errors.server";
import { groupTallies, type TallyRow, talliesQuery } from "../responses/tallies.server";
import { type AssignmentSummary, getAssignment } from "./assignments.server";
import { releasedResults, writtenText } from "./releases.server";
import { minGroupSizeForClass, type OptionCount, optionCounts } from "./results.server";
import type { SurveyContentLookup } from "./survey-content.server";

/** How many written answers or drawings per question the projector lists at most: the latest ones. */
export const PROJECTOR_ANSWER_LIMIT = 30;

export const ANSWER_GONE_MESSAGE =
  "That answer has changed or is no longer there, so it stays hidden. Reload to see the answers as they are now.";

/** One written answer or drawing on the projector: its content only once revealed. */
export interface ProjectorAnswer {
  /** `r:<response id>` or `p:<released position>`: what Reveal and Hide post. */
  ref: string;
  /** Its number on the projector (1, 2, …), as the buttons name it. */
  number: number;
  revealed: boolean;
  /** The written answer, or a drawing's "describe it instead" text (issue 37), when revealed. */
  text: string | null;
  /** The drawing's image for the teacher's session, when revealed (null when it was only described). */
  imageUrl: string | null;
}

interface QuestionBase {
  uid: string;
  title: string;
  answeredCount: number;
}

export type ProjectorQuestion =
  | (QuestionBase & { kind: "option"; options: OptionCount[] })
  | (QuestionBase & { kind: "choice"; options: OptionCount[] })
  | (QuestionBase & { kind: "freetext"; answers: ProjectorAnswer[] })
  | (QuestionBase & { kind: "drawing"; answers: ProjectorAnswer[] });

export interface ProjectorResults {
  assignment: Pick<AssignmentSummary, "id" | "surveyTitle" | "status" | "anonymous">;
  respondedCount: number;
  /**
   * Anonymous and nothing released yet: why nothing is shown (the questions
   * are then empty), for the screen to say in the reader's language:
   * `small-group` while fewer than `threshold` answered (`count` so far),
   * `unreleased` when `count` answers wait for the next release.
   */
  hidden: { reason: "small-group" | "unreleased"; threshold: number; count: number } | null;
  /** Anonymous: how many answers given or changed since the release are not shown yet (null: none). */
  unreleased: { threshold: number; count: number } | null;
  contentAvailable: boolean;
  questions: ProjectorQuestion[];
  answerLimit: number;
}

type ListedField = Extract<AnswerField, { kind: "freetext" | "drawing" }>;

interface AnswerRow {
  uid: string;
  ref: string;
  revealed: boolean;
  /** The text (a drawing's description); null unless revealed (it never leaves the database otherwise). */
  content: string | null;
  /** The drawing id; null unless revealed. */
  drawing_id: string | null;
}

/**
 * What the projector shows of an assignment: a teacher of the class (or an
 * admin in scope); anyone else gets NOT_FOUND.
 */
export async function getProjectorResults(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
  lookupContent: SurveyContentLookup,
  options: { answerLimit?: number } = {},
): Promise<ProjectorResults> {
  const answerLimit = options.answerLimit ?? PROJECTOR_ANSWER_LIMIT;
  const summary = await getAssignment(db, actor, input.classId, input.assignmentId);
  const content = await lookupContent(summary.surveyFullSlug);
  const fields: AnswerField[] = content ? listAnswerFields(content) : [];
  const allUids = fields.map((f) => f.uid);
  const groupedUids = fields.filter((f) => f.kind === "option" || f.kind === "choice").map((f) => f.uid);
  const listed = fields.filter((f): f is ListedField => f.kind === "freetext" || f.kind === "drawing");

  let hidden: ProjectorResults["hidden"] = null;
  let unreleased: ProjectorResults["unreleased"] = null;
  let tallyRows: ReturnType<typeof groupTallies>;
  let answerRows: AnswerRow[];
  if (summary.anonymous) {
    // Round trip 2 (anonymous): the release's state and totals, then its listed answers.
    const release = await releasedResults(db, summary.id, {
      uids: allUids,
      byValueUids: groupedUids,
      freetextUids: [],
      freetextLimit: 0,
    });
    const threshold = await minGroupSizeForClass(db, input.classId);
    if (release.releasedAt === null) {
      hidden =
        summary.responseCount < threshold
          ? { reason: "small-group", threshold, count: summary.responseCount }
          : { reason: "unreleased", threshold, count: release.unreleasedCount };
    } else if (release.unreleasedCount > 0) {
      unreleased = { threshold, count: release.unreleasedCount };
    }
    tallyRows = release.tallies;
    answerRows = release.releasedAt === null ? [] : await selectReleasedAnswers(db, summary.id, listed, answerLimit);
  } else {
    const [row] = await selectRows<{ counts: TallyRow[] | null; answers: AnswerRow[] | null }>(
      db,
      sql`select
        ${allUids.length === 0 ? sql`null` : sql`(select json_agg(c) from (${talliesQuery(summary.id, allUids, groupedUids)}) c)`} as counts,
        ${listed.length === 0 ? sql`null` : sql`(select json_agg(x) from (${namedAnswersQuery(summary.id, listed, answerLimit)}) x)`} as answers`,
    );
    tallyRows = groupTallies(allUids, row?.counts ?? []);
    answerRows = row?.answers ?? [];
  }

  const questions: ProjectorQuestion[] = fields.map((field) => {
    const title = questionTitle(field);
    const answeredCount = tallyRows.get(field.uid)?.answered ?? 0;
    if (field.kind === "option" || field.kind === "choice") {
      const options = optionCounts(field, tallyRows.get(field.uid));
      return field.kind === "option"
        ? { uid: field.uid, kind: "option", title, answeredCount, options }
        : { uid: field.uid, kind: "choice", title, answeredCount, options };
    }
    const answers = answerRows
      .filter((row) => row.uid === field.uid)
      .map((row, index) => ({
        ref: row.ref,
        number: index + 1,
        revealed: row.revealed,
        text: row.revealed && row.content?.trim() ? row.content : null,
        imageUrl:
          field.kind === "drawing" && row.revealed && row.drawing_id
            ? `/class/${input.classId}/drawings/${encodeURIComponent(row.drawing_id)}.png`
            : null,
      }));
    return field.kind === "freetext"
      ? { uid: field.uid, kind: "freetext", title, answeredCount, answers }
      : { uid: field.uid, kind: "drawing", title, answeredCount, answers };
  });

  return {
    assignment: {
      id: summary.id,
      surveyTitle: summary.surveyTitle,
      status: summary.status,
      anonymous: summary.anonymous,
    },
    respondedCount: summary.responseCount,
    hidden,
    unreleased,
    contentAvailable: content !== null,
    questions: hidden ? [] : questions,
    answerLimit,
  };
}

/** "3. The prompt", or the prompt; "" when the content has none (the screen says "Question" in its language). */
function questionTitle(field: AnswerField): string {
  const number = field.kind === "freetext" || field.kind === "choice" ? field.questionNumber : null;
  return number && field.prompt ? `${number}. ${field.prompt}` : field.prompt;
}

/** The listed questions as (uid, kind) rows in the survey's order. */
function listedQuestions(listed: ListedField[]): SQL {
  const values = sql.join(
    listed.map((field, index) => sql`(${field.uid}::text, ${field.kind}::text, ${index}::int)`),
    sql`, `,
  );
  return sql`(values ${values}) as k(uid, kind, ord)`;
}

/**
 * Whether `value` (a jsonb answer) is an answer of the question's kind worth listing: a written
 * answer; a drawing, or a drawing question answered in words instead (issue 37).
 */
function isListedAnswer(value: SQL, kind: SQL): SQL {
  return sql`(case when ${kind} = 'drawing' then jsonb_typeof(${value} -> 'drawingId') = 'string'
      or (jsonb_typeof(${value}) = 'object' and btrim(${writtenText(value)}) <> '')
    else jsonb_typeof(${value}) = 'string' and btrim(${value} #>> '{}') <> '' end)`;
}

/**
 * The answer's words (a written answer, or what a child wrote instead of drawing: the results'
 * `writtenText`) and a drawing's id, each read only when the reveal matches.
 */
function revealedContent(value: SQL, kind: SQL, revealed: SQL): SQL {
  return sql`case when ${revealed} then ${writtenText(value)} end as content,
    case when ${revealed} and ${kind} = 'drawing' then ${value} ->> 'drawingId' end as drawing_id`;
}

/**
 * A named assignment's latest answers per listed question (walking
 * responses_assignment_submitted_idx newest first and stopping at the
 * limit), shown oldest first so their numbers hold while answers arrive.
 * A reveal counts only for the version it revealed (its time is the
 * response's submission time).
 */
function namedAnswersQuery(assignmentId: number, listed: ListedField[], limit: number): SQL {
  const value = sql`r.answers -> k.uid`;
  const revealed = sql`rv.answer_ref is not null`;
  return sql`
    select k.uid, x.ref, x.revealed, x.content, x.drawing_id
    from ${listedQuestions(listed)}
    cross join lateral (
      select * from (
        select 'r:' || r.id as ref, ${revealed} as revealed, ${revealedContent(value, sql`k.kind`, revealed)},
               r.submitted_at, r.id
        from ${responses} r
        left join ${resultReveals} rv on rv.assignment_id = r.assignment_id and rv.question_uid = k.uid
          and rv.answer_ref = 'r:' || r.id and rv.revealed_at = r.submitted_at
        where r.assignment_id = ${assignmentId} and ${isListedAnswer(value, sql`k.kind`)}
        order by r.submitted_at desc, r.id desc
        limit ${limit}
      ) latest
      order by latest.submitted_at, latest.id
    ) x
    order by k.ord`;
}

/**
 * An anonymous assignment's released answers per listed question, in the
 * release's random order (positions are fixed until the next release). A
 * reveal counts only for the release it was made in. When a released
 * drawing has been deleted since, no drawing is listed until the next
 * release (ADR 188: the one missing would show whose it was).
 */
async function selectReleasedAnswers(
  db: Db,
  assignmentId: number,
  listed: ListedField[],
  limit: number,
): Promise<AnswerRow[]> {
  if (listed.length === 0) return [];
  const value = sql`ra.answers -> k.uid`;
  const revealed = sql`rv.answer_ref is not null`;
  const [row] = await selectRows<{ answers: AnswerRow[] | null }>(
    db,
    sql`select (select json_agg(x) from (
      select k.uid, x.ref, x.revealed, x.content, x.drawing_id
      from ${listedQuestions(listed)}
      cross join lateral (
        select 'p:' || ra.position as ref, ${revealed} as revealed,
               ${revealedContent(value, sql`k.kind`, revealed)}
        from ${releasedAnswers} ra
        join ${anonymousReleases} ar on ar.assignment_id = ra.assignment_id
        left join ${resultReveals} rv on rv.assignment_id = ra.assignment_id and rv.question_uid = k.uid
          and rv.answer_ref = 'p:' || ra.position and rv.revealed_at = ar.released_at
        where ra.assignment_id = ${assignmentId} and ${isListedAnswer(value, sql`k.kind`)}
          and (k.kind <> 'drawing' or not exists (
            select 1 from ${releasedAnswers} rd cross join lateral jsonb_each(rd.answers) e
            where rd.assignment_id = ${assignmentId} and jsonb_typeof(e.value -> 'drawingId') = 'string'
              and not exists (select 1 from response_drawings d
                where d.assignment_id = ${assignmentId} and d.id = e.value ->> 'drawingId')))
        order by ra.position
        limit ${limit}
      ) x
      order by k.ord) x) as answers`,
  );
  return row?.answers ?? [];
}

const ANSWER_REF = /^([rp]):([1-9][0-9]{0,9})$/;

export interface AnswerRevealInput {
  classId: number;
  assignmentId: number;
  questionUid: string;
  answerRef: string;
}

/**
 * Shows one written answer or drawing on the projector. Only an answer the
 * projector lists can be revealed (a named assignment's response, an
 * anonymous assignment's released answer); the reveal holds the time of
 * the version revealed. Audited without the answer itself (ADR 189).
 */
export async function revealAnswer(db: Db, actor: Actor, input: AnswerRevealInput): Promise<void> {
  const summary = await getAssignment(db, actor, input.classId, input.assignmentId);
  await db.transaction(async (tx) => {
    const versionAt = await answerVersion(tx, summary, input);
    if (!versionAt) throw conflict(ANSWER_GONE_MESSAGE);
    await tx
      .insert(resultReveals)
      .values({
        assignmentId: summary.id,
        questionUid: input.questionUid,
        answerRef: input.answerRef,
        revealedByUserId: actor.id,
        revealedAt: sql`${versionAt}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: [resultReveals.assignmentId, resultReveals.questionUid, resultReveals.answerRef],
        set: { revealedByUserId: actor.id, revealedAt: sql`excluded.revealed_at` },
      });
    await recordRevealEvent(tx, actor, "result.reveal", input);
  });
}

/** Hides a revealed answer again (nothing to hide is no error, and not audited). Audited. */
export async function hideAnswer(db: Db, actor: Actor, input: AnswerRevealInput): Promise<void> {
  const summary = await getAssignment(db, actor, input.classId, input.assignmentId);
  await db.transaction(async (tx) => {
    const hidden = await tx
      .delete(resultReveals)
      .where(
        and(
          eq(resultReveals.assignmentId, summary.id),
          eq(resultReveals.questionUid, input.questionUid),
          eq(resultReveals.answerRef, input.answerRef),
        ),
      )
      .returning({ answerRef: resultReveals.answerRef });
    if (hidden.length > 0) await recordRevealEvent(tx, actor, "result.hide", input);
  });
}

/**
 * The time of the answer's current version (the response's submission, or
 * the release holding it), or null when the projector would not list it:
 * a reference of the other kind, no such response or released answer, or
 * no answer of the question in it.
 */
async function answerVersion(tx: Tx, summary: AssignmentSummary, input: AnswerRevealInput): Promise<string | null> {
  const match = ANSWER_REF.exec(input.answerRef);
  if (!match || (match[1] === "p") !== summary.anonymous) return null;
  const id = Number(match[2]);
  if (!isRecordId(id)) return null;
  const value = (answers: SQL) => sql`${answers} -> ${input.questionUid}`;
  const listedAnswer = (answers: SQL) =>
    sql`(jsonb_typeof(${value(answers)} -> 'drawingId') = 'string'
      or btrim(${writtenText(value(answers))}) <> '')`;
  const [row] = summary.anonymous
    ? await selectRows<{ version_at: string }>(
        tx,
        sql`select to_json(ar.released_at) #>> '{}' as version_at
          from ${releasedAnswers} ra join ${anonymousReleases} ar on ar.assignment_id = ra.assignment_id
          where ra.assignment_id = ${summary.id} and ra.position = ${id} and ar.released_at is not null
            and ${listedAnswer(sql`ra.answers`)}`,
      )
    : await selectRows<{ version_at: string }>(
        tx,
        sql`select to_json(r.submitted_at) #>> '{}' as version_at from ${responses} r
          where r.id = ${id} and r.assignment_id = ${summary.id} and ${listedAnswer(sql`r.answers`)}`,
      );
  return row?.version_at ?? null;
}

async function recordRevealEvent(tx: Tx, actor: Actor, action: string, input: AnswerRevealInput): Promise<void> {
  const klass = await getClass(tx, actor, input.classId);
  await recordClassAuditEvent(tx, actor, klass, {
    action: action,
    target: { type: "assignment", id: input.assignmentId },
    details: { questionUid: input.questionUid, answerRef: input.answerRef },
  });
}
