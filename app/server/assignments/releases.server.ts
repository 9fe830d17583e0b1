/**
 * Releases of anonymous assignments (ADR 188, docs/product.md#anonymous-assignments).
 *
 * Teachers and admins see an anonymous assignment's answers only as of its
 * last release: a frozen copy of all its answers, made when at least the
 * school's small-group threshold of NEW respondents (students whose first
 * answer came after the previous release) have answered since it; changed
 * answers and deletions do not count (drizzle/0011, issue #35: a teacher's
 * puppet students could otherwise complete a release around one child's
 * change). Between two releases nothing that shows an answer changes, and
 * nothing anyone sees says who answered or when, so a release holds at least
 * one real new respondent among the threshold without saying which.
 *
 * The triggers of drizzle/0007_anonymous_releases.sql (the rule as of
 * 0011_anonymous_new_respondents.sql) make the releases,
 * whichever way a response is written or deleted; this module only reads
 * them. Every surface that shows an anonymous assignment's answers reads
 * them from here: the results screen and its print view, the stats API,
 * the class CSV, the admin survey CSV and the drawings.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { anonymousReleases, releasedAnswers, releasedTallies, responses } from "../db/schema.server";
import { groupTallies, type QuestionTallies, type TallyRow } from "../responses/tallies.server";

export interface ReleaseState {
  /** When the answers now shown were released; null while none are. */
  releasedAt: Date | null;
  /** How many answers the release holds. */
  releasedCount: number;
  /** Students who answered for the first time since the release: shown at the next one, once they number the threshold. */
  unreleasedCount: number;
}

/**
 * The release state as one JSON value, for folding into a caller's query.
 * The unreleased count (new respondents since the release) walks the index
 * (assignment_id, change_seq) from the release onwards: it costs what the
 * responses changed since number.
 */
export function releaseStateSql(assignmentId: number | SQL): SQL {
  return sql`(select json_build_object(
      'releasedAt', ar.released_at,
      'releasedCount', coalesce(ar.answer_count, 0),
      'unreleasedCount', (select count(*)::int from ${responses} ur
        where ur.assignment_id = ${assignmentId} and ur.change_seq > coalesce(ar.released_through, 0)
          and ur.first_seq > coalesce(ar.released_through, 0)))
    from (select 1) one
    left join ${anonymousReleases} ar on ar.assignment_id = ${assignmentId})`;
}

type RawReleaseState = { releasedAt: string | null; releasedCount: number; unreleasedCount: number };

export function parseReleaseState(raw: RawReleaseState | string): ReleaseState {
  const state = typeof raw === "string" ? (JSON.parse(raw) as RawReleaseState) : raw;
  return {
    releasedAt: state.releasedAt ? new Date(state.releasedAt) : null,
    releasedCount: Number(state.releasedCount),
    unreleasedCount: Number(state.unreleasedCount),
  };
}

/** An anonymous assignment's release state (no scope check: callers check the actor first). */
export async function getReleaseState(db: Db | Tx, assignmentId: number): Promise<ReleaseState> {
  const [row] = await selectRows<{ state: RawReleaseState | string }>(
    db,
    sql`select ${releaseStateSql(assignmentId)} as state`,
  );
  return parseReleaseState(row.state);
}

export interface ReleasedResults extends ReleaseState {
  /** The released totals per question (keys as in response_tallies, ADR 066). */
  tallies: Map<string, QuestionTallies>;
  /** The released written answers of `freetextUids`, at most `freetextLimit` per question, in the release's random order. */
  freetext: { uid: string; text: string }[];
}

/**
 * What teachers and admins may see of an anonymous assignment's answers:
 * the last release, in one round trip. A caller that streams results can
 * call this on every change: the answer only changes when a release does.
 */
export async function releasedResults(
  db: Db | Tx,
  assignmentId: number,
  query: { uids: string[]; byValueUids: string[]; freetextUids: string[]; freetextLimit: number },
): Promise<ReleasedResults> {
  const [row] = await selectRows<{
    state: RawReleaseState | string;
    counts: TallyRow[] | null;
    freetext: { uid: string; text: string }[] | null;
  }>(
    db,
    sql`select ${releaseStateSql(assignmentId)} as state,
      (select json_agg(c) from (${releasedTalliesQuery(assignmentId, query.uids, query.byValueUids)}) c) as counts,
      ${query.freetextUids.length === 0 ? sql`null` : sql`(select json_agg(f) from (${releasedFreetextQuery(assignmentId, query.freetextUids, query.freetextLimit)}) f)`} as freetext`,
  );
  return {
    ...parseReleaseState(row.state),
    tallies: groupTallies(query.uids, row.counts ?? []),
    freetext: row.freetext ?? [],
  };
}

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

function releasedTalliesQuery(assignmentId: number, uids: string[], byValueUids: string[]): SQL {
  if (uids.length === 0) return sql`select null::text as uid, null::text as value_key, 0 as count where false`;
  const byValue = byValueUids.length === 0 ? sql`false` : sql`t.question_uid = any(${textArray(byValueUids)})`;
  return sql`
    select t.question_uid as uid, t.value_key, t.count
    from ${releasedTallies} t
    where t.assignment_id = ${assignmentId}
      and t.question_uid = any(${textArray(uids)})
      and (t.value_key = '' or ${byValue})`;
}

/**
 * An answer's written words (jsonb → text): a free-text answer's text, or a drawing answer's
 * `description` (issue 37); null for anything else.
 */
export const writtenText = (answer: SQL): SQL =>
  sql`(case jsonb_typeof(${answer}) when 'string' then ${answer} #>> '{}' when 'object' then ${answer} ->> 'description' end)`;

function releasedFreetextQuery(assignmentId: number, freetextUids: string[], limit: number): SQL {
  return sql`
    select uid, text from (
      select e.key as uid, ${writtenText(sql`e.value`)} as text,
             row_number() over (partition by e.key order by ra.position) as n
      from ${releasedAnswers} ra
      cross join lateral jsonb_each(ra.answers) e
      where ra.assignment_id = ${assignmentId}
        and e.key = any(${textArray(freetextUids)})
        and btrim(${writtenText(sql`e.value`)}) <> ''
    ) ranked
    where n <= ${limit}
    order by uid, n`;
}

/** Every released answer set of the assignment, in the release's random order (for CSVs and drawings). */
export async function listReleasedAnswers(db: Db | Tx, assignmentId: number): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ answers: releasedAnswers.answers })
    .from(releasedAnswers)
    .where(eq(releasedAnswers.assignmentId, assignmentId))
    .orderBy(releasedAnswers.position);
  return rows.map((row) => row.answers);
}

/**
 * Retention (ADR 188): a release made before `cutoff` holds only answers
 * submitted before it, which retention deletes; the copy goes too. What
 * teachers see then is "nothing released", which tells nobody anything.
 */
export async function withdrawReleasesBefore(tx: Db | Tx, schoolId: number, cutoff: Date): Promise<number> {
  const withdrawn = await selectRows<{ assignment_id: number }>(
    tx,
    sql`update ${anonymousReleases} ar
          set released_at = null, answer_count = 0
        from assignments a join classes c on c.id = a.class_id
        where a.id = ar.assignment_id and c.school_id = ${schoolId}
          and ar.released_at < ${cutoff.toISOString()}::timestamptz
        returning ar.assignment_id`,
  );
  if (withdrawn.length === 0) return 0;
  const ids = sql.join(
    withdrawn.map((row) => sql`${row.assignment_id}`),
    sql`, `,
  );
  await tx.execute(sql`delete from ${releasedAnswers} where assignment_id in (${ids})`);
  await tx.execute(sql`delete from ${releasedTallies} where assignment_id in (${ids})`);
  return withdrawn.length;
}

/**
 * Takes the release locks (drizzle/0007's anonymous_release_lock) of the
 * anonymous assignments a student has answered, in assignment order, as a
 * deletion of their responses would take them row by row. A caller that
 * locks other rows a submission also locks (the student's own row) takes
 * these first, so both take the locks in the same order and never deadlock.
 */
export async function lockAnonymousReleasesOfStudent(tx: Tx, studentId: number): Promise<void> {
  await tx.execute(sql`select anonymous_release_lock(assignment_id)
    from (select distinct assignment_id from ${responses} where student_id = ${studentId} order by assignment_id) answered`);
}
