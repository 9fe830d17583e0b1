/**
 * What a signed-in student (a student token) may read: presence, their
 * class's active assignments, and an active assignment's survey content.
 */
import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { AssignmentStatus } from "~/lib/statuses";
import { hasText, type SurveyStory } from "~/lib/survey-content";
import type { AssignmentSummary } from "../classes/class-dashboard.server";
import type { Db, Tx } from "../db/client.server";
import { assignments, responses, students, surveys } from "../db/schema.server";
import { conflict, DomainError, notFound } from "../errors.server";
import { enforceRateLimits, RATE_LIMITS } from "../security/rate-limit.server";
import type { StudentPrincipal } from "../students/student-tokens.server";
import type { CachedContent } from "../surveys/content-cache.server";
import { choiceValuesOf, findTranslatedVersion } from "../surveys/translations.server";
import { effectiveStatusSql, isOpenSql } from "./effective-status.server";

/**
 * Slows one student token's heartbeats (RATE_LIMITS.heartbeatsPerToken):
 * per token, never per address, since a whole school beats from one
 * address (ADR 197). Heartbeats are never written to the audit log.
 */
export async function throttleHeartbeat(db: Db, student: StudentPrincipal): Promise<void> {
  await enforceRateLimits(
    db,
    [{ key: `student-heartbeat:token:${student.tokenId}`, rule: RATE_LIMITS.heartbeatsPerToken }],
    "Too many heartbeats. Please wait a minute.",
  );
}

/** Marks the student seen now: the class home's "online now" reads it. */
export async function recordHeartbeat(
  db: Db,
  student: StudentPrincipal,
  now = new Date(),
): Promise<{ lastSeenAt: Date }> {
  await throttleHeartbeat(db, student);
  await db.update(students).set({ lastSeenAt: now }).where(eq(students.id, student.studentId));
  return { lastSeenAt: now };
}

/** A page view counts as seen at most this often: online now looks back ONLINE_WINDOW_MS (2 minutes). */
export const PRESENCE_RESOLUTION_MS = 30_000;

/**
 * Marks the student seen now, from a student page view or the page's
 * heartbeat: written only when the last sign of life is older than
 * PRESENCE_RESOLUTION_MS, so page views cost no write most of the time.
 */
export async function recordPresence(db: Db, student: StudentPrincipal, now = new Date()): Promise<void> {
  await db
    .update(students)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(students.id, student.studentId),
        or(isNull(students.lastSeenAt), lt(students.lastSeenAt, new Date(now.getTime() - PRESENCE_RESOLUTION_MS))),
      ),
    );
}

/** The student page's heartbeat (with JavaScript): slowed per token, then recordPresence. */
export async function recordPageHeartbeat(db: Db, student: StudentPrincipal, now = new Date()): Promise<void> {
  await throttleHeartbeat(db, student);
  await recordPresence(db, student, now);
}

export interface StudentAssignmentRow {
  assignmentId: number;
  surveyId: number;
  title: string;
  /** The survey's story, for its title in the student's language (surveyTitleIn). */
  fullSlug: string;
  answered: boolean;
  submittedAt: Date | null;
  anonymous: boolean;
  /** Effective (effective-status.server.ts): 'active' takes answers; 'assigned' opens at `opensAt`. */
  status: AssignmentStatus;
  opensAt: Date | null;
  closesAt: Date | null;
}

/**
 * The join of an assignment to the student's own response, as the student
 * side shows it. An anonymous assignment's response counts only on the
 * device (sign-in) that last sent it (issue #35): whoever signs in as the
 * child elsewhere, a teacher with a fresh personal code included, sees the
 * survey as unanswered, so neither the answers nor whether and when the
 * child answered can be read there.
 */
export function ownResponseJoin(student: StudentPrincipal): SQL | undefined {
  return and(
    eq(responses.assignmentId, assignments.id),
    eq(responses.studentId, student.studentId),
    or(eq(assignments.anonymous, false), eq(responses.sentByTokenId, student.tokenId)),
  );
}

/**
 * The class's open assignments (started, not closed: effective-status.server.ts), newest first, then the
 * ones whose scheduled opening is ahead, soonest first; with whether this student has answered.
 */
export async function listStudentAssignments(
  db: Db,
  student: StudentPrincipal,
  now = new Date(),
): Promise<StudentAssignmentRow[]> {
  const status = effectiveStatusSql(assignments, now);
  const rows = await db
    .select({
      assignmentId: assignments.id,
      surveyId: surveys.id,
      title: surveys.title,
      fullSlug: surveys.fullSlug,
      submittedAt: responses.submittedAt,
      anonymous: assignments.anonymous,
      status,
      opensAt: assignments.opensAt,
      closesAt: assignments.closesAt,
    })
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .leftJoin(responses, ownResponseJoin(student))
    .where(
      and(
        eq(assignments.classId, student.classId),
        or(sql`${status} = 'active'`, and(sql`${status} = 'assigned'`, gt(assignments.opensAt, now))),
      ),
    )
    .orderBy(
      sql`${status} = 'assigned'`,
      sql`case when ${status} = 'active' then coalesce(${assignments.startedAt}, ${assignments.opensAt}) end desc`,
      asc(assignments.opensAt),
      asc(assignments.id),
    );
  return rows.map((row) => ({ ...row, answered: row.submittedAt !== null }));
}

/** An assignment of the student's class, as the student side reads it. */
export type ActiveAssignment = Pick<
  AssignmentSummary,
  "id" | "status" | "surveyId" | "surveyTitle" | "surveyFullSlug" | "anonymous" | "opensAt" | "closesAt"
>;

/** An assignment of the student's class, by id, with its effective status at `now`; another class's is NOT_FOUND. */
export async function findStudentAssignment(
  db: Db | Tx,
  student: StudentPrincipal,
  assignmentId: number,
  now = new Date(),
): Promise<ActiveAssignment> {
  const [row] = await db
    .select({
      id: assignments.id,
      status: effectiveStatusSql(assignments, now),
      opensAt: assignments.opensAt,
      closesAt: assignments.closesAt,
      surveyId: surveys.id,
      surveyTitle: surveys.title,
      surveyFullSlug: surveys.fullSlug,
      anonymous: assignments.anonymous,
    })
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classId, student.classId)))
    .limit(1);
  if (!row) throw notFound("Assignment not found");
  return row;
}

export const CLOSED_MESSAGE = "This survey is closed";
export const NOT_STARTED_MESSAGE = "This survey has not started yet";

/** An assignment takes answers (and drawings) only while it is active: else a 409 that says why. */
export function assertTakesAnswers(status: string): void {
  if (status === "completed") throw conflict(CLOSED_MESSAGE);
  if (status !== "active") throw conflict(NOT_STARTED_MESSAGE);
}

export const CONTENT_UNAVAILABLE_FOR_STUDENTS = "The survey cannot be loaded right now. Please try again in a minute.";

/** The story for a survey slug: 503 when the content service is down with no cached copy. */
export async function loadSurveyStory(content: CachedContent, fullSlug: string): Promise<SurveyStory> {
  const { snapshot, error } = await content.read();
  const story = snapshot?.bySlug.get(fullSlug);
  if (story) return story;
  if (error)
    throw new DomainError("CONTENT_UNAVAILABLE", CONTENT_UNAVAILABLE_FOR_STUDENTS, undefined, { "Retry-After": "30" });
  throw notFound("This survey is no longer published.");
}

/** A survey as one student reads it: the default story, and the version shown. */
export interface SurveyVersion {
  /** The survey's default story: answers are checked against it. */
  story: SurveyStory;
  /** The story shown: the student's language's version where it has one (ADR 217), else the default. */
  shown: SurveyStory;
  /** The language of `shown`. */
  language: Language;
  /** A choice answer's values, by field `_uid`: the default's choices (the shown ones may be translated). */
  choiceValues: Record<string, string[]>;
}

/**
 * The survey in the student's language where it has a version in it (ADR
 * 217; surveys/translations.server.ts says what counts as one), else the
 * survey's default. The answers are always checked against the default story.
 */
export async function loadSurveyVersion(
  content: CachedContent,
  fullSlug: string,
  language: Language,
): Promise<SurveyVersion> {
  const story = await loadSurveyStory(content, fullSlug);
  const translated = await findTranslatedVersion(content, story, language);
  return {
    story,
    shown: translated ?? story,
    language: translated ? language : DEFAULT_LANGUAGE,
    choiceValues: choiceValuesOf(story),
  };
}

/** A survey's title as a page shows it, with the language it is in (for the element's `lang`). */
export interface ShownTitle {
  title: string;
  language: Language;
}

/**
 * A survey's title in `language` where the survey has a version in it with a title (the child's list
 * and thank-you page say what the answering page says), else the stored title (the default's). The
 * content service unreachable or the story gone: the stored title, the page still shows.
 */
export async function surveyTitleIn(
  content: CachedContent,
  fullSlug: string,
  language: Language,
  storedTitle: string,
): Promise<ShownTitle> {
  const stored = { title: storedTitle, language: DEFAULT_LANGUAGE };
  if (language === DEFAULT_LANGUAGE) return stored;
  try {
    const version = await loadSurveyVersion(content, fullSlug, language);
    const title = version.shown.content.title;
    return version.language !== DEFAULT_LANGUAGE && hasText(title) ? { title, language } : stored;
  } catch (error) {
    if (error instanceof DomainError) return stored;
    throw error;
  }
}

/** The story shown in `language` (see loadSurveyVersion). */
export async function loadSurveyStoryIn(
  content: CachedContent,
  fullSlug: string,
  language: Language,
): Promise<SurveyStory> {
  return (await loadSurveyVersion(content, fullSlug, language)).shown;
}

/**
 * The survey content of an active assignment of the student's class, in the
 * student's language where the survey has a version in it (ADR 241), with the
 * values a choice answer sends (the default's, so answers group by question).
 */
export async function getStudentSurvey(
  db: Db,
  content: CachedContent,
  student: StudentPrincipal,
  surveyId: number,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
) {
  const [assignment] = await db
    .select({
      id: assignments.id,
      title: surveys.title,
      fullSlug: surveys.fullSlug,
      anonymous: assignments.anonymous,
    })
    .from(assignments)
    .innerJoin(surveys, eq(surveys.id, assignments.surveyId))
    .where(
      and(eq(assignments.classId, student.classId), eq(assignments.surveyId, surveyId), isOpenSql(assignments, now)),
    )
    .orderBy(desc(assignments.id))
    .limit(1);
  if (!assignment) throw notFound("Survey not found");
  const version = await loadSurveyVersion(content, assignment.fullSlug, language);
  const { shown } = version;
  return {
    survey: { id: surveyId, title: assignment.title, fullSlug: assignment.fullSlug },
    assignmentId: assignment.id,
    anonymous: assignment.anonymous,
    language: version.language,
    story: { full_slug: shown.full_slug, name: shown.name, content: shown.content },
    choiceValues: version.choiceValues,
  };
}
