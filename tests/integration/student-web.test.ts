/**
 * The students' side in the browser, through its route modules on a real
 * database (PGlite; CI runs it on PostgreSQL too): /join and the student
 * session, the list, the answering form. The form and the student API share
 * one domain function, so the same answers get the same verdict from both.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { bodyLimitFor } from "~/http/body-limit.server";
import { answerFieldName } from "~/lib/answer-form";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import * as homeRoute from "~/routes/home";
import * as answerRoute from "~/routes/student/answer";
import * as drawingsRoute from "~/routes/student/drawings";
import * as heartbeatRoute from "~/routes/student/heartbeat";
import * as studentIndexRoute from "~/routes/student/index";
import * as joinRoute from "~/routes/student/join";
import * as layoutRoute from "~/routes/student/layout";
import * as signOutRoute from "~/routes/student/sign-out";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import type { Database } from "~/server/db/client.server";
import {
  auditEvents,
  classCodes,
  classes,
  classStudents,
  rateLimits,
  responses,
  students,
  studentTokens,
} from "~/server/db/schema.server";
import { newFormToken } from "~/server/responses/answer-form.server";
import { STUDENT_SESSION_TTL_MS } from "~/server/students/student-session.server";
import { issueStudentToken, revokeStudentTokens } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createSurvey } from "../support/fixtures";
import { makePng } from "../support/png";
import { callRoute, signIn } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { createTestApp, routeContext } from "../support/test-app";

let database: Database;
let world: ClassWorld;
let assignmentId: number;
const CODE = "WEBS-4821";

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
  await database.db
    .insert(classCodes)
    .values({ classId: world.class5A.id, code: CODE, expiresAt: new Date(Date.now() + 86_400_000) });
});

/** The `name=value` part of the answer's student cookie. */
function studentCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__student="));
  if (!cookie) throw new Error(`no student cookie in ${response.status}`);
  return cookie.split(";")[0];
}

async function joinAs(firstName: string, lastName: string, code = CODE) {
  // This file's class takes more made-up names than one code lets in without the teacher
  // (NEW_NAMES_PER_CODE, ADR 204; tests/integration/class-code-limits.test.ts): the tests here
  // are about the session, so the code's count of new names starts afresh for each join.
  await database.db.delete(rateLimits).where(like(rateLimits.key, "student-join-new-names:code:%"));
  const response = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    form: { code, firstName, lastName },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/student");
  return studentCookieOf(response);
}

async function studentIdOf(firstName: string, lastName: string) {
  const [row] = await database.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.firstName, firstName), eq(students.lastName, lastName)));
  return row.id;
}

function postAnswers(cookie: string, form: Record<string, string>, id = assignmentId) {
  return callRoute(answerRoute, database, {
    method: "POST",
    path: `/student/assignments/${id}`,
    params: { assignmentId: id },
    cookie,
    form,
  });
}

async function pageOf(cookie: string, id = assignmentId) {
  const response = await callRoute(answerRoute, database, {
    path: `/student/assignments/${id}`,
    params: { assignmentId: id },
    cookie,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    page: { state: string; anonymous?: boolean };
    formToken: string;
    saved: Record<string, string>;
  };
}

function expectJoinPage(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/join");
}

test("join with the code in any case and spacing: a student cookie (HttpOnly, SameSite=Lax, a school day) and the class's open surveys, to do", async () => {
  const response = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    form: { code: " webs 4821 ", firstName: "Mia", lastName: "Jensen" },
  });
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__student="));
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toContain(`Max-Age=${STUDENT_SESSION_TTL_MS / 1000}`);
  expect(STUDENT_SESSION_TTL_MS).toBe(8 * 60 * 60 * 1000);
  const cookie = studentCookieOf(response);

  const layout = await callRoute(layoutRoute, database, { path: "/student", cookie });
  expect(await layout.json()).toEqual({
    student: { firstName: "Mia", lastName: "Jensen", className: "5A Sunflowers" },
  });
  const list = await callRoute(studentIndexRoute, database, { path: "/student", cookie });
  expect(await list.json()).toEqual({
    firstName: "Mia",
    assignments: [
      {
        assignmentId,
        shown: { title: "Starting the school year", language: "en" },
        answered: false,
        open: true,
        note: null,
      },
    ],
    // No reminder sent (issue 38).
    reminders: [],
  });
});

test("join refuses what the API refuses, with the API's words, and keeps what was typed", async () => {
  await database.db.insert(classCodes).values({
    classId: world.class6.id,
    code: "STOP-1111",
    expiresAt: new Date(Date.now() + 86_400_000),
    stoppedAt: new Date(),
  });
  const cases = [
    { code: "NOPE-0000", status: 404, message: "This class code is not valid. Check the code and try again." },
    {
      code: "STOP-1111",
      status: 410,
      message: "This class code has been stopped. Ask your teacher for the new class code.",
    },
  ];
  for (const { code, status, message } of cases) {
    const response = await callRoute(joinRoute, database, {
      method: "POST",
      path: "/join",
      form: { code, firstName: "Kim", lastName: "Lee" },
    });
    expect(response.status).toBe(status);
    const { reply } = await response.json();
    expect(reply.formErrors).toEqual([message]);
    expect(reply.values).toEqual({ code, firstName: "Kim", lastName: "Lee", personalCode: "", card: "" });
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__student="))).toBe(false);
  }
  const empty = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    form: { code: CODE, firstName: "", lastName: "Lee" },
  });
  expect(empty.status).toBe(400);
  expect((await empty.json()).reply.fieldErrors).toEqual({ firstName: ["First name is required"] });
});

test("a signed-in staff user is not turned into a student: join is refused and the student pages send them to /join", async () => {
  const staffCookie = await signIn(database, world.users.teacher.id);
  const before = await database.db.select({ id: students.id }).from(students);
  const response = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    cookie: staffCookie,
    form: { code: CODE, firstName: "Amara", lastName: "Teacher" },
  });
  expect(response.status).toBe(403);
  expect((await response.json()).reply.formErrors[0]).toContain("You are signed in with a staff account");
  expect(response.headers.getSetCookie().some((value) => value.startsWith("__student="))).toBe(false);
  expect(await database.db.select({ id: students.id }).from(students)).toHaveLength(before.length);

  const studentCookie = await joinAs("Both", "Cookies");
  expectJoinPage(
    await callRoute(layoutRoute, database, { path: "/student", cookie: `${staffCookie}; ${studentCookie}` }),
  );
  expectJoinPage(await postAnswers(`${staffCookie}; ${studentCookie}`, { [answerFieldName("sy-q1-a1")]: "x" }));
});

test("staff pages treat a student cookie as signed out", async () => {
  const cookie = await joinAs("Only", "Student");
  const response = await callRoute(homeRoute, database, { path: "/home", cookie });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/^\/login/);
});

test("the form and the API give the same verdict on the same answers (one domain function)", async () => {
  const cookie = await joinAs("Same", "Rules");
  const token = await issueStudentToken(database.db, {
    studentId: await studentIdOf("Same", "Rules"),
    classId: world.class5A.id,
  });
  const api = createStudentApiClient({
    baseUrl: "http://school.test",
    token,
    fetch: studentApiFetch(database),
    logError: () => {},
  });
  const badAnswers: Record<string, string>[] = [
    { "sy-excited": "7" },
    { "sy-q2-a1": "Latin" },
    { "sy-q1-a1": "x".repeat(2001) },
    { "no-such-question": "hello" },
    { "sy-art": "drawing-that-is-not-mine" },
    { "sy-q1-a1": "   " },
  ];
  for (const answers of badAnswers) {
    const apiAnswers = Object.fromEntries(
      Object.entries(answers).map(([uid, value]) => [
        uid,
        uid === "sy-excited" ? Number(value) : uid === "sy-art" ? { drawingId: value } : value,
      ]),
    );
    const apiError = (await api
      .submitResponse(assignmentId, { answers: apiAnswers })
      .catch((error) => error)) as StudentApiHttpError;
    expect(apiError).toBeInstanceOf(StudentApiHttpError);
    const form = Object.fromEntries(Object.entries(answers).map(([uid, value]) => [answerFieldName(uid), value]));
    const response = await postAnswers(cookie, form);
    expect(response.status).toBe(apiError.status);
    const { reply } = await response.json();
    const body = apiError.body as { message: string; fieldErrors?: Record<string, string[]> };
    expect(reply.formErrors).toEqual([body.message]);
    const apiFieldErrors = Object.fromEntries(
      Object.entries(body.fieldErrors ?? {}).map(([uid, messages]) => [answerFieldName(uid), messages]),
    );
    expect(reply.fieldErrors).toEqual(apiFieldErrors);
    // Everything typed comes back.
    expect(reply.values).toEqual(form);
  }
  expect(
    await database.db
      .select()
      .from(responses)
      .where(eq(responses.studentId, await studentIdOf("Same", "Rules"))),
  ).toEqual([]);
});

test("a form sent twice makes one response; sent again with other answers it replaces the earlier one", async () => {
  const cookie = await joinAs("Double", "Click");
  const studentId = await studentIdOf("Double", "Click");
  const { formToken } = await pageOf(cookie);
  const form = { formToken, [answerFieldName("sy-excited")]: "1", [answerFieldName("sy-q1-a1")]: "Maths!" };
  const [first, second] = await Promise.all([postAnswers(cookie, form), postAnswers(cookie, form)]);
  for (const response of [first, second]) {
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/student/assignments/${assignmentId}/thanks`);
  }
  const stored = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  expect(stored).toHaveLength(1);
  expect(stored[0].answers).toEqual({ "sy-excited": 1, "sy-q1-a1": "Maths!" });
  const events = await database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.actorStudentId, studentId));
  expect(events.map((event) => event.action).filter((action) => action.startsWith("response."))).toEqual([
    "response.submit",
  ]);

  // Back, change an answer, send the same form again: the later answer replaces the earlier.
  const changed = await postAnswers(cookie, { ...form, [answerFieldName("sy-excited")]: "2" });
  expect(changed.status).toBe(302);
  const after = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  expect(after).toHaveLength(1);
  expect(after[0].answers).toEqual({ "sy-excited": 2, "sy-q1-a1": "Maths!" });

  // The page comes back filled in with the stored answers.
  const page = await pageOf(cookie);
  expect(page.saved).toEqual({ [answerFieldName("sy-excited")]: "2", [answerFieldName("sy-q1-a1")]: "Maths!" });
  const list = await callRoute(studentIndexRoute, database, { path: "/student", cookie });
  expect((await list.json()).assignments[0].answered).toBe(true);
});

test("a form from a page served before the stored answers' page changes nothing when it comes late (issue #37)", async () => {
  const cookie = await joinAs("Late", "Outbox");
  const studentId = await studentIdOf("Late", "Outbox");
  // A page kept on a tablet since a minute ago (its outbox), and the page opened now elsewhere.
  const olderToken = newFormToken(Date.now() - 60_000);
  const { formToken } = await pageOf(cookie);
  const newer = await postAnswers(cookie, { formToken, [answerFieldName("sy-q1-a1")]: "Newer" });
  expect(newer.status).toBe(302);
  const late = { formToken: olderToken, [answerFieldName("sy-q1-a1")]: "Older" };
  for (const sent of [await postAnswers(cookie, late), await postAnswers(cookie, late)]) {
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/student/assignments/${assignmentId}/thanks`);
  }
  const after = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  expect(after.map((row) => row.answers)).toEqual([{ "sy-q1-a1": "Newer" }]);
  // The same page sent again with a change is still a newer submission.
  const changed = await postAnswers(cookie, { formToken, [answerFieldName("sy-q1-a1")]: "Newest" });
  expect(changed.status).toBe(302);
  const last = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  expect(last.map((row) => row.answers)).toEqual([{ "sy-q1-a1": "Newest" }]);
});

test("one response per student under concurrency: 40 students post the form twice and the API once, all at once", async () => {
  const survey = await createSurvey(database.db, {
    fullSlug: "surveys/wellbeing-check-in",
    title: "Wellbeing check-in",
  });
  const assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
  });
  const people = Array.from({ length: 40 }, (_, i) => ({ firstName: "Burst", lastName: `Kid${i}` }));
  const cookies = [];
  for (const person of people) cookies.push(await joinAs(person.firstName, person.lastName));
  const content = await pageOf(cookies[0], assignment.id);
  expect(content.page.state).toBe("open");
  const calls = [];
  for (const [i, cookie] of cookies.entries()) {
    const studentId = await studentIdOf(people[i].firstName, people[i].lastName);
    const token = await issueStudentToken(database.db, { studentId, classId: world.class5A.id });
    const api = createStudentApiClient({
      baseUrl: "http://school.test",
      token,
      fetch: studentApiFetch(database),
      logError: () => {},
    });
    const form = {
      formToken: `burst-token-${String(i).padStart(10, "0")}`,
      [answerFieldName("wb-q1-a1")]: `Form ${i}`,
    };
    calls.push(postAnswers(cookie, form, assignment.id), postAnswers(cookie, form, assignment.id));
    calls.push(api.submitResponse(assignment.id, { answers: { "wb-q1-a1": `API ${i}` } }));
  }
  const settled = await Promise.allSettled(calls);
  expect(settled.filter((outcome) => outcome.status === "rejected")).toEqual([]);
  for (const outcome of settled) {
    const value = (outcome as PromiseFulfilledResult<unknown>).value;
    if (value instanceof Response) expect(value.status).toBe(302);
  }
  const rows = await database.db
    .select({ studentId: responses.studentId })
    .from(responses)
    .where(eq(responses.assignmentId, assignment.id));
  expect(rows).toHaveLength(40);
  expect(new Set(rows.map((row) => row.studentId)).size).toBe(40);
}, 120_000);

test("after Close the page says it is closed and a send is refused, nothing stored", async () => {
  const survey = await createSurvey(database.db, { fullSlug: "surveys/class-climate", title: "Class climate" });
  const assignment = await createAssignment(database.db, {
    classId: world.class5A.id,
    surveyId: survey.id,
    status: "active",
    anonymous: true,
  });
  const cookie = await joinAs("Late", "Comer");
  const open = await pageOf(cookie, assignment.id);
  expect(open.page).toMatchObject({ state: "open", anonymous: true });
  await setAssignmentStatus(database.db, world.actors.teacher, {
    classId: world.class5A.id,
    assignmentId: assignment.id,
    status: "completed",
  });
  expect((await pageOf(cookie, assignment.id)).page.state).toBe("closed");
  const response = await postAnswers(
    cookie,
    { formToken: open.formToken, [answerFieldName("cc-q2-a1")]: "late" },
    assignment.id,
  );
  expect(response.status).toBe(409);
  expect((await response.json()).reply.formErrors).toEqual(["This survey is closed"]);
  const list = await callRoute(studentIndexRoute, database, { path: "/student", cookie });
  expect((await list.json()).assignments.map((a: { assignmentId: number }) => a.assignmentId)).not.toContain(
    assignment.id,
  );
});

test("another class's assignment is not found", async () => {
  const survey = await createSurvey(database.db, { fullSlug: "surveys/reading-habits", title: "Reading habits" });
  const other = await createAssignment(database.db, {
    classId: world.class6.id,
    surveyId: survey.id,
    status: "active",
  });
  const cookie = await joinAs("Nosy", "Neighbour");
  const response = await callRoute(answerRoute, database, {
    path: `/student/assignments/${other.id}`,
    params: { assignmentId: other.id },
    cookie,
  });
  expect(response.status).toBe(404);
  expect((await postAnswers(cookie, { [answerFieldName("rh-q2-a1")]: "x" }, other.id)).status).toBe(404);
});

test("sign-out revokes the session's token: the same cookie never works again", async () => {
  const cookie = await joinAs("Shared", "Tablet");
  const out = await callRoute(signOutRoute, database, { method: "POST", path: "/student/sign-out", cookie });
  expect(out.status).toBe(302);
  expect(out.headers.get("location")).toBe("/join");
  expect(out.headers.getSetCookie().find((value) => value.startsWith("__student="))).toMatch(/Max-Age=0/);
  const again = await callRoute(layoutRoute, database, { path: "/student", cookie });
  expectJoinPage(again);
  expect(again.headers.getSetCookie().find((value) => value.startsWith("__student="))).toMatch(/Max-Age=0/);
});

test("the teacher's revoke, leaving the roster, an archived class and a school day's end each end the session", async () => {
  const revoked = await joinAs("Revoked", "Kid");
  await revokeStudentTokens(database.db, world.actors.teacher, {
    classId: world.class5A.id,
    studentId: await studentIdOf("Revoked", "Kid"),
  });
  expectJoinPage(await callRoute(layoutRoute, database, { path: "/student", cookie: revoked }));

  const removed = await joinAs("Removed", "Kid");
  await database.db.delete(classStudents).where(eq(classStudents.studentId, await studentIdOf("Removed", "Kid")));
  expectJoinPage(await callRoute(layoutRoute, database, { path: "/student", cookie: removed }));

  const tired = await joinAs("Long", "Day");
  const tiredId = await studentIdOf("Long", "Day");
  expect((await callRoute(layoutRoute, database, { path: "/student", cookie: tired })).status).toBe(200);
  // Joined a school day and a minute ago: the token is past its expiry, the replayed cookie is refused.
  const joinedAt = new Date(Date.now() - STUDENT_SESSION_TTL_MS - 60_000);
  await database.db
    .update(studentTokens)
    .set({ createdAt: joinedAt, expiresAt: new Date(joinedAt.getTime() + STUDENT_SESSION_TTL_MS) })
    .where(eq(studentTokens.studentId, tiredId));
  expectJoinPage(await callRoute(layoutRoute, database, { path: "/student", cookie: tired }));

  await database.db
    .insert(classCodes)
    .values({ classId: world.class6.id, code: "ARCH-2222", expiresAt: new Date(Date.now() + 86_400_000) });
  const archived = await joinAs("Archived", "Class", "ARCH-2222");
  expect((await callRoute(layoutRoute, database, { path: "/student", cookie: archived })).status).toBe(200);
  await database.db.update(classes).set({ status: "archived" }).where(eq(classes.id, world.class6.id));
  expectJoinPage(await callRoute(layoutRoute, database, { path: "/student", cookie: archived }));
  await database.db.update(classes).set({ status: "active" }).where(eq(classes.id, world.class6.id));
});

test("a page view and the heartbeat count as seen for online now", async () => {
  const cookie = await joinAs("Seen", "Now");
  const studentId = await studentIdOf("Seen", "Now");
  const old = new Date(Date.now() - 3_600_000);
  await database.db.update(students).set({ lastSeenAt: old }).where(eq(students.id, studentId));
  await callRoute(layoutRoute, database, { path: "/student", cookie });
  const [viewed] = await database.db
    .select({ lastSeenAt: students.lastSeenAt })
    .from(students)
    .where(eq(students.id, studentId));
  expect(viewed.lastSeenAt!.getTime()).toBeGreaterThan(old.getTime());

  await database.db.update(students).set({ lastSeenAt: old }).where(eq(students.id, studentId));
  const beat = await callRoute(heartbeatRoute, database, { method: "POST", path: "/student/heartbeat", cookie });
  expect(beat.status).toBe(204);
  const [beaten] = await database.db
    .select({ lastSeenAt: students.lastSeenAt })
    .from(students)
    .where(eq(students.id, studentId));
  expect(beaten.lastSeenAt!.getTime()).toBeGreaterThan(old.getTime());
  expect((await callRoute(heartbeatRoute, database, { method: "POST", path: "/student/heartbeat" })).status).toBe(401);
});

function uploadDrawing(cookie: string | undefined, png: Uint8Array, fieldUid = "sy-art") {
  const headers = new Headers({ origin: "http://localhost", "content-type": "image/png" });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://localhost/student/assignments/${assignmentId}/drawings?fieldUid=${fieldUid}`, {
    method: "POST",
    headers,
    body: new Blob([png as Uint8Array<ArrayBuffer>]),
  });
  return callRouteWith(drawingsRoute, request, { assignmentId: String(assignmentId) });
}

async function callRouteWith(
  route: { action: (args: never) => unknown },
  request: Request,
  params: Record<string, string>,
): Promise<Response> {
  const app = await createTestApp(database);
  return await (route.action as (args: unknown) => Promise<Response>)({ request, context: routeContext(app), params });
}

test("the drawing pad's upload is the API's: a PNG of the student's own survey, then named in the form like the API names it", async () => {
  const cookie = await joinAs("Draw", "Ing");
  const studentId = await studentIdOf("Draw", "Ing");
  expect(bodyLimitFor(`/student/assignments/${assignmentId}/drawings`).kind).toBe("drawing");

  const uploaded = await uploadDrawing(cookie, makePng());
  expect(uploaded.status).toBe(201);
  const { drawing } = (await uploaded.json()) as { drawing: { id: string; fieldUid: string } };
  expect(drawing.fieldUid).toBe("sy-art");
  const { formToken } = await pageOf(cookie);
  const sent = await postAnswers(cookie, { formToken, [answerFieldName("sy-art")]: drawing.id });
  expect(sent.status).toBe(302);
  const [stored] = await database.db.select().from(responses).where(eq(responses.studentId, studentId));
  expect(stored.answers).toEqual({ "sy-art": { drawingId: drawing.id } });

  // Refused as the API refuses: not a PNG, a field that is not a drawing, no student session, a staff session.
  const notPng = await uploadDrawing(cookie, new TextEncoder().encode("not a png at all, just some text here"));
  expect(notPng.status).toBe(415);
  expect((await uploadDrawing(cookie, makePng(), "sy-q1-a1")).status).toBe(400);
  expect((await uploadDrawing(undefined, makePng())).status).toBe(401);
  const staff = await signIn(database, world.users.teacher.id);
  expect((await uploadDrawing(`${staff}; ${cookie}`, makePng())).status).toBe(401);
});
