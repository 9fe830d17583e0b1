/**
 * Issue #37: every submission's key is kept once per student and assignment
 * (submission_keys), so no answer is counted twice however often a device
 * sends it: parallel replays of one key make one submission, a replay of an
 * older key after a newer one changes nothing and is answered as the first
 * time, and the key may come in the body. Through the student API's route
 * modules on a real database (PGlite; CI runs it on PostgreSQL as well, where
 * the replays really do run side by side).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Database } from "~/server/db/client.server";
import { auditEvents, responses, submissionKeys } from "~/server/db/schema.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createStudent, createSurvey } from "../support/fixtures";
import { studentApiFetch } from "../support/student-api-app";

let database: Database;
let world: ClassWorld;
let assignmentId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
  const survey = await createSurvey(database.db, {
    fullSlug: "surveys/starting-the-school-year",
    title: "Starting the school year",
  });
  const assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
  });
  assignmentId = assignment.id;
});

async function newStudent(lastName: string) {
  const student = await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: world.class5A.id,
    firstName: "Key",
    lastName,
  });
  const token = await issueStudentToken(database.db, { studentId: student.id, classId: world.class5A.id });
  return { studentId: student.id, token };
}

/** POST a submission as the API's clients do; the body's JSON and the header as given. */
async function submit(token: string, body: unknown, key?: string) {
  const response = await studentApiFetch(database)(
    `http://school.test/api/student/v1/assignments/${assignmentId}/responses`,
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(body),
    },
  );
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed"),
    json: await response.json(),
  };
}

async function stored(studentId: number) {
  const rows = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  const keys = await database.db
    .select({ key: submissionKeys.key })
    .from(submissionKeys)
    .where(and(eq(submissionKeys.studentId, studentId), eq(submissionKeys.assignmentId, assignmentId)));
  const events = await database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.actorStudentId, studentId));
  return { rows, keys: keys.map((row) => row.key).sort(), actions: events.map((event) => event.action) };
}

test("twelve parallel replays of one key: one response, one key, one audit event, and every reply the same", async () => {
  const { studentId, token } = await newStudent("Parallel");
  const answers = { "sy-excited": 2, "sy-q1-a1": "Reading" };
  const replies = await Promise.all(Array.from({ length: 12 }, () => submit(token, { answers }, "outbox-key-1")));
  expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(200));
  // One of them stored it; the others were answered from it.
  expect(replies.filter((reply) => reply.replayed === null)).toHaveLength(1);
  const first = replies[0].json.response;
  for (const reply of replies) expect(reply.json.response).toEqual(first);
  expect(first).toMatchObject({ answers, idempotencyKey: "outbox-key-1" });

  const after = await stored(studentId);
  expect(after.rows).toHaveLength(1);
  expect(after.rows[0].answers).toEqual(answers);
  expect(after.keys).toEqual(["outbox-key-1"]);
  expect(after.actions).toEqual(["response.submit"]);
});

test("an older key replayed after a newer one changes nothing and is answered as it was the first time", async () => {
  const { studentId, token } = await newStudent("Older");
  const older = await submit(token, { answers: { "sy-excited": 0 } }, "older-key");
  expect(older.status).toBe(200);
  const newer = await submit(token, { answers: { "sy-excited": 3 } }, "newer-key");
  expect(newer.status).toBe(200);
  expect(newer.json.response.id).toBe(older.json.response.id);

  // The device that sent the older one retries it (it never saw the reply).
  const replay = await submit(token, { answers: { "sy-excited": 0 } }, "older-key");
  expect(replay.status).toBe(200);
  expect(replay.replayed).toBe("true");
  expect(replay.json.response).toEqual(older.json.response);
  const after = await stored(studentId);
  expect(after.rows).toHaveLength(1);
  expect(after.rows[0].answers).toEqual({ "sy-excited": 3 });
  expect(after.rows[0].idempotencyKey).toBe("newer-key");
  expect(after.keys).toEqual(["newer-key", "older-key"]);

  // The older key with other answers is still refused.
  const reused = await submit(token, { answers: { "sy-excited": 1 } }, "older-key");
  expect(reused.status).toBe(409);
  expect((await stored(studentId)).rows[0].answers).toEqual({ "sy-excited": 3 });
});

test("the key in the body counts as the header's; both must agree", async () => {
  const { studentId, token } = await newStudent("Body");
  const answers = { "sy-excited": 1 };
  const first = await submit(token, { answers, idempotencyKey: "body-key" });
  expect(first.status).toBe(200);
  expect(first.json.response.idempotencyKey).toBe("body-key");
  const again = await submit(token, { answers }, "body-key");
  expect(again.replayed).toBe("true");
  expect(again.json.response).toEqual(first.json.response);

  const mismatch = await submit(token, { answers, idempotencyKey: "body-key" }, "header-key");
  expect(mismatch.status).toBe(400);
  expect(mismatch.json.fieldErrors).toHaveProperty("idempotencyKey");
  const tooLong = await submit(token, { answers, idempotencyKey: "k".repeat(201) });
  expect(tooLong.status).toBe(400);
  expect((await stored(studentId)).keys).toEqual(["body-key"]);
});
