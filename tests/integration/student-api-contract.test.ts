/**
 * The checker that holds every student API answer in the tests to the
 * OpenAPI document (tests/support/student-api-contract.ts): what it accepts
 * and what it refuses, on answers made here.
 */
import { expect, test } from "vitest";
import { buildStudentOpenApiDocument } from "~/lib/student-api/openapi";
import { studentApiContractViolations } from "../support/student-api-contract";

const BASE = "http://school.test/api/student/v1";
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const check = (method: string, path: string, response: Response) =>
  studentApiContractViolations({ method, url: `${BASE}${path}` }, response);

test("answers the document lists pass", async () => {
  expect(await check("POST", "/heartbeat", json(200, { lastSeenAt: "2026-11-23T10:00:00.000Z" }))).toEqual([]);
  expect(
    await check(
      "POST",
      "/join",
      json(429, { code: "RATE_LIMITED", message: "Too many tries." }, { "Retry-After": "120" }),
    ),
  ).toEqual([]);
  expect(
    await check(
      "GET",
      "/assignments",
      json(401, { code: "UNAUTHORIZED", message: "Join again." }, { "WWW-Authenticate": 'Bearer realm="student"' }),
    ),
  ).toEqual([]);
  expect(
    await check("PUT", "/join", json(405, { code: "METHOD_NOT_ALLOWED", message: "Use POST." }, { Allow: "POST" })),
  ).toEqual([]);
  expect(
    await check(
      "POST",
      "/assignments/3/drawings",
      json(
        429,
        { code: "QUOTA_EXCEEDED", message: "Your class has sent too many drawings today." },
        { "Retry-After": "600" },
      ),
    ),
  ).toEqual([]);
  expect(await check("GET", "/no/such/path", new Response("anything", { status: 500 }))).toEqual([]);
});

test("a status the operation does not list is a violation (a 500 above all)", async () => {
  expect(await check("POST", "/join", json(500, { code: "INTERNAL", message: "Oops" }))).toEqual([
    "status 500 is not listed for POST /api/student/v1/join (lists 200, 202, 400, 403, 404, 405, 409, 410, 413, 429, 503)",
  ]);
  expect(await check("GET", "/assignments/7/responses", json(404, { code: "NOT_FOUND", message: "x" }))).toEqual([
    "GET is not a method of /api/student/v1/assignments/{assignmentId}/responses (POST), so it must be answered 405, not 404",
  ]);
});

test("required headers, the error shape and the error code are checked", async () => {
  expect(await check("POST", "/assignments/3/drawings", json(429, { code: "RATE_LIMITED", message: "Wait." }))).toEqual(
    ["status 429 must carry the Retry-After header"],
  );
  expect(
    await check("POST", "/heartbeat", json(405, { code: "METHOD_NOT_ALLOWED", message: "No." }, { Allow: "GET" })),
  ).toEqual(["Allow (GET) must name POST"]);
  expect(await check("GET", "/surveys/4", json(404, { error: "gone" }))).toEqual([
    'status 404: the body is not { code, message, fieldErrors? }: {"error":"gone"}',
  ]);
  expect(await check("POST", "/join", json(410, { code: "GONE", message: "Stopped." }))).toEqual([
    "status 410: code GONE is not one the document names (CLASS_CODE_STOPPED, CLASS_CODE_EXPIRED, CARD_NOT_VALID)",
  ]);
  expect(
    await check(
      "POST",
      "/join",
      new Response("<h1>Method Not Allowed</h1>", { status: 405, headers: { Allow: "POST" } }),
    ),
  ).toEqual(["status 405 must be JSON, not text/plain;charset=UTF-8"]);
});

test("the join's answers: joined and waiting pass; a student id in a joined answer is a violation (ADR 180)", async () => {
  const klass = { id: 3, name: "5A", sourcedId: null };
  const student = { firstName: "Mia", lastName: "Jensen" };
  expect(
    await check(
      "POST",
      "/join",
      json(200, { status: "joined", token: "ost_x", expiresIn: 28_800, student, class: klass }),
    ),
  ).toEqual([]);
  const waiting = {
    status: "waiting",
    requestSecret: "ojr_x",
    expiresAt: "2026-11-26T10:00:00.000Z",
    message: "Wait.",
    class: klass,
  };
  expect(await check("POST", "/join", json(202, waiting))).toEqual([]);
  expect(await check("POST", "/join/collect", json(202, waiting))).toEqual([]);
  expect(await check("POST", "/join/collect", json(403, { code: "JOIN_REFUSED", message: "No." }))).toEqual([]);
  const withId = await check(
    "POST",
    "/join",
    json(200, { status: "joined", token: "ost_x", expiresIn: 28_800, student: { id: 7, ...student }, class: klass }),
  );
  expect(withId).toHaveLength(1);
  expect(withId[0]).toMatch(/^status 200: the body does not fit join's schema/);
});

test("a success must fit the operation's schema", async () => {
  const problems = await check("GET", "/assignments", json(200, { assignments: [{ assignmentId: 1 }] }));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^status 200: the body does not fit listAssignments's schema/);
});

test("the teacher endpoint under /api is checked too", async () => {
  expect(
    await studentApiContractViolations(
      { method: "DELETE", url: "http://school.test/api/classes/1/students/2/tokens" },
      json(409, { code: "CONFLICT", message: "x" }),
    ),
  ).toEqual([
    "status 409 is not listed for DELETE /api/classes/{classId}/students/{studentId}/tokens (lists 200, 400, 401, 403, 404, 405, 429, 503)",
  ]);
});

test("every operation lists the 429 of its address's share of requests in flight, with Retry-After (issue 35)", () => {
  const document = buildStudentOpenApiDocument() as {
    paths: Record<string, Record<string, { responses: Record<string, { description: string; headers?: object }> }>>;
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const busy = operation.responses["429"];
      expect(busy?.description, `${method} ${path}`).toContain(
        "this address already has its share of requests on their way",
      );
      expect(Object.keys(busy?.headers ?? {}), `${method} ${path}`).toContain("Retry-After");
    }
  }
});

test("the document states the token's lifetime and what the app does on the 401 an expired token gets", async () => {
  const document = buildStudentOpenApiDocument() as {
    paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    components: { schemas: Record<string, { required?: string[]; properties: Record<string, unknown> }> };
  };
  const unauthorized = document.paths["/assignments"].get.responses["401"].description;
  expect(unauthorized).toContain("expired");
  expect(unauthorized).toContain("not an app token");
  expect(unauthorized).toContain("forget the token and show the join screen");
  expect(document.components.schemas.JoinedResponse.required).toContain("expiresIn");

  const joined = {
    status: "joined",
    token: "ost_x",
    student: { firstName: "Mia", lastName: "Jensen" },
    class: { id: 2, name: "5A", sourcedId: null },
  };
  expect(await check("POST", "/join", json(200, { ...joined, expiresIn: 28_800 }))).toEqual([]);
  const problems = await check("POST", "/join", json(200, joined));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^status 200: the body does not fit join's schema/);
});
