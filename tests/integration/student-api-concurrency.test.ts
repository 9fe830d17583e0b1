/**
 * Student API reliability: 300 students submit at once while every
 * one of them also retries, and a close lands in the middle of a burst of
 * submissions. Through the route modules and the typed client, on a real
 * database (PGlite here; CI runs it on PostgreSQL as well, where the
 * transactions really do run side by side).
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, classStudents, responses, students } from "~/server/db/schema.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createSurvey } from "../support/fixtures";
import { studentApiFetch } from "../support/student-api-app";
import { expectedTallies, storedTallies } from "../support/tallies";

let database: Database;
let world: ClassWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

/** `count` students on the class roster, each with a student token. */
async function enrol(classId: number, count: number, prefix: string) {
  const rows = await database.db
    .insert(students)
    .values(
      Array.from({ length: count }, (_, i) => ({
        schoolId: world.riverside.id,
        firstName: prefix,
        lastName: `Student${i}`,
      })),
    )
    .returning({ id: students.id });
  await database.db.insert(classStudents).values(rows.map((row) => ({ classId, studentId: row.id })));
  const tokens: { studentId: number; token: string }[] = [];
  for (const row of rows)
    tokens.push({ studentId: row.id, token: await issueStudentToken(database.db, { studentId: row.id, classId }) });
  return tokens;
}

function apiFor(token: string) {
  return createStudentApiClient({
    baseUrl: "http://school.test",
    token,
    fetch: studentApiFetch(database),
    logError: () => {},
  });
}

test("300 students submit at once, each with a duplicate retry: exactly 300 rows and every client succeeds", async () => {
  const survey = await createSurvey(database.db, {
    fullSlug: "surveys/starting-the-school-year",
    title: "Starting the school year",
  });
  const assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
  });
  const enrolled = await enrol(world.class5A.id, 300, "Load");

  const startedAt = performance.now();
  const calls = enrolled.flatMap(({ studentId, token }, i) => {
    const api = apiFor(token);
    const answers = { "sy-excited": i % 4, "sy-q1-a1": `Answer from ${studentId}` };
    const key = `submit-${studentId}`;
    return [
      api.submitResponse(assignment.id, { answers }, { idempotencyKey: key }).then((result) => ({ studentId, result })),
      api.submitResponse(assignment.id, { answers }, { idempotencyKey: key }).then((result) => ({ studentId, result })),
    ];
  });
  const settled = await Promise.allSettled(calls);
  const elapsedMs = Math.round(performance.now() - startedAt);
  console.info(
    `student-api concurrency: 600 submissions (300 students + 300 retries) in ${elapsedMs} ms on ${database.kind}`,
  );

  const failures = settled.filter((outcome) => outcome.status === "rejected");
  expect(failures.map((f) => String((f as PromiseRejectedResult).reason?.body?.message ?? f))).toEqual([]);
  const results = settled.map(
    (outcome) =>
      (
        outcome as PromiseFulfilledResult<{
          studentId: number;
          result: { response: { id: number }; replayed: boolean };
        }>
      ).value,
  );
  // Each pair was answered the same way: one stored response, one replay of it.
  const byStudent = new Map<number, { response: { id: number }; replayed: boolean }[]>();
  for (const { studentId, result } of results) byStudent.set(studentId, [...(byStudent.get(studentId) ?? []), result]);
  for (const pair of byStudent.values()) {
    expect(pair).toHaveLength(2);
    expect(pair[0].response).toEqual(pair[1].response);
    expect(pair.filter((r) => r.replayed)).toHaveLength(1);
  }

  const rows = await database.db
    .select({ studentId: responses.studentId })
    .from(responses)
    .where(eq(responses.assignmentId, assignment.id));
  expect(rows).toHaveLength(300);
  expect(new Set(rows.map((r) => r.studentId)).size).toBe(300);
  const submits = await database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "response.submit"),
        inArray(
          auditEvents.actorStudentId,
          enrolled.map((e) => e.studentId),
        ),
      ),
    );
  expect(submits).toHaveLength(300);
  // The running totals the results screen reads (ADR 066) survived the concurrent writers.
  const tallies = await storedTallies(database.db);
  expect(tallies[`${assignment.id}||`]).toBe(300);
  expect(tallies).toEqual(await expectedTallies(database.db));
}, 120_000);

test("a close racing submissions: each one lands before the close or gets 409, never half", async () => {
  const survey = await createSurvey(database.db, {
    fullSlug: "surveys/wellbeing-check-in",
    title: "Wellbeing check-in",
  });
  const assignment = await createAssignment(database.db, {
    classId: world.class6.id,
    surveyId: survey.id,
    status: "active",
  });
  const enrolled = await enrol(world.class6.id, 120, "Race");
  const content = await apiFor(enrolled[0].token).getSurvey(survey.id);
  const freetext = content.story.content.response as {
    component: string;
    questions?: { answers?: { _uid: string; component: string }[] }[];
  }[];
  const uid = freetext
    .flatMap((block) => block.questions ?? [])
    .flatMap((q) => q.answers ?? [])
    .find((a) => a.component === "response-text-question-answer-freetext")!._uid;

  // Half the class submits at once. As soon as the 10th is stored the teacher
  // closes the survey and, right behind the close, the other half submits:
  // submissions are in flight on both sides of the close.
  type Outcome = { studentId: number; outcome: "stored" | "closed" };
  let storedSoFar = 0;
  let secondWave: Promise<Outcome[]> | undefined;
  let close: Promise<unknown> | undefined;
  const submit = ({ studentId, token }: { studentId: number; token: string }): Promise<Outcome> =>
    apiFor(token)
      .submitResponse(
        assignment.id,
        { answers: { [uid]: `race ${studentId}` } },
        { idempotencyKey: `race-${studentId}` },
      )
      .then(
        () => {
          if (++storedSoFar === 10) {
            close = setAssignmentStatus(database.db, world.actors.colleague, {
              classId: world.class6.id,
              assignmentId: assignment.id,
              status: "completed",
            });
            secondWave = Promise.all(enrolled.slice(60).map(submit));
          }
          return { studentId, outcome: "stored" as const };
        },
        (error: unknown) => {
          if (error instanceof StudentApiHttpError && error.status === 409) {
            expect(error.body).toEqual({ code: "CONFLICT", message: "This survey is closed" });
            return { studentId, outcome: "closed" as const };
          }
          throw error;
        },
      );
  const firstWave = await Promise.all(enrolled.slice(0, 60).map(submit));
  expect(close).toBeDefined();
  await close;
  const outcomes = [...firstWave, ...((await secondWave) ?? [])];

  const stored = outcomes
    .filter((o) => o.outcome === "stored")
    .map((o) => o.studentId)
    .sort((a, b) => a - b);
  const refused = outcomes.filter((o) => o.outcome === "closed");
  console.info(
    `student-api close race on ${database.kind}: ${stored.length} stored before the close, ${refused.length} refused after it`,
  );
  expect(stored.length + refused.length).toBe(120);
  // What the database holds is exactly what the clients were told was stored.
  const rows = await database.db
    .select({ studentId: responses.studentId })
    .from(responses)
    .where(eq(responses.assignmentId, assignment.id));
  expect(rows.map((r) => r.studentId).sort((a, b) => a - b)).toEqual(stored);
  // Every stored submission committed before the close took the assignment.
  const [closeEvent] = await database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "assignment.close"), eq(auditEvents.targetId, String(assignment.id))));
  const submitEvents = await database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "response.submit"),
        inArray(
          auditEvents.actorStudentId,
          enrolled.map((e) => e.studentId),
        ),
      ),
    );
  expect(submitEvents).toHaveLength(stored.length);
  for (const event of submitEvents) expect(event.id).toBeLessThan(closeEvent.id);
}, 120_000);
