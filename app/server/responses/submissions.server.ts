/**
 * Submitting a response from the student app (docs/api.md#answers).
 *
 * - Answers are keyed by block `_uid` and checked against the survey's
 *   content (listAnswerFields): option indexes in range and naming a
 *   non-empty option, choices among the choices, text at most
 *   MAX_TEXT_ANSWER_LENGTH characters, drawings uploaded by this student
 *   for this field (or described instead: `{ description }`, issue 37), no
 *   unknown keys. Every problem is reported per field.
 * - Only while the assignment is active. The assignment row is locked FOR
 *   SHARE for the whole write, and closing takes it FOR UPDATE, so a
 *   submission racing a close either commits before the close or sees the
 *   closed status and gets 409 'This survey is closed': never half.
 * - One response per student per assignment (the unique index). Every
 *   submission's key (Idempotency-Key, the form's key) is kept once per
 *   student and assignment (submission_keys, issue #37): the same key again
 *   with the same answers writes nothing and is answered as the first time,
 *   with other answers it is 409, even after newer submissions. A later
 *   submission replaces the earlier one, unless it comes from a page served
 *   before the stored answers' page (an outbox sending late): then the
 *   newer answers stay. The audit log keeps what was replaced, at most once
 *   per student and
 *   assignment every ANSWER_REPLACEMENT_AUDIT_INTERVAL_MS (ADR 197). An
 *   anonymous assignment's answers are not audited at all (ADR 189, issue
 *   #35): an event's time would say when the student answered.
 * - Submissions are slowed per student token (RATE_LIMITS.answersPerToken).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { forbiddenTextMessage } from "~/lib/schemas/text";
import { MAX_DRAWING_DESCRIPTION_LENGTH, MAX_TEXT_ANSWER_LENGTH } from "~/lib/student-api/schemas";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import { effectiveStatusSql } from "../assignments/effective-status.server";
import { assertTakesAnswers, findStudentAssignment, loadSurveyStory } from "../assignments/student-assignments.server";
import { recordStudentAuditEvent } from "../audit/student-audit.server";
import type { Db } from "../db/client.server";
import { assignments, responses, submissionKeys } from "../db/schema.server";
import { conflict, notFound, validationError } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";
import {
  ANSWER_REPLACEMENT_AUDIT_INTERVAL_MS,
  enforceRateLimits,
  hitRateLimit,
  RATE_LIMITS,
} from "../security/rate-limit.server";
import type { StudentPrincipal } from "../students/student-tokens.server";
import type { CachedContent } from "../surveys/content-cache.server";
import { listOwnDrawingFields } from "./drawings.server";

/** How many answers a submission got wrong (a message with a number: ADR 227, 228). */
export const ANSWERS_DO_NOT_FIT =
  "{count, plural, one {# answer does not fit this survey.} other {# answers do not fit this survey.}}";

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used for different answers. Use a new key for a new submission.";

export type Answers = Record<string, unknown>;

/** Field uid → messages for every answer that does not fit the survey; empty when all fit. */
export function validateAnswers(
  fields: AnswerField[],
  answers: Answers,
  ownDrawings: ReadonlyMap<string, string> = new Map(),
): Record<string, string[]> {
  const byUid = new Map(fields.map((field) => [field.uid, field]));
  const errors: Record<string, string[]> = {};
  const fail = (uid: string, message: string) => {
    errors[uid] = [...(errors[uid] ?? []), message];
  };
  for (const [uid, value] of Object.entries(answers)) {
    const field = byUid.get(uid);
    if (!field) {
      fail(uid, "This survey has no question with this id.");
      continue;
    }
    switch (field.kind) {
      case "option": {
        const indexes = field.options.map((option) => option.index);
        if (typeof value !== "number" || !Number.isInteger(value)) {
          fail(uid, `Give the number of the chosen option (${indexes.join(", ")}).`);
        } else if (!indexes.includes(value)) {
          fail(uid, `There is no option ${value}. Choose one of ${indexes.join(", ")}.`);
        }
        break;
      }
      case "freetext":
        if (typeof value !== "string") fail(uid, "This answer must be text.");
        else if (value.length > MAX_TEXT_ANSWER_LENGTH)
          fail(uid, `Answers can be at most ${MAX_TEXT_ANSWER_LENGTH} characters long.`);
        else if (forbiddenTextMessage(value, "multi-line")) fail(uid, forbiddenTextMessage(value, "multi-line")!);
        break;
      case "choice":
        if (typeof value !== "string" || !field.choices.includes(value)) {
          fail(uid, `Choose one of: ${field.choices.join(", ")}.`);
        }
        break;
      case "drawing": {
        const { drawingId, description } =
          typeof value === "object" && value !== null
            ? (value as { drawingId?: unknown; description?: unknown })
            : { drawingId: undefined, description: undefined };
        if (typeof drawingId !== "string" && typeof description !== "string")
          fail(uid, "A drawing answer must be { drawingId } from a drawing upload.");
        if (drawingId !== undefined && (typeof drawingId !== "string" || ownDrawings.get(drawingId) !== uid))
          fail(uid, "There is no drawing with this id for this question. Upload the drawing first.");
        if (typeof description === "string") {
          if (description.length > MAX_DRAWING_DESCRIPTION_LENGTH)
            fail(uid, `A description can be at most ${MAX_DRAWING_DESCRIPTION_LENGTH} characters long.`);
          else if (forbiddenTextMessage(description, "multi-line"))
            fail(uid, forbiddenTextMessage(description, "multi-line")!);
        }
        break;
      }
    }
  }
  return errors;
}

export interface SubmitInput {
  assignmentId: number;
  answers: Answers;
  idempotencyKey: string | null;
  /**
   * When the answering page was served (its form token); the API's
   * submissions: absent, they count as served when they arrive. Never later than now.
   */
  servedAt?: Date | null;
}

export interface StoredResponse {
  id: number;
  assignmentId: number;
  answers: Answers;
  submittedAt: Date;
  idempotencyKey: string | null;
}

export interface SubmitResult {
  response: StoredResponse;
  /**
   * created: the first response; replaced: an earlier one was replaced;
   * replayed: a key sent before, answered as then, nothing written;
   * kept: from a page older than the stored answers, which stay.
   */
  outcome: "created" | "replaced" | "replayed" | "kept";
}

/**
 * Blank text answers count as not answered and are left out; so does a drawing's blank description
 * (the drawing stays), and a drawing answer left with nothing.
 */
function withoutBlankText(answers: Answers): Answers {
  const kept: Answers = {};
  for (const [uid, value] of Object.entries(answers)) {
    if (typeof value === "string" && value.trim() === "") continue;
    if (typeof value === "object" && value !== null && !Array.isArray(value) && "description" in value) {
      const { description, ...drawing } = value as { description?: unknown };
      const written = typeof description === "string" && description.trim() !== "";
      if (!written && Object.keys(drawing).length === 0) continue;
      kept[uid] = written ? value : drawing;
    } else kept[uid] = value;
  }
  return kept;
}

const returning = {
  id: responses.id,
  assignmentId: responses.assignmentId,
  answers: responses.answers,
  submittedAt: responses.submittedAt,
  idempotencyKey: responses.idempotencyKey,
};

export async function submitResponse(
  db: Db,
  content: CachedContent,
  student: StudentPrincipal,
  input: SubmitInput,
  now = new Date(),
): Promise<SubmitResult> {
  const assignment = await findStudentAssignment(db, student, input.assignmentId, now);
  // Closed or not started: say so before reading content (cheap, and clear).
  assertTakesAnswers(assignment.status);

  const story = await loadSurveyStory(content, assignment.surveyFullSlug);
  const fields = listAnswerFields(story.content);
  const needsDrawings = fields.some((field) => field.kind === "drawing" && field.uid in input.answers);
  const ownDrawings = needsDrawings
    ? await listOwnDrawingFields(db, student, assignment.id)
    : new Map<string, string>();
  const fieldErrors = validateAnswers(fields, input.answers, ownDrawings);
  if (Object.keys(fieldErrors).length > 0) {
    const count = Object.keys(fieldErrors).length;
    throw withSaying(validationError("", fieldErrors), (t) => t(ANSWERS_DO_NOT_FIT, { count }));
  }
  const answers = withoutBlankText(input.answers);
  if (Object.keys(answers).length === 0) throw validationError("Answer at least one question before submitting.");
  // Per student token, never per address: a whole school answers from one address (ADR 197).
  await enforceRateLimits(
    db,
    [{ key: `student-answers:token:${student.tokenId}`, rule: RATE_LIMITS.answersPerToken }],
    "You changed your answers many times. Please wait a few minutes and try again.",
  );

  const digest = answersDigest(answers);
  const servedAt = input.servedAt && input.servedAt.getTime() < Date.now() ? input.servedAt : new Date();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      // The status at the time of the answer (effective-status.server.ts): after the scheduled close, refused.
      .select({ status: effectiveStatusSql(assignments, now) })
      .from(assignments)
      .where(and(eq(assignments.id, assignment.id), eq(assignments.classId, student.classId)))
      .for("share");
    if (!locked) throw notFound("Assignment not found");
    assertTakesAnswers(locked.status);

    const key = input.idempotencyKey;
    const scope = { assignmentId: assignment.id, studentId: student.studentId };
    if (key !== null) {
      // The key first: a parallel replay waits here for this transaction, then finds the key.
      const replay = await claimSubmissionKey(tx, { ...scope, key, answersDigest: digest }, answers);
      if (replay) return replay;
    }
    const result = await storeAnswers(tx, assignment, student, { answers, key, servedAt });
    if (key !== null) {
      await tx
        .update(submissionKeys)
        .set({
          responseId: result.response.id,
          kept: result.outcome === "kept",
          submittedAt: result.outcome === "kept" || assignment.anonymous ? null : result.response.submittedAt,
        })
        .where(isSubmissionKey({ ...scope, key }));
    }
    return result;
  });
}

function isSubmissionKey(row: { assignmentId: number; studentId: number; key: string }) {
  return and(
    eq(submissionKeys.assignmentId, row.assignmentId),
    eq(submissionKeys.studentId, row.studentId),
    eq(submissionKeys.key, row.key),
  );
}

/** A canonical digest of a submission's answers (keys sorted). */
export function answersDigest(answers: Answers): string {
  const sorted = Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(sorted)).digest("base64url");
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Takes the key for this submission, or answers as its first submission was:
 * the response it stored (the answers it sent, the time it stored them), or,
 * where it changed nothing, the response as it is. Other answers: 409.
 */
async function claimSubmissionKey(
  tx: Tx,
  row: { assignmentId: number; studentId: number; key: string; answersDigest: string },
  answers: Answers,
): Promise<SubmitResult | null> {
  const [claimed] = await tx
    .insert(submissionKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: submissionKeys.key });
  if (claimed) return null;
  const [stored] = await tx
    .select({
      answersDigest: submissionKeys.answersDigest,
      kept: submissionKeys.kept,
      submittedAt: submissionKeys.submittedAt,
      response: returning,
    })
    .from(submissionKeys)
    .innerJoin(responses, eq(responses.id, submissionKeys.responseId))
    .where(isSubmissionKey(row));
  // Its response deleted since (a student's deletion takes its keys too): nothing to answer with.
  if (!stored) throw notFound("Assignment not found");
  if (stored.answersDigest !== row.answersDigest) throw conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  if (stored.kept) return { response: stored.response, outcome: "replayed" };
  return {
    response: {
      ...stored.response,
      // The same answers as the first time (the digest says so), whatever replaced them since.
      answers,
      submittedAt: stored.submittedAt ?? stored.response.submittedAt,
      idempotencyKey: row.key,
    },
    outcome: "replayed",
  };
}

/**
 * The answers into the student's one response: a new response, or the
 * earlier one replaced (audited as ADR 197 says), or, when the submission
 * comes from a page served before the one whose answers are stored, nothing:
 * the newer answers are kept ("kept").
 */
async function storeAnswers(
  tx: Tx,
  assignment: { id: number; anonymous: boolean },
  student: StudentPrincipal,
  input: { answers: Answers; key: string | null; servedAt: Date },
): Promise<SubmitResult> {
  const { answers, key: idempotencyKey, servedAt } = input;
  const now = new Date();
  const [created] = await tx
    .insert(responses)
    .values({
      assignmentId: assignment.id,
      studentId: student.studentId,
      answers,
      idempotencyKey,
      submittedAt: now,
      servedAt,
      sentByTokenId: student.tokenId,
    })
    .onConflictDoNothing({ target: [responses.assignmentId, responses.studentId] })
    .returning(returning);
  if (created) {
    // Anonymous: no event at all (its time would say when this student answered).
    if (!assignment.anonymous) {
      await recordStudentAuditEvent(tx, student.studentId, {
        action: "response.submit",
        targetType: "response",
        targetId: created.id,
        schoolId: student.schoolId,
        details: { assignmentId: assignment.id, idempotencyKey },
      });
    }
    return { response: created, outcome: "created" };
  }

  const [existing] = await tx
    .select({ ...returning, servedAt: responses.servedAt })
    .from(responses)
    .where(and(eq(responses.assignmentId, assignment.id), eq(responses.studentId, student.studentId)))
    .for("update");
  const { servedAt: storedServedAt, ...previous } = existing;
  if (storedServedAt && servedAt < storedServedAt) return { response: previous, outcome: "kept" };
  const [replaced] = await tx
    .update(responses)
    .set({ answers, idempotencyKey, submittedAt: now, servedAt, sentByTokenId: student.tokenId })
    .where(eq(responses.id, previous.id))
    .returning(returning);
  if (assignment.anonymous) return { response: replaced, outcome: "replaced" };
  // At most one audit event per student and assignment in each interval: it keeps the answers
  // as they were before that run of changes; the changes within the run are not audited (ADR 197).
  const audited = await hitRateLimit(tx, `audit:response-replace:${student.studentId}:${assignment.id}`, {
    limit: 1,
    windowMs: ANSWER_REPLACEMENT_AUDIT_INTERVAL_MS,
  });
  if (!audited.allowed) return { response: replaced, outcome: "replaced" };
  await recordStudentAuditEvent(tx, student.studentId, {
    action: "response.replace",
    targetType: "response",
    targetId: previous.id,
    schoolId: student.schoolId,
    details: {
      assignmentId: assignment.id,
      idempotencyKey,
      previous: {
        answers: previous.answers,
        submittedAt: previous.submittedAt.toISOString(),
        idempotencyKey: previous.idempotencyKey,
      },
    },
  });
  return { response: replaced, outcome: "replaced" };
}
