/**
 * Heartbeats and answer submissions are slowed per student token, never per
 * address (a whole school is one address), and neither floods the audit log:
 * heartbeats are never audited, an answer replacement at most once per
 * interval per student and assignment (docs/security.md "Limits", ADR 197).
 * Through the student API's route modules and the student page's heartbeat,
 * on a real database.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import { recordPageHeartbeat } from "~/server/assignments/student-assignments.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, rateLimits, studentTokens } from "~/server/db/schema.server";
import { RATE_LIMITS } from "~/server/security/rate-limit.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createStudent, createSurvey } from "../support/fixtures";
import { studentApiFetch } from "../support/student-api-app";

const SLUG = "surveys/starting-the-school-year";
const SCHOOL_ADDRESS = "203.0.113.20";

let database: Database;
let world: ClassWorld;
let assignment: { id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
  const survey = await createSurvey(database.db, { fullSlug: SLUG, title: "Starting the school year" });
  assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
  });
});

/** A student of 5A with an app token; every client talks from the school's one address. */
async function student() {
  const row = await createStudent(database.db, { schoolId: world.riverside.id, classId: world.class5A.id });
  const token = await issueStudentToken(database.db, { studentId: row.id, classId: world.class5A.id, kind: "app" });
  const [{ id: tokenId }] = await database.db
    .select({ id: studentTokens.id })
    .from(studentTokens)
    .where(eq(studentTokens.studentId, row.id));
  const api = createStudentApiClient({
    baseUrl: "http://school.test",
    token,
    logError: () => {},
    fetch: studentApiFetch(database, { clientAddress: SCHOOL_ADDRESS }),
  });
  return { id: row.id, tokenId, token, api };
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof StudentApiHttpError) return error.status;
    throw error;
  }
}

const replaceEvents = (studentId: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorStudentId, studentId), eq(auditEvents.action, "response.replace")))
    .orderBy(auditEvents.id);

test("heartbeats are slowed per token: one token past its limit gets 429, a classmate at the same address does not", async () => {
  const eager = await student();
  const classmate = await student();
  for (let i = 0; i < RATE_LIMITS.heartbeatsPerToken.limit; i++)
    expect(await statusOf(eager.api.heartbeat())).toBe(200);
  expect(await statusOf(eager.api.heartbeat())).toBe(429);
  expect(await statusOf(classmate.api.heartbeat())).toBe(200);
  // Nothing is counted per address, and no heartbeat is audited.
  expect(
    await database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${SCHOOL_ADDRESS}%`)),
  ).toHaveLength(0);
  expect(await database.db.select().from(auditEvents).where(eq(auditEvents.actorStudentId, eager.id))).toHaveLength(0);
});

test("the student page's heartbeat (POST /student/heartbeat) is slowed per token too, with Retry-After", async () => {
  const pupil = await student();
  await database.db.insert(rateLimits).values({
    key: `student-heartbeat:token:${pupil.tokenId}`,
    windowStart: sql`now()`,
    count: RATE_LIMITS.heartbeatsPerToken.limit,
  });
  // The page's session is a browser token; the throttle is the same for both kinds.
  const refused = await recordPageHeartbeat(database.db, {
    tokenId: pupil.tokenId,
    studentId: pupil.id,
    classId: world.class5A.id,
    schoolId: world.riverside.id,
    firstName: "Sam",
    lastName: "Student",
    className: "5A Sunflowers",
  }).then(
    () => null,
    (error: unknown) => error as { status: number; headers?: Record<string, string> },
  );
  expect(refused?.status).toBe(429);
  expect(Number(refused?.headers?.["Retry-After"])).toBeGreaterThan(0);
});

test("answer submissions are slowed per token, not per address", async () => {
  const busy = await student();
  const classmate = await student();
  await database.db.insert(rateLimits).values({
    key: `student-answers:token:${busy.tokenId}`,
    windowStart: sql`now()`,
    count: RATE_LIMITS.answersPerToken.limit,
  });
  expect(await statusOf(busy.api.submitResponse(assignment.id, { answers: { "sy-excited": 1 } }))).toBe(429);
  expect(await statusOf(classmate.api.submitResponse(assignment.id, { answers: { "sy-excited": 1 } }))).toBe(200);
});

test("answer replacements are audited at most once per interval per student and assignment, keeping the answers before the run", async () => {
  const pupil = await student();
  await pupil.api.submitResponse(assignment.id, { answers: { "sy-excited": 0 } });
  for (const value of [1, 2, 3, 1]) await pupil.api.submitResponse(assignment.id, { answers: { "sy-excited": value } });
  const events = await replaceEvents(pupil.id);
  expect(events).toHaveLength(1);
  expect(events[0].details).toMatchObject({ previous: { answers: { "sy-excited": 0 } } });

  // Once the interval is over, the next replacement is audited again, with what it replaced.
  await database.db
    .update(rateLimits)
    .set({ windowStart: sql`now() - interval '11 minutes'` })
    .where(eq(rateLimits.key, `audit:response-replace:${pupil.id}:${assignment.id}`));
  await pupil.api.submitResponse(assignment.id, { answers: { "sy-excited": 2 } });
  const later = await replaceEvents(pupil.id);
  expect(later).toHaveLength(2);
  expect(later[1].details).toMatchObject({ previous: { answers: { "sy-excited": 1 } } });
});
