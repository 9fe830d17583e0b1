/**
 * The student API (docs/api.md#student-api) through its route modules and the typed client,
 * on a real database: join, tokens and revoking, presence, assignments,
 * survey content, submission rules, idempotency, drawings and the contract.
 */

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import { buildStudentOpenApiDocument } from "~/lib/student-api/openapi";
import { MAX_TEXT_ANSWER_LENGTH, submitResponseRequestSchema } from "~/lib/student-api/schemas";
import { listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import * as drawingRoute from "~/routes/class/drawing";
import type { App } from "~/server/app.server";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import { getAssignmentResults } from "~/server/assignments/results.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { createSession } from "~/server/auth/session.server";
import { CODE_DIGITS, CODE_LETTERS, classCodeSpace } from "~/server/class-codes/class-codes.server";
import { listOnlineStudents } from "~/server/classes/class-dashboard.server";
import type { Database } from "~/server/db/client.server";
import {
  auditEvents,
  classCodes,
  classStudents,
  rateLimits,
  responseDrawings,
  responses,
  students,
  studentTokens,
} from "~/server/db/schema.server";
import { validateAnswers } from "~/server/responses/submissions.server";
import { removeStudentFromClass } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassWorld,
  createStudent,
  createSurvey,
} from "../support/fixtures";
import { makePng } from "../support/png";
import { studentApiFetch } from "../support/student-api-app";
import { joinedStudent } from "../support/student-join";
import { createTestApp, routeContext } from "../support/test-app";

const SLUG = "surveys/starting-the-school-year";
const BASE = "http://school.test";

let database: Database;
/** The App loaders and actions find in their context (tests/support/test-app.ts). */
let testApp: App;
let world: ClassWorld;
let survey: { id: number };
let otherSurvey: { id: number };
let active: { id: number };
let notStarted: { id: number };
let closed: { id: number };
let hillActive: { id: number };
let ipCounter = 0;

/** A client from its own IP, so join rate limits do not leak between tests. */
function client(options: { token?: string; ip?: string } = {}) {
  const ip = options.ip ?? `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
  return createStudentApiClient({
    baseUrl: BASE,
    token: options.token,
    logError: () => {},
    fetch: studentApiFetch(database, { clientAddress: ip }),
  });
}

async function expectHttpError(
  promise: Promise<unknown>,
  status: number,
): Promise<{ code: string; message: string; fieldErrors?: Record<string, string[]> }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StudentApiHttpError);
  const httpError = error as StudentApiHttpError;
  expect(httpError.message).toBe(`HTTP error! status: ${status}`);
  expect(httpError.status).toBe(status);
  return httpError.body as { code: string; message: string; fieldErrors?: Record<string, string[]> };
}

/** A 429's wait, from its Retry-After header: whole seconds, at least 1, at most the limit's window. */
async function expectRetryAfter(promise: Promise<unknown>, windowMs: number): Promise<number> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as StudentApiHttpError;
  expect(error).toBeInstanceOf(StudentApiHttpError);
  expect(error.status).toBe(429);
  const header = error.headers.get("retry-after");
  expect(header).toMatch(/^[1-9]\d*$/);
  expect(Number(header)).toBeLessThanOrEqual(windowMs / 1000);
  return Number(header);
}

async function liveCode(classId: number, code: string, values: { expiresAt?: Date; stoppedAt?: Date | null } = {}) {
  const [row] = await database.db
    .insert(classCodes)
    .values({
      classId,
      code,
      expiresAt: values.expiresAt ?? new Date(Date.now() + 86_400_000),
      stoppedAt: values.stoppedAt ?? null,
    })
    .returning();
  return row;
}

/** A join that lets the device in, with the student's id (tests/support/student-join.ts). */
async function join(firstName: string, lastName: string, code = "RIVR-2345") {
  return joinedStudent(database.db, await client().join({ code, firstName, lastName }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  world = await createClassWorld(database.db);
  survey = await createSurvey(database.db, { fullSlug: SLUG, title: "Starting the school year" });
  otherSurvey = await createSurvey(database.db, {
    fullSlug: "surveys/wellbeing-check-in",
    title: "Wellbeing check-in",
  });
  const third = await createSurvey(database.db, { fullSlug: "surveys/reading-habits", title: "Reading habits" });
  const fourth = await createSurvey(database.db, { fullSlug: "surveys/class-climate", title: "Class climate" });
  active = await createAssignment(database.db, { classId: world.class5A.id, surveyId: survey.id, status: "active" });
  notStarted = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: otherSurvey.id,
    status: "assigned",
  });
  closed = await createAssignment(database.db, { classId: world.class5A.id, surveyId: third.id, status: "completed" });
  hillActive = await createAssignment(database.db, {
    classId: world.hillClass.id,
    surveyId: fourth.id,
    status: "active",
  });
  await liveCode(world.class5A.id, "RIVR-2345");
  await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: world.class5A.id,
    firstName: "Mia",
    lastName: "Van Dijk",
  });
});

describe("join", () => {
  test("a rostered name, in any case and spacing, gets that student and a token stored only as a hash", async () => {
    const [rostered] = await database.db.select().from(students).where(eq(students.lastName, "Van Dijk"));
    const joined = await joinedStudent(
      database.db,
      await client().join({ code: " rivr-2345 ", firstName: "  MIA ", lastName: "vandijk" }),
    );
    expect(joined.student.id).toBe(rostered.id);
    expect(joined.class).toEqual({ id: world.class5A.id, name: "5A Sunflowers", sourcedId: null });
    expect(joined.token).toMatch(/^ost_[A-Za-z0-9_-]{43}$/);
    const tokens = await database.db.select().from(studentTokens).where(eq(studentTokens.studentId, rostered.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).not.toContain(joined.token);
    expect(JSON.stringify(tokens)).not.toContain(joined.token.slice(4));
    const [membership] = await database.db.select().from(classStudents).where(eq(classStudents.studentId, rostered.id));
    expect(membership.joinedWithCodeId).not.toBeNull();
    // One student with that name on the roster, still.
    const named = await database.db.select().from(students).where(eq(students.lastName, "Van Dijk"));
    expect(named).toHaveLength(1);
  });

  test("a new name adds a student to the class, recorded as joined with the code", async () => {
    const joined = await joinedStudent(
      database.db,
      await client().join({ code: "rivr2345", firstName: "Noah", lastName: "Okoro" }),
    );
    const [row] = await database.db
      .select({ classId: classStudents.classId, codeId: classStudents.joinedWithCodeId, schoolId: students.schoolId })
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(eq(students.id, joined.student.id));
    expect(row.classId).toBe(world.class5A.id);
    expect(row.schoolId).toBe(world.riverside.id);
    expect(row.codeId).not.toBeNull();
    expect(joined.student).toEqual({ id: joined.student.id, firstName: "Noah", lastName: "Okoro" });
  });

  test("the answer never shows the roster: same shape, names as typed, no student id, matched or not", async () => {
    await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: world.class5A.id,
      firstName: "Lena",
      lastName: "De Vries",
    });
    const matched = await client().join({ code: "RIVR-2345", firstName: "lena", lastName: "de  vries" });
    const fresh = await client().join({ code: "RIVR-2345", firstName: "zed", lastName: "unknownperson" });
    expect(Object.keys(matched).sort()).toEqual(["class", "expiresIn", "status", "student", "token"]);
    expect(Object.keys(fresh).sort()).toEqual(["class", "expiresIn", "status", "student", "token"]);
    expect(matched).toMatchObject({ status: "joined", student: { firstName: "lena", lastName: "de vries" } });
    expect(fresh).toMatchObject({ status: "joined", student: { firstName: "zed", lastName: "unknownperson" } });
    expect(JSON.stringify(matched)).not.toMatch(/De Vries/);
    expect(matched.status === "joined" && fresh.status === "joined" && matched.expiresIn === fresh.expiresIn).toBe(
      true,
    );
  });

  test("unknown, stopped and expired codes are clear 4xx answers", async () => {
    expect(await expectHttpError(join("A", "B", "NOPE-9999"), 404)).toMatchObject({
      code: "CLASS_CODE_NOT_FOUND",
      message: "This class code is not valid. Check the code and try again.",
    });
    await liveCode(world.class6.id, "STOP-2222", { stoppedAt: new Date() });
    expect(await expectHttpError(join("A", "B", "STOP-2222"), 410)).toMatchObject({
      code: "CLASS_CODE_STOPPED",
      message: "This class code has been stopped. Ask your teacher for the new class code.",
    });
    await liveCode(world.class6.id, "OLDX-3333", { expiresAt: new Date(Date.now() - 1000) });
    expect(await expectHttpError(join("A", "B", "OLDX-3333"), 410)).toMatchObject({
      code: "CLASS_CODE_EXPIRED",
      message: "This class code has expired. Ask your teacher for a new class code.",
    });
  });

  test("missing names are a 400 with field errors", async () => {
    const body = await expectHttpError(client().join({ code: "RIVR-2345", firstName: " ", lastName: "" }), 400);
    expect(body.code).toBe("VALIDATION");
    expect(body.fieldErrors).toEqual({ firstName: ["First name is required"], lastName: ["Last name is required"] });
  });

  test("the class-code guess space is the one docs/security.md states", () => {
    expect(classCodeSpace()).toBe(CODE_LETTERS.length ** 8 * CODE_DIGITS.length ** 4);
  });
});

describe("tokens", () => {
  test("no token, a wrong token, and a cookie-less garbage header are 401 with WWW-Authenticate", async () => {
    const raw = studentApiFetch(database);
    const none = await raw(`${BASE}/api/student/v1/assignments`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="student"');
    expect(await none.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "Your student token is not valid any more. Join your class again with its class code.",
    });
    await expectHttpError(client({ token: "ost_not-a-real-token" }).listAssignments(), 401);
  });

  test("a teacher revokes a student's tokens; the app must join again", async () => {
    const joined = await join("Ravi", "Patel");
    const api = client({ token: joined.token });
    await api.heartbeat();
    const teacherSession = await createSession(
      testApp,
      world.users.teacher.id,
      new Request("http://localhost/login"),
      null,
    );
    const otherSession = await createSession(
      testApp,
      world.users.otherTeacher.id,
      new Request("http://localhost/login"),
      null,
    );
    const raw = studentApiFetch(database);
    const url = `${BASE}/api/classes/${world.class5A.id}/students/${joined.student.id}/tokens`;
    const stranger = await raw(url, { method: "DELETE", headers: { cookie: otherSession.setCookie.split(";")[0] } });
    expect(stranger.status).toBe(404);
    const revoked = await raw(url, { method: "DELETE", headers: { cookie: teacherSession.setCookie.split(";")[0] } });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({
      revoked: 1,
      message: "Ravi Patel is signed out of the student app and must join again with the class code.",
    });
    await expectHttpError(api.heartbeat(), 401);
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "student_token.revoke"));
    expect(event).toMatchObject({ actorUserId: world.users.teacher.id, targetId: String(joined.student.id) });
    // Joining again by name alone waits for the teacher: the student has joined before (ADR 180).
    const again = await client().join({ code: "RIVR-2345", firstName: "ravi", lastName: "patel" });
    expect(again.status).toBe("waiting");
  });

  test("a student taken off the roster can no longer use their token", async () => {
    const joined = await join("Leaving", "Soon");
    await removeStudentFromClass(database.db, world.actors.teacher, world.class5A.id, joined.student.id);
    await expectHttpError(client({ token: joined.token }).listAssignments(), 401);
  });
});

describe("presence and assignments", () => {
  test("a heartbeat marks the student online for the teacher", async () => {
    const joined = await join("Ada", "Heartbeat");
    await database.db.update(students).set({ lastSeenAt: null }).where(eq(students.id, joined.student.id));
    const { lastSeenAt } = await client({ token: joined.token }).heartbeat();
    expect(Date.now() - Date.parse(lastSeenAt)).toBeLessThan(5_000);
    const online = await listOnlineStudents(database.db, world.actors.teacher, world.class5A.id);
    expect(online.map((s) => s.id)).toContain(joined.student.id);
  });

  test("assignments lists the class's active ones with the answered flag; the survey content is readable", async () => {
    const joined = await join("Bea", "Lister");
    const api = client({ token: joined.token });
    const { assignments } = await api.listAssignments();
    expect(assignments).toEqual([
      {
        assignmentId: active.id,
        surveyId: survey.id,
        title: "Starting the school year",
        answered: false,
        submittedAt: null,
        anonymous: false,
        reminder: null,
        status: "active",
        opensAt: null,
        closesAt: null,
      },
    ]);
    const content = await api.getSurvey(survey.id);
    expect(content.assignmentId).toBe(active.id);
    expect(content.anonymous).toBe(false);
    expect(content.story.full_slug).toBe(SLUG);
    expect(content.story.content.component).toBe("survey");
    expect(listAnswerFields(content.story.content as unknown as SurveyBlock).map((f) => f.uid)).toEqual([
      "sy-excited",
      "sy-q1-a1",
      "sy-q2-a1",
      "sy-art",
    ]);
    await api.submitResponse(active.id, { answers: { "sy-excited": 0 } });
    const after = await api.listAssignments();
    expect(after.assignments[0].answered).toBe(true);
    expect(after.assignments[0].submittedAt).not.toBeNull();
  });

  test("an anonymous assignment says so in the list and with its survey, before the student answers", async () => {
    const anonymousSurvey = await createSurvey(database.db, {
      fullSlug: "surveys/screen-time-and-sleep",
      title: "Screen time and sleep",
    });
    const klass = await createClass(database.db, { schoolId: world.riverside.id, name: "4 Willow" });
    const anonymous = await createAssignment(database.db, {
      classId: klass.id,
      surveyId: anonymousSurvey.id,
      status: "active",
      anonymous: true,
    });
    await liveCode(klass.id, "MPKE-2346");
    const api = client({ token: (await join("Anya", "Nonymous", "MPKE-2346")).token });
    const { assignments } = await api.listAssignments();
    expect(assignments.find((a) => a.assignmentId === anonymous.id)).toMatchObject({
      anonymous: true,
      answered: false,
    });
    expect(assignments.filter((a) => a.assignmentId !== anonymous.id).every((a) => a.anonymous === false)).toBe(true);
    const content = await api.getSurvey(anonymousSurvey.id);
    expect(content).toMatchObject({ assignmentId: anonymous.id, anonymous: true });
  });

  test("surveys not started, closed, or of another class are 404", async () => {
    const api = client({ token: (await join("Cy", "Nosy")).token });
    await expectHttpError(api.getSurvey(otherSurvey.id), 404);
    await expectHttpError(api.getSurvey(99_999), 404);
    const hill = await database.db.select().from(responses).where(eq(responses.assignmentId, hillActive.id));
    expect(hill).toHaveLength(0);
    await expectHttpError(api.submitResponse(hillActive.id, { answers: { x: 1 } }), 404);
  });
});

describe("submitting", () => {
  test("a valid response is stored in the results' answer format and counted in the results", async () => {
    const joined = await join("Dan", "Valid");
    const api = client({ token: joined.token });
    const { response } = await api.submitResponse(active.id, {
      answers: { "sy-excited": 2, "sy-q1-a1": "Seeing my friends", "sy-q2-a1": "Science" },
    });
    expect(response.answers).toEqual({ "sy-excited": 2, "sy-q1-a1": "Seeing my friends", "sy-q2-a1": "Science" });
    const [row] = await database.db
      .select()
      .from(responses)
      .where(and(eq(responses.assignmentId, active.id), eq(responses.studentId, joined.student.id)));
    expect(row.answers).toEqual(response.answers);
    const results = await getAssignmentResults(
      database.db,
      world.actors.teacher,
      { classId: world.class5A.id, assignmentId: active.id },
      createSurveyContentLookup(testApp.content),
    );
    const feeling = results.questions.find((q) => q.uid === "sy-excited");
    expect(
      feeling && "options" in feeling ? feeling.options.find((o) => o.label === "Both")?.count : 0,
    ).toBeGreaterThanOrEqual(1);
    const subject = results.questions.find((q) => q.uid === "sy-q2-a1");
    expect(subject && "options" in subject ? subject.options.find((o) => o.label === "Science")?.count : 0).toBe(1);
  });

  test("answers that do not fit the survey are refused, each with its own message", async () => {
    const api = client({ token: (await join("Eve", "Invalid")).token });
    const body = await expectHttpError(
      api.submitResponse(active.id, {
        answers: {
          "sy-excited": 7,
          "sy-q1-a1": "x".repeat(MAX_TEXT_ANSWER_LENGTH + 1),
          "sy-q2-a1": "Cooking",
          "sy-art": { drawingId: "nope" },
          "not-a-question": "hi",
        },
      }),
      400,
    );
    expect(body.code).toBe("VALIDATION");
    expect(body.message).toBe("5 answers do not fit this survey.");
    expect(body.fieldErrors).toEqual({
      "sy-excited": ["There is no option 7. Choose one of 0, 1, 2, 3."],
      "sy-q1-a1": ["Answers can be at most 2000 characters long."],
      "sy-q2-a1": ["Choose one of: English, Maths, Science, Art, PE, Music."],
      "sy-art": ["There is no drawing with this id for this question. Upload the drawing first."],
      "not-a-question": ["This survey has no question with this id."],
    });
    const wrongTypes = await expectHttpError(
      api.submitResponse(active.id, { answers: { "sy-excited": "Both", "sy-q1-a1": 3 } }),
      400,
    );
    expect(wrongTypes.fieldErrors).toEqual({
      "sy-excited": ["Give the number of the chosen option (0, 1, 2, 3)."],
      "sy-q1-a1": ["This answer must be text."],
    });
    await expectHttpError(api.submitResponse(active.id, { answers: {} }), 400);
    await expectHttpError(api.submitResponse(active.id, { answers: [] as unknown as Record<string, number> }), 400);
  });

  test("an empty option is not a valid index", () => {
    const content: SurveyBlock = {
      _uid: "s",
      component: "survey",
      response: [
        {
          _uid: "opts",
          component: "response-options",
          response_options: [
            { _uid: "a", component: "response-options-item", content: "Yes" },
            { _uid: "b", component: "response-options-item", content: "  " },
            { _uid: "c", component: "response-options-item", content: "No" },
          ],
        },
      ],
    };
    const fields = listAnswerFields(content);
    expect(validateAnswers(fields, { opts: 2 })).toEqual({});
    expect(validateAnswers(fields, { opts: 1 })).toEqual({ opts: ["There is no option 1. Choose one of 0, 2."] });
    expect(validateAnswers(fields, { opts: 0.5 })).toEqual({ opts: ["Give the number of the chosen option (0, 2)."] });
  });

  test("a closed survey is a 409 'This survey is closed'; one not started is a 409 too", async () => {
    const api = client({ token: (await join("Fay", "Late")).token });
    expect(await expectHttpError(api.submitResponse(closed.id, { answers: { x: 1 } }), 409)).toEqual({
      code: "CONFLICT",
      message: "This survey is closed",
    });
    expect(await expectHttpError(api.submitResponse(notStarted.id, { answers: { x: 1 } }), 409)).toEqual({
      code: "CONFLICT",
      message: "This survey has not started yet",
    });
  });

  test("a retry with the same Idempotency-Key is accepted once and answered the same", async () => {
    const joined = await join("Gus", "Retry");
    const api = client({ token: joined.token });
    const answers = { "sy-excited": 1, "sy-q1-a1": "Art club" };
    const first = await api.submitResponse(active.id, { answers }, { idempotencyKey: "key-gus-1" });
    const retry = await api.submitResponse(active.id, { answers }, { idempotencyKey: "key-gus-1" });
    expect(first.replayed).toBe(false);
    expect(retry.replayed).toBe(true);
    expect(retry.response).toEqual(first.response);
    const rows = await database.db.select().from(responses).where(eq(responses.studentId, joined.student.id));
    expect(rows).toHaveLength(1);
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorStudentId, joined.student.id), eq(auditEvents.targetType, "response")));
    expect(events.map((e) => e.action)).toEqual(["response.submit"]);
    const reused = await expectHttpError(
      api.submitResponse(active.id, { answers: { "sy-excited": 0 } }, { idempotencyKey: "key-gus-1" }),
      409,
    );
    expect(reused.message).toBe(
      "This Idempotency-Key was already used for different answers. Use a new key for a new submission.",
    );
    await expectHttpError(api.submitResponse(active.id, { answers }, { idempotencyKey: "k".repeat(201) }), 400);
  });

  test("a later submission before close replaces the earlier one, and the audit log keeps the earlier answers", async () => {
    const joined = await join("Hal", "Changer");
    const api = client({ token: joined.token });
    const first = await api.submitResponse(active.id, { answers: { "sy-excited": 0 } }, { idempotencyKey: "hal-1" });
    const second = await api.submitResponse(
      active.id,
      { answers: { "sy-excited": 3, "sy-q2-a1": "PE" } },
      { idempotencyKey: "hal-2" },
    );
    expect(second.response.id).toBe(first.response.id);
    expect(second.response.answers).toEqual({ "sy-excited": 3, "sy-q2-a1": "PE" });
    const rows = await database.db.select().from(responses).where(eq(responses.studentId, joined.student.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].answers).toEqual({ "sy-excited": 3, "sy-q2-a1": "PE" });
    const [replace] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorStudentId, joined.student.id), eq(auditEvents.action, "response.replace")));
    expect(replace.details).toMatchObject({
      assignmentId: active.id,
      idempotencyKey: "hal-2",
      previous: { answers: { "sy-excited": 0 }, idempotencyKey: "hal-1" },
    });
  });
});

describe("drawings", () => {
  async function callDrawingRoute(who: "teacher" | "otherTeacher", classId: number, file: string) {
    const session = await createSession(testApp, world.users[who].id, new Request("http://localhost/login"), null);
    const context = routeContext(testApp);
    const request = new Request(`http://localhost/class/${classId}/drawings/${file}`, {
      headers: { cookie: session.setCookie.split(";")[0] },
    });
    try {
      return await drawingRoute.loader({
        request,
        context,
        params: { classId: String(classId), drawingFile: file },
      } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  test("a PNG is uploaded, named in the response, and shown to the class's teacher only", async () => {
    const joined = await join("Iris", "Artist");
    const api = client({ token: joined.token });
    const png = makePng(120, 80);
    const { drawing } = await api.uploadDrawing(active.id, "sy-art", png);
    expect(drawing).toMatchObject({ fieldUid: "sy-art", byteSize: png.byteLength, width: 120, height: 80 });
    const { response } = await api.submitResponse(active.id, { answers: { "sy-art": { drawingId: drawing.id } } });
    expect(response.answers).toEqual({ "sy-art": { drawingId: drawing.id } });

    const image = await callDrawingRoute("teacher", world.class5A.id, `${drawing.id}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    const stranger = await callDrawingRoute("otherTeacher", world.class5A.id, `${drawing.id}.png`);
    expect(stranger.status).toBe(302);
    const wrongClass = await callDrawingRoute("teacher", world.class6.id, `${drawing.id}.png`);
    expect([302, 404]).toContain(wrongClass.status);
  });

  test("not a PNG, too large, or the wrong question are refused; another student's drawing cannot be named", async () => {
    const api = client({ token: (await join("Jo", "Faker")).token });
    const gif = new TextEncoder().encode("GIF89a not really a png at all, just text padding it out");
    expect((await expectHttpError(api.uploadDrawing(active.id, "sy-art", gif), 415)).code).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(makePng(4, 4));
    expect((await expectHttpError(api.uploadDrawing(active.id, "sy-art", huge), 413)).code).toBe("PAYLOAD_TOO_LARGE");
    expect((await expectHttpError(api.uploadDrawing(active.id, "sy-q1-a1", makePng()), 400)).fieldErrors).toEqual({
      fieldUid: ["This survey has no drawing question with this id."],
    });
    await expectHttpError(api.uploadDrawing(closed.id, "sy-art", makePng()), 409);

    const other = client({ token: (await join("Kim", "Owner")).token });
    const { drawing } = await other.uploadDrawing(active.id, "sy-art", makePng());
    const body = await expectHttpError(
      api.submitResponse(active.id, { answers: { "sy-art": { drawingId: drawing.id } } }),
      400,
    );
    expect(body.fieldErrors).toEqual({
      "sy-art": ["There is no drawing with this id for this question. Upload the drawing first."],
    });
    const stored = await database.db.select().from(responseDrawings).where(eq(responseDrawings.id, drawing.id));
    expect(stored).toHaveLength(1);
  });

  test("too many uploads are 429 RATE_LIMITED with Retry-After, and nothing is stored", async () => {
    const joined = await join("Lou", "Sketcher");
    const api = client({ token: joined.token });
    await database.db
      .insert(rateLimits)
      .values({ key: `student-drawing:student:${joined.student.id}`, windowStart: new Date(), count: 60 });
    const before = await database.db.select().from(responseDrawings);
    const body = await expectHttpError(api.uploadDrawing(active.id, "sy-art", makePng()), 429);
    expect(body).toEqual({
      code: "RATE_LIMITED",
      message: "Too many drawings uploaded. Please wait a few minutes and try again. (try again in about 10 minutes)",
    });
    const seconds = await expectRetryAfter(api.uploadDrawing(active.id, "sy-art", makePng()), 10 * 60_000);
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(await database.db.select().from(responseDrawings)).toHaveLength(before.length);
  });
});

describe("contract", () => {
  test("the OpenAPI 3.1 document is served and generated from the request schemas", async () => {
    const doc = (await client().openApi()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/join",
        "/heartbeat",
        "/assignments",
        "/surveys/{surveyId}",
        "/assignments/{assignmentId}/responses",
      ]),
    );
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildStudentOpenApiDocument())));
    const generated = z.toJSONSchema(submitResponseRequestSchema, { io: "input" }) as {
      $defs: Record<string, unknown>;
    };
    expect(doc.components.schemas.SubmitResponseRequest).toEqual(
      JSON.parse(JSON.stringify(generated.$defs.SubmitResponseRequest).replaceAll("#/$defs/", "#/components/schemas/")),
    );
  });

  test("the client's error carries the status and the body, parsed as JSON or kept as text, and logs it", async () => {
    const logged: StudentApiHttpError[] = [];
    const textApi = createStudentApiClient({
      baseUrl: BASE,
      logError: (error) => logged.push(error),
      fetch: (async () => new Response("upstream exploded", { status: 502 })) as unknown as typeof fetch,
    });
    const error = (await textApi.heartbeat().catch((caught: unknown) => caught)) as StudentApiHttpError;
    expect(error).toBeInstanceOf(StudentApiHttpError);
    expect(error.message).toBe("HTTP error! status: 502");
    expect(error.body).toBe("upstream exploded");
    expect(logged).toEqual([error]);
    const body = await expectHttpError(client().getSurvey(1), 401);
    expect(body.code).toBe("UNAUTHORIZED");
  });
});

test("closing after a submission keeps it; the next submission is refused", async () => {
  const extra = await createSurvey(database.db, { fullSlug: "surveys/friendship-and-kindness", title: "Friendship" });
  const assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: extra.id,
    status: "active",
  });
  const api = client({ token: (await join("Lou", "Closer")).token });
  const content = await api.getSurvey(extra.id);
  const uid = listAnswerFields(content.story.content as unknown as SurveyBlock).find((f) => f.kind === "freetext")!.uid;
  await api.submitResponse(assignment.id, { answers: { [uid]: "Before close" } });
  await setAssignmentStatus(database.db, world.actors.teacher, {
    classId: world.class5A.id,
    assignmentId: assignment.id,
    status: "completed",
  });
  await expectHttpError(api.submitResponse(assignment.id, { answers: { [uid]: "After close" } }), 409);
  const rows = await database.db.select().from(responses).where(eq(responses.assignmentId, assignment.id));
  expect(rows.map((r) => r.answers)).toEqual([{ [uid]: "Before close" }]);
});
