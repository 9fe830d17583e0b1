/**
 * Drawing answers (response-art). The student app uploads the PNG for one
 * response-art field of an active assignment, gets a drawing id, and names it
 * in its submission as `{ drawingId }`. Teachers of the class read the image
 * through /class/{classId}/drawings/{drawingId}.png.
 *
 * Checks: at most MAX_DRAWING_BYTES, PNG signature and a well-formed IHDR of
 * at most MAX_DRAWING_SIDE pixels a side. The bytes are served back only as
 * image/png with nosniff, so a file that is not an image cannot run as one.
 *
 * Disk is bounded by quotas (ADR 201): the bytes of drawings uploaded in the
 * last 24 hours, per student, per class and per school (DRAWING_QUOTAS), with
 * smaller shares of their own for students not on the class list (ADR 235),
 * counted in the insert's transaction under a per-school advisory lock, so
 * two parallel uploads cannot both take the last room. A school made by a
 * public sign-up has a small quota of its own until one of its staff confirms
 * an e-mail, and the whole deployment a ceiling per day, counted in one
 * upsert before anything is stored (issue #35). Drawings no answer
 * names are removed by the daily retention job once a day old.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { MAX_DRAWING_BYTES, MAX_DRAWING_SIDE } from "~/lib/student-api/schemas";
import { listAnswerFields } from "~/lib/survey-content";
import { listReleasedAnswers } from "../assignments/releases.server";
import { assertTakesAnswers, findStudentAssignment, loadSurveyStory } from "../assignments/student-assignments.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { assignments, responseDrawings, responses, students } from "../db/schema.server";
import { DomainError, notFound, validationError } from "../errors.server";
import { enforceRateLimits, hitRateLimit, refundRateLimitHit } from "../security/rate-limit.server";
import type { StudentPrincipal } from "../students/student-tokens.server";
import type { CachedContent } from "../surveys/content-cache.server";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const NOT_A_PNG_MESSAGE = "The drawing must be a PNG image.";
export const DRAWING_TOO_LARGE_MESSAGE = `The drawing is too large: at most ${MAX_DRAWING_BYTES / (1024 * 1024)} MB.`;

/** Uploads per student per 10 minutes: plenty for redrawing, not a way to fill the disk. */
const DRAWING_UPLOADS_PER_STUDENT = { limit: 60, windowMs: 10 * 60_000 };

/** pg_advisory_xact_lock's first key for drawing uploads (the second is the school id). */
const DRAWING_QUOTA_LOCK_NAMESPACE = 80_825;

const MB = 1024 * 1024;
/** The quotas' window: bytes uploaded in the last 24 hours count. */
export const DRAWING_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes of drawings uploaded per 24 hours (ADR 201; docs/security.md, section "Limits").
 * A student: 10 drawings at the size cap, far more than a day of surveys
 * needs. A class: 100 at the cap (30 students sending ~3 full-size ones).
 * A school: 1,000 at the cap (every student of a large school sending one
 * the same day).
 *
 * Students not on the class list (made-up names, let in at once or admitted,
 * `class_students.unlisted`) have shares of their own (ADR 235): together 40 MB
 * per class and 400 MB per school, and they do not count in the class's and
 * school's quotas of the listed students, so made-up students cannot use up
 * what the rostered children need.
 */
export const DRAWING_QUOTAS = {
  student: 20 * MB,
  class: 200 * MB,
  school: 2048 * MB,
  unlistedClass: 40 * MB,
  unlistedSchool: 400 * MB,
  /**
   * A school made by a public sign-up whose staff has confirmed no e-mail yet (issue #35): all its
   * drawings together. Ten full-size drawings: enough to try the product with a few children, and
   * 200 sign-ups an hour from one address hold at most 4 GB, not 400 GB.
   */
  unconfirmedSchool: 20 * MB,
  /**
   * Every school of the deployment together, per day (a fixed window counted in rate_limits, in
   * kilobytes): the ceiling a flood of schools cannot pass. 16 GB is 160 schools using their whole
   * day's room at once; a real day of drawings is a small fraction of it.
   */
  deployment: 16 * 1024 * MB,
} as const;

export type DrawingQuotaScope = keyof typeof DRAWING_QUOTAS;

const quotaMessage = (who: string) =>
  `${who} sent too many drawings today, so this drawing cannot be sent. You can still send your other answers, and draw again tomorrow.`;

/** What the student reads (the app, and the answering page's drawing pad) when a quota is full. */
export const DRAWING_QUOTA_MESSAGES: Record<DrawingQuotaScope, string> = {
  student: quotaMessage("You have"),
  class: quotaMessage("Your class has"),
  school: quotaMessage("Your school has"),
  unlistedClass: quotaMessage("Your class has"),
  unlistedSchool: quotaMessage("Your school has"),
  unconfirmedSchool: quotaMessage("Your school has"),
  deployment:
    "Too many drawings have been sent today, so this drawing cannot be sent. You can still send your other answers, and draw again tomorrow.",
};

/** The deployment's day of drawing bytes (DRAWING_QUOTAS.deployment), counted in kilobytes in rate_limits. */
const DEPLOYMENT_DRAWINGS_KEY = "drawings:deployment:kib";
const DEPLOYMENT_DRAWINGS_RULE = { limit: DRAWING_QUOTAS.deployment / 1024, windowMs: DRAWING_QUOTA_WINDOW_MS };

function quotaExceeded(scope: DrawingQuotaScope, retryAfterSeconds: number): DomainError {
  return new DomainError("QUOTA_EXCEEDED", DRAWING_QUOTA_MESSAGES[scope], undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

interface DrawingUsageRow {
  student_bytes: number | string;
  student_oldest: string | Date | null;
  class_bytes: number | string;
  class_oldest: string | Date | null;
  school_bytes: number | string;
  school_oldest: string | Date | null;
  all_bytes: number | string;
  all_oldest: string | Date | null;
  unlisted: boolean | null;
  unconfirmed: boolean | null;
}

/**
 * The student's assignment is of the student's class (findStudentAssignment),
 * so the class counted is `student.classId`. A listed student's upload is
 * counted against the listed students' drawings of the class and school; an
 * unlisted student's against the unlisted students' shares.
 * Refuses (429 QUOTA_EXCEEDED, Retry-After: when the oldest counted drawing
 * leaves the window) when `bytes` more would pass a quota. Call it inside the
 * insert's transaction: it takes the school's upload lock first.
 */
async function enforceDrawingQuotas(tx: Tx, student: StudentPrincipal, bytes: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DRAWING_QUOTA_LOCK_NAMESPACE}, ${student.schoolId})`);
  const windowSeconds = DRAWING_QUOTA_WINDOW_MS / 1000;
  // Whether the uploader is listed in its class; its drawings are counted with those of its kind.
  const unlisted = sql`coalesce((select cs.unlisted from class_students cs where cs.class_id = ${student.classId} and cs.student_id = ${student.studentId}), false)`;
  const sameKind = sql`coalesce(cs.unlisted, false) = (select uploader.unlisted from uploader)`;
  const [usage] = await selectRows<DrawingUsageRow>(
    tx,
    sql`
    with uploader as (select ${unlisted} as unlisted)
    select
      coalesce(sum(d.byte_size) filter (where d.student_id = ${student.studentId}), 0) as student_bytes,
      min(d.created_at) filter (where d.student_id = ${student.studentId}) as student_oldest,
      coalesce(sum(d.byte_size) filter (where a.class_id = ${student.classId} and ${sameKind}), 0) as class_bytes,
      min(d.created_at) filter (where a.class_id = ${student.classId} and ${sameKind}) as class_oldest,
      coalesce(sum(d.byte_size) filter (where ${sameKind}), 0) as school_bytes,
      min(d.created_at) filter (where ${sameKind}) as school_oldest,
      coalesce(sum(d.byte_size), 0) as all_bytes,
      min(d.created_at) as all_oldest,
      (select uploader.unlisted from uploader) as unlisted,
      (select s.self_signed_up and not exists (select 1 from users u where u.school_id = s.id and u.email_verified)
        from schools s where s.id = ${student.schoolId}) as unconfirmed
    from response_drawings d
    join assignments a on a.id = d.assignment_id
    join classes c on c.id = a.class_id
    left join class_students cs on cs.class_id = a.class_id and cs.student_id = d.student_id
    where c.school_id = ${student.schoolId}
      and d.created_at > now() - make_interval(secs => ${windowSeconds})`,
  );
  const scopes = usage?.unconfirmed
    ? ([["unconfirmedSchool", "all"]] as const)
    : usage?.unlisted
      ? ([
          ["student", "student"],
          ["unlistedClass", "class"],
          ["unlistedSchool", "school"],
        ] as const)
      : ([
          ["student", "student"],
          ["class", "class"],
          ["school", "school"],
        ] as const);
  for (const [scope, counted] of scopes) {
    const used = Number(usage?.[`${counted}_bytes`] ?? 0);
    if (used + bytes <= DRAWING_QUOTAS[scope]) continue;
    const oldest = usage?.[`${counted}_oldest`];
    const frees = oldest ? new Date(oldest).getTime() + DRAWING_QUOTA_WINDOW_MS : Date.now();
    throw quotaExceeded(scope, (frees - Date.now()) / 1000);
  }
}

type PngSize = { width: number; height: number };

/** Width and height of a PNG, or null when the bytes are not a well-formed PNG header. */
export function readPngSize(bytes: Uint8Array): PngSize | null {
  if (bytes.length < 33) return null;
  for (let i = 0; i < PNG_SIGNATURE.length; i++) if (bytes[i] !== PNG_SIGNATURE[i]) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk must be IHDR, 13 bytes long.
  if (view.getUint32(8) !== 13) return null;
  if (String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]) !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/**
 * Reads a request body of at most `limit` bytes; a longer one is a 413 as
 * soon as it passes the limit (Content-Length is checked first, when sent).
 */
export async function readBodyWithLimit(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit)
    throw new DomainError("PAYLOAD_TOO_LARGE", DRAWING_TOO_LARGE_MESSAGE);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new DomainError("PAYLOAD_TOO_LARGE", DRAWING_TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export interface UploadedDrawing {
  id: string;
  fieldUid: string;
  byteSize: number;
  width: number;
  height: number;
}

export async function uploadDrawing(
  db: Db,
  content: CachedContent,
  student: StudentPrincipal,
  input: { assignmentId: number; fieldUid: string; png: Uint8Array },
  now = new Date(),
): Promise<UploadedDrawing> {
  const assignment = await findStudentAssignment(db, student, input.assignmentId, now);
  assertTakesAnswers(assignment.status);
  const story = await loadSurveyStory(content, assignment.surveyFullSlug);
  const field = listAnswerFields(story.content).find((candidate) => candidate.uid === input.fieldUid);
  if (field?.kind !== "drawing") {
    throw validationError("This survey has no drawing question with this id.", {
      fieldUid: ["This survey has no drawing question with this id."],
    });
  }
  if (input.png.byteLength > MAX_DRAWING_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", DRAWING_TOO_LARGE_MESSAGE);
  const size = readPngSize(input.png);
  if (!size) throw new DomainError("UNSUPPORTED_MEDIA_TYPE", NOT_A_PNG_MESSAGE);
  if (size.width > MAX_DRAWING_SIDE || size.height > MAX_DRAWING_SIDE) {
    throw validationError(`The drawing can be at most ${MAX_DRAWING_SIDE}×${MAX_DRAWING_SIDE} pixels.`);
  }
  await enforceRateLimits(
    db,
    [{ key: `student-drawing:student:${student.studentId}`, rule: DRAWING_UPLOADS_PER_STUDENT }],
    "Too many drawings uploaded. Please wait a few minutes and try again.",
  );
  const id = randomBytes(18).toString("base64url");
  // The deployment's ceiling takes its hit in one statement before anything is stored, and gives
  // it back when the drawing is not stored after all.
  const kib = Math.ceil(input.png.byteLength / 1024);
  const deployment = await hitRateLimit(db, DEPLOYMENT_DRAWINGS_KEY, DEPLOYMENT_DRAWINGS_RULE, kib);
  const giveBack = () => refundRateLimitHit(db, DEPLOYMENT_DRAWINGS_KEY, deployment.windowStart, kib);
  if (!deployment.allowed) {
    await giveBack();
    throw quotaExceeded("deployment", deployment.retryAfterSeconds);
  }
  await storeDrawing(db, student, { id, assignmentId: assignment.id, fieldUid: field.uid, png: input.png, size }).catch(
    async (error: unknown) => {
      await giveBack();
      throw error;
    },
  );
  return { id, fieldUid: field.uid, byteSize: input.png.byteLength, width: size.width, height: size.height };
}

/** Stores the drawing in one transaction, under the school's quotas (the school's upload lock first). */
async function storeDrawing(
  db: Db,
  student: StudentPrincipal,
  drawing: { id: string; assignmentId: number; fieldUid: string; png: Uint8Array; size: PngSize },
): Promise<void> {
  const { png, size } = drawing;
  await db.transaction(async (tx) => {
    await enforceDrawingQuotas(tx, student, png.byteLength);
    await tx.insert(responseDrawings).values({
      id: drawing.id,
      assignmentId: drawing.assignmentId,
      studentId: student.studentId,
      fieldUid: drawing.fieldUid,
      png,
      byteSize: png.byteLength,
      width: size.width,
      height: size.height,
      sha256: createHash("sha256").update(png).digest("hex"),
    });
  });
}

/** The drawing ids this student uploaded for the assignment, by field (for validating a submission). */
export async function listOwnDrawingFields(
  db: Db,
  student: StudentPrincipal,
  assignmentId: number,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: responseDrawings.id, fieldUid: responseDrawings.fieldUid })
    .from(responseDrawings)
    .where(and(eq(responseDrawings.assignmentId, assignmentId), eq(responseDrawings.studentId, student.studentId)));
  return new Map(rows.map((row) => [row.id, row.fieldUid]));
}

/** A drawing of an assignment of the class, for a teacher (or admin) who may see the class. */
export async function getDrawingForTeacher(
  db: Db,
  actor: Actor,
  input: { classId: number; drawingId: string },
): Promise<{ png: Uint8Array; sha256: string; byteSize: number }> {
  await getClass(db, actor, input.classId);
  const [row] = await db
    .select({ png: responseDrawings.png, sha256: responseDrawings.sha256, byteSize: responseDrawings.byteSize })
    .from(responseDrawings)
    .innerJoin(assignments, eq(assignments.id, responseDrawings.assignmentId))
    .where(and(eq(responseDrawings.id, input.drawingId), eq(assignments.classId, input.classId)))
    .limit(1);
  if (!row) throw notFound("Drawing not found");
  return row;
}

export interface SubmittedDrawing {
  drawingId: string;
  fieldUid: string;
  /** Null, like the names, when the assignment is anonymous. */
  studentId: number | null;
  firstName: string | null;
  lastName: string | null;
  /** The teacher's image URL. */
  url: string;
}

/**
 * The drawings named by the assignment's submitted responses, for the
 * results screen (names left out when the assignment is anonymous).
 */
export async function listSubmittedDrawings(
  db: Db,
  actor: Actor,
  input: { classId: number; assignmentId: number },
): Promise<SubmittedDrawing[]> {
  await getClass(db, actor, input.classId);
  const [assignment] = await db
    .select({ anonymous: assignments.anonymous })
    .from(assignments)
    .where(and(eq(assignments.id, input.assignmentId), eq(assignments.classId, input.classId)));
  if (!assignment) return [];
  if (assignment.anonymous) return listReleasedDrawings(db, input);
  const rows = await db
    .select({
      drawingId: responseDrawings.id,
      fieldUid: responseDrawings.fieldUid,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      answers: responses.answers,
    })
    .from(responses)
    .innerJoin(assignments, eq(assignments.id, responses.assignmentId))
    .innerJoin(students, eq(students.id, responses.studentId))
    .innerJoin(
      responseDrawings,
      and(
        eq(responseDrawings.assignmentId, responses.assignmentId),
        eq(responseDrawings.studentId, responses.studentId),
      ),
    )
    .where(and(eq(responses.assignmentId, input.assignmentId), eq(assignments.classId, input.classId)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  return rows
    .filter((row) => {
      const answer = row.answers[row.fieldUid] as { drawingId?: unknown } | undefined;
      return answer?.drawingId === row.drawingId;
    })
    .map((row) => ({
      drawingId: row.drawingId,
      fieldUid: row.fieldUid,
      studentId: row.studentId,
      firstName: row.firstName,
      lastName: row.lastName,
      url: `/class/${input.classId}/drawings/${row.drawingId}.png`,
    }));
}

/**
 * An anonymous assignment's drawings: those its last release names (ADR 188),
 * in the release's order, with no name. When a released drawing has been
 * deleted since (its student's deletion, retention), none are shown until
 * the next release: the one missing would show whose it was.
 */
async function listReleasedDrawings(
  db: Db,
  input: { classId: number; assignmentId: number },
): Promise<SubmittedDrawing[]> {
  const released = (await listReleasedAnswers(db, input.assignmentId)).flatMap((answers) =>
    Object.entries(answers).flatMap(([fieldUid, value]) => {
      const drawingId =
        typeof value === "object" && value !== null ? (value as { drawingId?: unknown }).drawingId : null;
      return typeof drawingId === "string" ? [{ fieldUid, drawingId }] : [];
    }),
  );
  if (released.length === 0) return [];
  const kept = await db
    .select({ id: responseDrawings.id })
    .from(responseDrawings)
    .where(
      and(
        eq(responseDrawings.assignmentId, input.assignmentId),
        inArray(
          responseDrawings.id,
          released.map((drawing) => drawing.drawingId),
        ),
      ),
    );
  if (kept.length < new Set(released.map((drawing) => drawing.drawingId)).size) return [];
  return released.map((drawing) => ({
    ...drawing,
    studentId: null,
    firstName: null,
    lastName: null,
    url: `/class/${input.classId}/drawings/${drawing.drawingId}.png`,
  }));
}
