/**
 * The class JSON API (docs/product.md#json-api, docs/api.md), called through the route modules' loaders
 * and actions with a real session cookie and a real database: status codes,
 * `{ code, message }` errors and the permission cases.
 */

import { beforeAll, describe, expect, test } from "vitest";
import { allowedMethods } from "~/http/api-routes.server";
import * as codeForClassRoute from "~/routes/api/class-codes/class";
import * as generateRoute from "~/routes/api/class-codes/generate";
import * as stopRoute from "~/routes/api/class-codes/stop";
import * as assignSurveyRoute from "~/routes/api/classes/assign-survey";
import * as assignableRoute from "~/routes/api/classes/assignable-surveys";
import * as statsRoute from "~/routes/api/classes/assignment-stats";
import * as statusRoute from "~/routes/api/classes/assignment-status";
import * as classRoute from "~/routes/api/classes/class";
import * as classTeacherRoute from "~/routes/api/classes/class-teacher";
import * as dashboardRoute from "~/routes/api/classes/dashboard";
import * as classesRoute from "~/routes/api/classes/index";
import * as myClassesRoute from "~/routes/api/classes/my-classes";
import * as onlineRoute from "~/routes/api/classes/online-students";
import * as studentsRoute from "~/routes/api/classes/students-with-contacts";
import * as surveysRoute from "~/routes/api/classes/surveys";
import type { App } from "~/server/app.server";
import { createSession } from "~/server/auth/session.server";
import type { Database } from "~/server/db/client.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createStudent, createSurvey } from "../support/fixtures";
import { createTestApp, routeContext } from "../support/test-app";

type Who = keyof ClassWorld["users"] | "anonymous";
type Handler = (args: never) => Promise<Response>;

let database: Database;
/** The App loaders and actions find in their context (tests/support/test-app.ts). */
let testApp: App;
let world: ClassWorld;
const cookies = new Map<Who, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  world = await createClassWorld(database.db);
  for (const [key, user] of Object.entries(world.users)) {
    const session = await createSession(testApp, user.id, new Request("http://localhost/login"), null);
    cookies.set(key as Who, session.setCookie.split(";")[0]);
  }
});

/** Calls a route module's loader (GET) or action (other methods) as React Router would. */
async function call(
  route: { loader?: Handler; action?: Handler },
  who: Who,
  method: string,
  params: Record<string, string | number>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> & { [key: string]: unknown } }> {
  const headers = new Headers({ "content-type": "application/json" });
  const cookie = cookies.get(who);
  if (cookie) headers.set("cookie", cookie);
  const request = new Request("http://localhost/api/test", {
    method,
    headers,
    body: body === undefined || method === "GET" ? undefined : JSON.stringify(body),
  });
  const context = routeContext(testApp);
  // The server entry's rule for methods (app/http/api-routes.server.ts), as over HTTP.
  if (!allowedMethods(route).includes(method)) {
    return { status: 405, json: { code: "METHOD_NOT_ALLOWED", allow: allowedMethods(route).join(", ") } };
  }
  const handler = (method === "GET" ? route.loader : route.action) as unknown as (args: unknown) => Promise<Response>;
  const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await handler({ request, context, params: stringParams });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

describe("authentication and errors", () => {
  test("no session is a 401 with { code, message }", async () => {
    const { status, json } = await call(myClassesRoute, "anonymous", "GET", {});
    expect(status).toBe(401);
    expect(json).toEqual({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  });

  test("a non-numeric id is a 404, not a 500", async () => {
    const { status, json } = await call(dashboardRoute, "teacher", "GET", { id: "abc" });
    expect(status).toBe(404);
    expect(json.code).toBe("NOT_FOUND");
  });

  test("a wrong method is a 405", async () => {
    expect((await call(classesRoute, "teacher", "DELETE", {})).status).toBe(405);
  });
});

describe("classes", () => {
  test("GET /api/classes/my-classes gives { classes } with ids", async () => {
    const { status, json } = await call(myClassesRoute, "teacher", "GET", {});
    expect(status).toBe(200);
    expect(json.classes).toEqual([expect.objectContaining({ id: world.class5A.id, name: "5A Sunflowers" })]);
  });

  test("GET /api/classes lists the scope: a school admin sees the school's classes only", async () => {
    const { json } = await call(classesRoute, "schoolAdmin", "GET", {});
    const names = (json.classes as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["5A Sunflowers", "6 Maple"]));
    expect(names).not.toContain("7 Cedar");
  });

  test("POST /api/classes creates a class the teacher owns; bad input is a 400", async () => {
    const created = await call(classesRoute, "teacher", "POST", {}, { name: "Robotics" });
    expect(created.status).toBe(201);
    const klass = created.json.class as { id: number; schoolId: number };
    expect(klass.schoolId).toBe(world.riverside.id);
    expect((await call(classRoute, "teacher", "GET", { id: klass.id })).status).toBe(200);
    const bad = await call(classesRoute, "teacher", "POST", {}, { name: "" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "VALIDATION", message: "Enter a class name" });
  });

  test("GET/PUT /api/classes/{id}: own class, school admin and platform admin yes; colleague and other school's admin 404", async () => {
    expect((await call(classRoute, "teacher", "GET", { id: world.class5A.id })).json).toMatchObject({
      class: { name: "5A Sunflowers" },
      teachers: [expect.objectContaining({ id: world.users.teacher.id })],
    });
    expect((await call(classRoute, "schoolAdmin", "GET", { id: world.class5A.id })).status).toBe(200);
    expect((await call(classRoute, "platformAdmin", "GET", { id: world.class5A.id })).status).toBe(200);
    expect((await call(classRoute, "colleague", "GET", { id: world.class5A.id })).status).toBe(404);
    expect((await call(classRoute, "otherAdmin", "GET", { id: world.class5A.id })).status).toBe(404);
    expect((await call(classRoute, "otherAdmin", "PUT", { id: world.class5A.id }, { name: "Mine now" })).status).toBe(
      404,
    );
    const renamed = await call(classRoute, "schoolAdmin", "PUT", { id: world.class6.id }, { name: "6 Maple Leaf" });
    expect(renamed.json).toMatchObject({ class: { name: "6 Maple Leaf" } });
  });

  test("students-with-contacts, dashboard and online-students follow the same rules", async () => {
    await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: world.class5A.id,
      firstName: "Zed",
      lastSeenAt: new Date(),
      contacts: [{ name: "Zara", relationship: "Aunt" }],
    });
    const roster = await call(studentsRoute, "teacher", "GET", { id: world.class5A.id });
    expect(roster.json.students).toEqual([
      expect.objectContaining({ firstName: "Zed", contacts: [expect.objectContaining({ name: "Zara" })] }),
    ]);
    const dashboard = await call(dashboardRoute, "teacher", "GET", { id: world.class5A.id });
    expect(dashboard.json).toMatchObject({ studentCount: 1, class: { id: world.class5A.id } });
    const online = await call(onlineRoute, "schoolAdmin", "GET", { id: world.class5A.id });
    expect(online.json.students).toEqual([expect.objectContaining({ firstName: "Zed" })]);
    for (const who of ["colleague", "otherAdmin", "otherTeacher"] as const) {
      for (const route of [studentsRoute, dashboardRoute, onlineRoute]) {
        const { status, json } = await call(route, who, "GET", { id: world.class5A.id });
        expect(status).toBe(404);
        expect(json).toEqual({ code: "NOT_FOUND", message: "Class not found" });
      }
    }
  });

  test("POST/DELETE /api/classes/{classId}/user/{userId} adds and removes a teacher", async () => {
    const params = { classId: world.class5A.id, userId: world.users.spareTeacher.id };
    expect((await call(classTeacherRoute, "colleague", "POST", params)).status).toBe(404);
    const added = await call(classTeacherRoute, "teacher", "POST", params);
    expect(added.status).toBe(201);
    expect(added.json.teacher).toMatchObject({ id: world.users.spareTeacher.id, role: "co-teacher" });
    expect((await call(classTeacherRoute, "teacher", "POST", params)).status).toBe(409);
    expect((await call(classTeacherRoute, "otherAdmin", "DELETE", params)).status).toBe(404);
    expect((await call(classTeacherRoute, "teacher", "DELETE", params)).json).toMatchObject({ removed: true });
    const last = await call(classTeacherRoute, "teacher", "DELETE", {
      classId: world.class5A.id,
      userId: world.users.teacher.id,
    });
    expect(last.status).toBe(409);
  });
});

describe("class codes", () => {
  test("generate (default 87600 hours), read, stop, and stop again as a no-op", async () => {
    const generated = await call(generateRoute, "teacher", "POST", {}, { classId: world.class5A.id });
    expect(generated.status).toBe(201);
    const code = generated.json.classCode as { code: string; expiresAt: string; createdAt: string };
    expect(new Date(code.expiresAt).getTime() - new Date(code.createdAt).getTime()).toBe(87_600 * 3_600_000);
    expect((await call(codeForClassRoute, "teacher", "GET", { classId: world.class5A.id })).json).toMatchObject({
      classCode: { code: code.code },
    });
    const stopped = await call(stopRoute, "teacher", "POST", {}, { classId: world.class5A.id });
    expect(stopped.json).toMatchObject({ stopped: true, code: code.code });
    const again = await call(stopRoute, "teacher", "POST", {}, { classId: world.class5A.id });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      stopped: false,
      message: "This class has no live class code, so there was nothing to stop.",
    });
    expect((await call(codeForClassRoute, "teacher", "GET", { classId: world.class5A.id })).json).toEqual({
      classCode: null,
    });
  });

  test("expirationHours is validated; other classes are 404", async () => {
    const bad = await call(generateRoute, "teacher", "POST", {}, { classId: world.class5A.id, expirationHours: -3 });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("VALIDATION");
    expect((await call(generateRoute, "colleague", "POST", {}, { classId: world.class5A.id })).status).toBe(404);
    expect((await call(stopRoute, "otherAdmin", "POST", {}, { classId: world.class5A.id })).status).toBe(404);
    expect((await call(codeForClassRoute, "otherTeacher", "GET", { classId: world.class5A.id })).status).toBe(404);
    expect(
      (await call(generateRoute, "schoolAdmin", "POST", {}, { classId: world.class5A.id, expirationHours: 2 })).status,
    ).toBe(201);
  });
});

describe("surveys and assignments", () => {
  test("assignable → assign (201) → assign again (409) → listed in the class's surveys", async () => {
    const survey = await createSurvey(database.db, { title: "Kindness" });
    const assignable = await call(assignableRoute, "teacher", "GET", { classId: world.class5A.id });
    expect((assignable.json.surveys as { id: number }[]).map((s) => s.id)).toContain(survey.id);
    const assigned = await call(assignSurveyRoute, "teacher", "POST", {
      classId: world.class5A.id,
      surveyId: survey.id,
    });
    expect(assigned.status).toBe(201);
    expect(assigned.json).toMatchObject({
      message: "Survey assigned successfully!",
      assignment: { status: "assigned", surveyId: survey.id },
    });
    const twice = await call(assignSurveyRoute, "teacher", "POST", { classId: world.class5A.id, surveyId: survey.id });
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ code: "CONFLICT", message: "This survey is already assigned to this class." });
    const list = await call(surveysRoute, "teacher", "GET", { classId: world.class5A.id });
    expect(list.json.assignments).toEqual(
      expect.arrayContaining([expect.objectContaining({ surveyId: survey.id, status: "assigned" })]),
    );
  });

  test("PATCH status: completed closes, anything else starts; messages; 404 across classes", async () => {
    const survey = await createSurvey(database.db, { title: "Breaktime" });
    const assignment = await createAssignment(database.db, { classId: world.class5A.id, surveyId: survey.id });
    const params = { classId: world.class5A.id, assignmentId: assignment.id };
    const started = await call(statusRoute, "teacher", "PATCH", params, { status: "active" });
    expect(started.json).toMatchObject({
      change: "started",
      message: "Survey started successfully!",
      assignment: { status: "active" },
    });
    const closed = await call(statusRoute, "teacher", "PATCH", params, { status: "completed" });
    expect(closed.json).toMatchObject({
      change: "closed",
      message: "Survey closed successfully!",
      assignment: { status: "completed" },
    });
    expect((await call(statusRoute, "teacher", "PATCH", params, {})).status).toBe(400);
    expect((await call(statusRoute, "colleague", "PATCH", params, { status: "active" })).status).toBe(404);
    expect((await call(statusRoute, "otherAdmin", "PATCH", params, { status: "active" })).status).toBe(404);
    expect(
      (
        await call(
          statusRoute,
          "teacher",
          "PATCH",
          { classId: world.class6.id, assignmentId: assignment.id },
          { status: "active" },
        )
      ).status,
    ).toBe(404);
  });

  test("GET stats gives counts; other classes are 404", async () => {
    const survey = await createSurvey(database.db, { title: "Stats" });
    const assignment = await createAssignment(database.db, {
      classId: world.class5A.id,
      surveyId: survey.id,
      status: "active",
    });
    const params = { classId: world.class5A.id, assignmentId: assignment.id };
    const stats = await call(statsRoute, "schoolAdmin", "GET", params);
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ respondedCount: 0, assignment: { id: assignment.id } });
    expect((await call(statsRoute, "colleague", "GET", params)).status).toBe(404);
    expect((await call(statsRoute, "otherAdmin", "GET", params)).status).toBe(404);
  });

  test("another school's admin cannot list, assign or see assignable surveys", async () => {
    const survey = await createSurvey(database.db);
    expect((await call(surveysRoute, "otherAdmin", "GET", { classId: world.class5A.id })).status).toBe(404);
    expect((await call(assignableRoute, "otherAdmin", "GET", { classId: world.class5A.id })).status).toBe(404);
    expect(
      (await call(assignSurveyRoute, "otherAdmin", "POST", { classId: world.class5A.id, surveyId: survey.id })).status,
    ).toBe(404);
  });
});
