/**
 * ADR 205: an assignment's change events. PostgreSQL's own NOTIFY (sent by
 * drizzle/0009's triggers) reaches the subscribers after COMMIT and never
 * for a rollback; one listener fans out to every subscription of the
 * assignment and to nobody else; the poll mode (LIVE_RESULTS_MODE=poll)
 * sees the same changes through the change counters. Runs on PGlite (its
 * own listen) and, with TEST_DATABASE_URL, on PostgreSQL (a dedicated pg
 * connection).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  type AssignmentChange,
  type AssignmentEvents,
  createAssignmentEvents,
} from "~/server/assignments/assignment-events.server";
import { getLiveResults } from "~/server/assignments/live-results.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import type { Database, Db } from "~/server/db/client.server";
import { assignmentChanges, assignments, responses, schools } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClassWorld,
  createResponse,
  createStudent,
  createSurvey,
} from "../support/fixtures";
import { optionsQuestion, surveyOf } from "../support/survey-fixtures";

let database: Database;
let db: Db;
let world: ClassWorld;
const opened: AssignmentEvents[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  world = await createClassWorld(db);
});

afterAll(async () => {
  for (const events of opened) await events.close();
});

function events(mode: "listen" | "poll" = "listen"): AssignmentEvents {
  const created = createAssignmentEvents(database, { mode, pollIntervalMs: 100 });
  opened.push(created);
  return created;
}

async function activeAssignment(options: { anonymous?: boolean } = {}) {
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
    anonymous: options.anonymous,
  });
  return { survey, assignment };
}

async function student() {
  return createStudent(db, { schoolId: world.riverside.id, classId: world.class5A.id });
}

/** Every change delivered to one subscription, in order. */
async function record(source: AssignmentEvents, assignmentId: number) {
  const received: AssignmentChange[] = [];
  const unsubscribe = await source.subscribeToAssignment(assignmentId, (change) => received.push(change));
  return { received, unsubscribe };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(20);
  }
}

test("a response's event arrives after its transaction commits, not before", async () => {
  const { assignment } = await activeAssignment();
  // (A student joining the class is an event of its own: before subscribing.)
  const pupil = await student();
  const { received } = await record(events(), assignment.id);
  let seenBeforeCommit = -1;
  await db.transaction(async (tx) => {
    await tx.insert(responses).values({ assignmentId: assignment.id, studentId: pupil.id, answers: { q: 1 } });
    await sleep(300);
    seenBeforeCommit = received.length;
  });
  expect(seenBeforeCommit).toBe(0);
  await waitFor(() => received.length > 0);
  expect(received[0]).toEqual({ assignmentId: assignment.id, resync: false });
});

test("a rolled-back response sends no event, and moves no counter", async () => {
  const { assignment } = await activeAssignment();
  const pupil = await student();
  const [{ seq: seqAfterJoin }] = await db
    .select()
    .from(assignmentChanges)
    .where(eq(assignmentChanges.assignmentId, assignment.id));
  const { received } = await record(events(), assignment.id);
  await expect(
    db.transaction(async (tx) => {
      await tx.insert(responses).values({ assignmentId: assignment.id, studentId: pupil.id, answers: { q: 1 } });
      throw new Error("changed my mind");
    }),
  ).rejects.toThrow("changed my mind");
  await sleep(500);
  expect(received).toEqual([]);
  const counters = await db.select().from(assignmentChanges).where(eq(assignmentChanges.assignmentId, assignment.id));
  expect(counters).toHaveLength(1);
  const [before] = counters;
  expect(before.seq).toBe(seqAfterJoin);
});

test("replacing and deleting a response, and closing the assignment, each send an event", async () => {
  const { assignment } = await activeAssignment();
  const pupil = await student();
  const response = await createResponse(db, { assignmentId: assignment.id, studentId: pupil.id, answers: { q: 1 } });
  const { received } = await record(events(), assignment.id);

  await db
    .update(responses)
    .set({ answers: { q: 2 } })
    .where(eq(responses.id, response.id));
  await waitFor(() => received.length === 1);
  await db.delete(responses).where(eq(responses.id, response.id));
  await waitFor(() => received.length === 2);
  await db
    .update(assignments)
    .set({ status: "completed", closedAt: new Date() })
    .where(eq(assignments.id, assignment.id));
  await waitFor(() => received.length === 3);
  // A change that does not show (the survey's title, say) is not an event.
  await db.update(assignments).set({ updatedAt: new Date() }).where(eq(assignments.id, assignment.id));
  await sleep(300);
  expect(received).toHaveLength(3);
});

test("a student joining the class is an event of its open assignments", async () => {
  const { assignment } = await activeAssignment();
  const { received } = await record(events(), assignment.id);
  await student();
  await waitFor(() => received.length === 1);
});

test("one listener fans out to every subscription of the assignment, and to nobody else", async () => {
  const source = events();
  const { assignment: first } = await activeAssignment();
  const { assignment: second } = await activeAssignment();
  const [one, two] = [await student(), await student()];
  const a = await record(source, first.id);
  const b = await record(source, first.id);
  const other = await record(source, second.id);
  expect(source.subscriberCount()).toBe(3);

  await createResponse(db, { assignmentId: first.id, studentId: one.id, answers: {} });
  await waitFor(() => a.received.length === 1 && b.received.length === 1);
  await sleep(200);
  expect(other.received).toEqual([]);

  b.unsubscribe();
  expect(source.subscriberCount()).toBe(2);
  await createResponse(db, { assignmentId: first.id, studentId: two.id, answers: {} });
  await waitFor(() => a.received.length === 2);
  await sleep(200);
  expect(b.received).toHaveLength(1);
});

test("poll mode: the change counters bring the same events, and a rollback none", async () => {
  const source = events("poll");
  expect(source.mode).toBe("poll");
  const { assignment } = await activeAssignment();
  const pupil = await student();
  const { received } = await record(source, assignment.id);

  await expect(
    db.transaction(async (tx) => {
      await tx.insert(responses).values({ assignmentId: assignment.id, studentId: pupil.id, answers: {} });
      throw new Error("rolled back");
    }),
  ).rejects.toThrow("rolled back");
  await sleep(400);
  expect(received).toEqual([]);

  await createResponse(db, { assignmentId: assignment.id, studentId: pupil.id, answers: {} });
  await waitFor(() => received.length === 1);
  await db.update(assignments).set({ status: "completed" }).where(eq(assignments.id, assignment.id));
  await waitFor(() => received.length === 2);
  expect(received.every((change) => change.assignmentId === assignment.id && !change.resync)).toBe(true);
});

const lookup =
  (blocks: Parameters<typeof surveyOf>[1]): SurveyContentLookup =>
  async () =>
    surveyOf("Live", blocks) as never;

test("the live counts come from the tallies, and an anonymous assignment's only from its release", async () => {
  const content = lookup([optionsQuestion("mood", "How do you feel?", ["Happy", "Sad"])]);
  const { assignment } = await activeAssignment();
  for (const index of [0, 0, 1])
    await createResponse(db, {
      assignmentId: assignment.id,
      studentId: (await student()).id,
      answers: { mood: index },
    });
  const live = await getLiveResults(
    db,
    world.actors.teacher,
    { classId: world.class5A.id, assignmentId: assignment.id },
    content,
  );
  expect(live).toMatchObject({ status: "active", anonymous: false, responseCount: 3, release: null });
  expect(live.questions).toEqual([{ uid: "mood", answered: 3, counts: [2, 1] }]);
  expect(live.changeSeq).toBeGreaterThan(0);

  // Anonymous (issue #35): nothing in the snapshot moves, and no event is sent, until a release.
  const [school] = await db.select().from(schools).where(eq(schools.id, world.riverside.id));
  const threshold = Math.max(3, school.minGroupSize);
  const { assignment: anonymous } = await activeAssignment({ anonymous: true });
  const scope = { classId: world.class5A.id, assignmentId: anonymous.id };
  const roster = [];
  for (let i = 0; i < threshold; i++) roster.push(await student());
  const before = await getLiveResults(db, world.actors.teacher, scope, content);
  const { received } = await record(events(), anonymous.id);
  for (const [i, pupil] of roster.slice(0, threshold - 1).entries()) {
    await createResponse(db, { assignmentId: anonymous.id, studentId: pupil.id, answers: { mood: 0 } });
    // A changed answer moves nothing either.
    if (i === 0)
      await db
        .update(responses)
        .set({ answers: { mood: 1 } })
        .where(eq(responses.studentId, pupil.id));
  }
  const hidden = await getLiveResults(db, world.actors.teacher, scope, content);
  expect(hidden).toEqual(before);
  expect(hidden).toMatchObject({ questions: [], responseCount: 0, release: { threshold, releasedCount: 0 } });

  await createResponse(db, { assignmentId: anonymous.id, studentId: roster[threshold - 1].id, answers: { mood: 1 } });
  await waitFor(() => received.length > 0);
  const released = await getLiveResults(db, world.actors.teacher, scope, content);
  expect(released.questions).toEqual([{ uid: "mood", answered: threshold, counts: [threshold - 2, 2] }]);
  expect(released).toMatchObject({ responseCount: threshold, release: { threshold, releasedCount: threshold } });
  expect(released.changeSeq).toBeGreaterThan(before.changeSeq);
  // Events arrive in commit order: the release's is the only one.
  await sleep(200);
  expect(received).toHaveLength(1);
});

test("another school's teacher gets NotFound for the live counts, as for the results", async () => {
  const { assignment } = await activeAssignment();
  await expect(
    getLiveResults(
      db,
      world.actors.otherTeacher,
      { classId: world.class5A.id, assignmentId: assignment.id },
      lookup([]),
    ),
  ).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(
    getLiveResults(db, world.actors.colleague, { classId: world.class5A.id, assignmentId: assignment.id }, lookup([])),
  ).rejects.toMatchObject({ code: "NOT_FOUND" });
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "PostgreSQL: a lost listener connection comes back by itself and tells every subscriber to read everything again",
  async () => {
    const source = events();
    const { assignment } = await activeAssignment();
    const pupil = await student();
    const { received } = await record(source, assignment.id);
    // The listener's own backend, ended from outside (a failover, a restart, an idle-killer).
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and datname = current_database()`,
    );
    await waitFor(() => received.some((change) => change.resync), 15_000);
    await createResponse(db, { assignmentId: assignment.id, studentId: pupil.id, answers: {} });
    await waitFor(() => received.some((change) => !change.resync), 5_000);
  },
  30_000,
);
