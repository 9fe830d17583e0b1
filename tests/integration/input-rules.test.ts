/**
 * Bad input is refused, never stored and never reinterpreted (ADRs 120–123),
 * through the whole app in-process (tests/support/app-handler.ts) on its own
 * demo database: PGlite, or PostgreSQL with TEST_DATABASE_URL.
 *
 * - The text rule (ADR 120): NUL, U+0001, VT, DEL, U+0085, U+FFFE and lone
 *   surrogates in a field of every JSON endpoint, every screen form and the
 *   query strings are a 400 with a message, and change nothing; tab and line
 *   breaks are refused in single-line fields and kept in multi-line ones.
 * - JSON bodies are strict: an unknown key is a 400 that names it.
 * - A school admin naming another school's id is refused, on the screen
 *   and in the API alike.
 * - A page size or page out of range is a 400 that names it, not a fallback.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/server/auth/session.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import { changedTables, forbiddenTextInDatabase, snapshot } from "../support/db-snapshot";
import { CONTROL_STRINGS, OUT_OF_RANGE_PAGE_SIZES } from "../support/hostile-strings";

const ORIGIN = "http://school.test";
/**
 * A form post or a query string is UTF-8 on the wire, which cannot carry a
 * lone surrogate: the browser (and URLSearchParams here) sends U+FFFD in its
 * place. Only a JSON body can carry one (as a `\ud800` escape).
 */
const WIRE_STRINGS = CONTROL_STRINGS.filter((text) => !/\p{Cs}/u.test(text));
type Actor = "teacher" | "teacher2" | "schoolAdmin" | "platformAdmin" | "anonymous" | "student";

let server: InProcessApp;
const userIds = new Map<string, number>();
let studentToken = "";
const ids = {
  class5A: 0,
  class6Maple: 0,
  activeAssignment: 0,
  assignedAssignment: 0,
  unassignedSurvey: 0,
  student: 0,
  surveyWithResponses: 0,
  otherSchool: 0,
};

beforeAll(async () => {
  server = await startInProcessApp();
  const { db } = server.app;
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, account.email));
    userIds.set(account.key, user.id);
  }
  const classByName = async (name: string) =>
    (await db.select({ id: schema.classes.id }).from(schema.classes).where(eq(schema.classes.name, name)))[0].id;
  ids.class5A = await classByName("5A Sunflowers");
  ids.class6Maple = await classByName("6 Maple");
  const assignmentsOf5A = await db
    .select({ id: schema.assignments.id, status: schema.assignments.status, surveyId: schema.assignments.surveyId })
    .from(schema.assignments)
    .where(eq(schema.assignments.classId, ids.class5A));
  ids.activeAssignment = assignmentsOf5A.find((row) => row.status === "active")!.id;
  ids.surveyWithResponses = assignmentsOf5A.find((row) => row.status === "active")!.surveyId;
  const assigned = assignmentsOf5A.find((row) => row.status === "assigned");
  ids.assignedAssignment = assigned?.id ?? ids.activeAssignment;
  const allSurveys = await db.select({ id: schema.surveys.id }).from(schema.surveys);
  const used = new Set(assignmentsOf5A.map((row) => row.surveyId));
  ids.unassignedSurvey = allSurveys.find((survey) => !used.has(survey.id))?.id ?? allSurveys[0].id;
  ids.student = (
    await db
      .select({ id: schema.classStudents.studentId })
      .from(schema.classStudents)
      .where(eq(schema.classStudents.classId, ids.class5A))
      .limit(1)
  )[0].id;
  const [other] = await db.insert(schema.schools).values({ name: "Lakeside Input School" }).returning();
  ids.otherSchool = other.id;
  const joined = await send("anonymous", "POST", "/api/student/v1/join", {
    json: { code: "SUNNY-4821", firstName: "Input", lastName: "Rules" },
  });
  expect(joined.status).toBe(200);
  studentToken = ((await joined.json()) as { token: string }).token;
  // The token's first use records when it was last used (bookkeeping, like a session's): done before the tests.
  expect((await send("student", "GET", "/api/student/v1/assignments")).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function headersFor(actor: Actor): Promise<Record<string, string>> {
  if (actor === "anonymous") return {};
  if (actor === "student") return { Authorization: `Bearer ${studentToken}` };
  const session = await createSession(server.app, userIds.get(actor)!, new Request(`${ORIGIN}/login`), null);
  return { Cookie: session.setCookie.split(";")[0] };
}

async function send(
  actor: Actor,
  method: string,
  path: string,
  body: { json?: unknown; raw?: string; form?: Array<[string, string]> } = {},
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, ...(await headersFor(actor)), ...extra };
  let payload: string | undefined;
  if (body.json !== undefined || body.raw !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = body.raw ?? JSON.stringify(body.json);
  } else if (body.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body.form).toString();
  }
  return server.handle(new Request(`${ORIGIN}${path}`, { method, headers, body: payload }));
}

// ---------------------------------------------------------------------------
// The JSON API: one body a line; `text` names the field the hostile value goes in.

interface ApiCase {
  name: string;
  actor: Actor;
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  /** The field that gets the hostile text (a dotted path); absent: an extra key carries it. */
  text?: string;
}

// biome-ignore format: one endpoint a line
const API: ApiCase[] = [
  { name: "POST /api/classes",                          actor: "platformAdmin", method: "POST",   path: () => "/api/classes",                                                        body: () => ({ name: "Input Class", schoolId: 1 }),                                                text: "name" },
  { name: "PUT /api/classes/:id",                       actor: "teacher",       method: "PUT",    path: () => `/api/classes/${ids.class5A}`,                                          body: () => ({ name: "5A Sunflowers" }),                                                            text: "name" },
  { name: "POST /api/classCodes/generate",              actor: "teacher",       method: "POST",   path: () => "/api/classCodes/generate",                                             body: () => ({ classId: ids.class5A, expirationHours: 24 }) },
  { name: "POST /api/classCodes/stop",                  actor: "teacher",       method: "POST",   path: () => "/api/classCodes/stop",                                                 body: () => ({ classId: ids.class6Maple }) },
  { name: "POST /api/classes/:classId/user/:userId",    actor: "teacher",       method: "POST",   path: () => `/api/classes/${ids.class5A}/user/${userIds.get("teacher2")}`,          body: () => ({}) },
  { name: "DELETE /api/classes/:classId/user/:userId",  actor: "teacher",       method: "DELETE", path: () => `/api/classes/${ids.class5A}/user/${userIds.get("teacher2")}`,          body: () => ({}) },
  { name: "POST /api/classes/:classId/surveys/:id/assign", actor: "teacher",    method: "POST",   path: () => `/api/classes/${ids.class5A}/surveys/${ids.unassignedSurvey}/assign`,   body: () => ({ anonymous: false }) },
  { name: "PATCH /api/classes/:classId/assignments/:id", actor: "teacher",      method: "PATCH",  path: () => `/api/classes/${ids.class5A}/assignments/${ids.assignedAssignment}`,    body: () => ({ anonymous: false }) },
  { name: "PATCH /api/classes/:classId/assignments/:id/status", actor: "teacher", method: "PATCH", path: () => `/api/classes/${ids.class5A}/assignments/${ids.activeAssignment}/status`, body: () => ({ status: "active" }),                                                   text: "status" },
  { name: "DELETE /api/classes/:classId/students/:id/tokens", actor: "teacher", method: "DELETE", path: () => `/api/classes/${ids.class5A}/students/${ids.student}/tokens`,            body: () => ({}) },
  { name: "POST /api/users/bulk-create",                actor: "platformAdmin", method: "POST",   path: () => "/api/users/bulk-create",                                               body: () => ({ staffMembers: [{ name: "Input Person", email: "input.person@riverside.example", role: "teacher", school: "1" }] }), text: "staffMembers.0.name" },
  { name: "PATCH /api/users/:id",                       actor: "platformAdmin", method: "PATCH",  path: () => `/api/users/${userIds.get("teacher2")}`,                                body: () => ({ name: "Daniel Murphy" }),                                                            text: "name" },
  { name: "POST /api/auth/sign-in/email",               actor: "anonymous",     method: "POST",   path: () => "/api/auth/sign-in/email",                                              body: () => ({ email: "nobody@riverside.example", password: "Wrong-Pass-1" }),                      text: "password" },
  { name: "POST /api/auth/sign-up/email",               actor: "anonymous",     method: "POST",   path: () => "/api/auth/sign-up/email",                                              body: () => ({ name: "Input Signup", email: "input.signup@riverside.example", password: "Input-Pass-1" }), text: "name" },
  { name: "POST /api/auth/change-password",             actor: "teacher2",      method: "POST",   path: () => "/api/auth/change-password",                                            body: () => ({ currentPassword: "Wrong-Pass-1", newPassword: "Input-Pass-1" }),                     text: "newPassword" },
  { name: "POST /api/auth/update-user",                 actor: "teacher2",      method: "POST",   path: () => "/api/auth/update-user",                                                body: () => ({ name: "Daniel Murphy" }),                                                            text: "name" },
  { name: "POST /api/auth/forget-password",             actor: "anonymous",     method: "POST",   path: () => "/api/auth/forget-password",                                            body: () => ({ email: "nobody@riverside.example" }),                                                text: "email" },
  { name: "POST /api/auth/reset-password",              actor: "anonymous",     method: "POST",   path: () => "/api/auth/reset-password",                                             body: () => ({ token: "not-a-token", newPassword: "Input-Pass-1" }),                                text: "token" },
  { name: "POST /api/auth/delete-user",                 actor: "teacher2",      method: "POST",   path: () => "/api/auth/delete-user",                                                body: () => ({ password: "Wrong-Pass-1" }),                                                         text: "password" },
  { name: "POST /api/auth/sign-out",                    actor: "teacher2",      method: "POST",   path: () => "/api/auth/sign-out",                                                   body: () => ({}) },
  { name: "POST /api/auth/revoke-sessions",             actor: "teacher2",      method: "POST",   path: () => "/api/auth/revoke-sessions",                                            body: () => ({}) },
  { name: "POST /api/auth/revoke-other-sessions",       actor: "teacher2",      method: "POST",   path: () => "/api/auth/revoke-other-sessions",                                      body: () => ({}) },
  { name: "POST /api/student/v1/join",                  actor: "anonymous",     method: "POST",   path: () => "/api/student/v1/join",                                                 body: () => ({ code: "SUNNY-4821", firstName: "Input", lastName: "Joiner" }),                       text: "lastName" },
  { name: "POST /api/student/v1/heartbeat",             actor: "student",       method: "POST",   path: () => "/api/student/v1/heartbeat",                                            body: () => ({}) },
  { name: "POST /api/student/v1/assignments/:id/responses", actor: "student",   method: "POST",   path: () => `/api/student/v1/assignments/${ids.activeAssignment}/responses`,        body: () => ({ answers: { "any-question": "An answer" } }),                                         text: "answers.any-question" },
];

function withText(body: Record<string, unknown>, path: string | undefined, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  if (!path) return { ...copy, note: value };
  const keys = path.split(".");
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

describe("control characters and lone surrogates in the JSON API", () => {
  test.each(API)("$name: every one is a 400 VALIDATION, in a value and in a key; nothing changes", async (api) => {
    for (const hostile of CONTROL_STRINGS) {
      for (const body of [withText(api.body(), api.text, hostile), { ...api.body(), [`key${hostile}`]: "x" }]) {
        const label = `${api.name} ${JSON.stringify(body)}`;
        const before = await snapshot(server.app.db);
        const response = await send(api.actor, api.method, api.path(), { json: body });
        const answer = (await response.json()) as { code: string; message: string; fieldErrors?: object };
        expect(response.status, `${label} → ${JSON.stringify(answer)}`).toBe(400);
        expect(answer.code, label).toBe("VALIDATION");
        expect(answer.message, label).toMatch(/cannot be saved/);
        expect(answer.fieldErrors, label).toBeDefined();
        expect(changedTables(before, await snapshot(server.app.db)), label).toBe("");
      }
    }
  });

  test("a single-line field refuses tab and line breaks with a field error; a free-text answer keeps them", async () => {
    for (const name of ["5A\tSunflowers", "5A\nSunflowers", "5A\r\nSunflowers"]) {
      const response = await send("teacher", "PUT", `/api/classes/${ids.class5A}`, { json: { name } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
        name: ["Keep this on one line: remove the line break or tab."],
      });
    }
    // Leading and trailing whitespace is cleaned, not refused.
    const trimmed = await send("teacher", "PUT", `/api/classes/${ids.class5A}`, {
      json: { name: "\t5A Sunflowers\n" },
    });
    expect(trimmed.status).toBe(200);
    expect(((await trimmed.json()) as { class: { name: string } }).class.name).toBe("5A Sunflowers");
  });

  test("a raw NUL escape in the JSON text is refused the same way", async () => {
    const response = await send("teacher", "PUT", `/api/classes/${ids.class5A}`, {
      raw: '{"name":"5A\\u0000Sunflowers"}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: object }).fieldErrors).toEqual({
      name: [expect.stringContaining("U+0000")],
    });
  });
});

// ---------------------------------------------------------------------------
// The screens' forms: the field that gets the hostile value comes first.

interface FormCase {
  name: string;
  actor: Actor;
  path: () => string;
  fields: () => Array<[string, string]>;
}

// biome-ignore format: one form a line
const FORMS: FormCase[] = [
  { name: "POST /login",                          actor: "anonymous",     path: () => "/login",                                        fields: () => [["email", "nobody@riverside.example"], ["password", "Wrong-Pass-1"]] },
  { name: "POST /signup",                         actor: "anonymous",     path: () => "/signup",                                       fields: () => [["name", "Input Signup"], ["email", "input.signup2@riverside.example"], ["password", "Input-Pass-1"], ["confirmPassword", "Input-Pass-1"]] },
  { name: "POST /forgot-password",                actor: "anonymous",     path: () => "/forgot-password",                              fields: () => [["email", "nobody@riverside.example"]] },
  { name: "POST /reset-password",                 actor: "anonymous",     path: () => "/reset-password",                               fields: () => [["token", "not-a-token"], ["newPassword", "Input-Pass-1"], ["confirmPassword", "Input-Pass-1"]] },
  { name: "POST /verify-email",                   actor: "anonymous",     path: () => "/verify-email",                                 fields: () => [["token", "not-a-token"]] },
  { name: "POST /account/password",               actor: "teacher2",      path: () => "/account/password",                             fields: () => [["currentPassword", "Wrong-Pass-1"], ["newPassword", "Input-Pass-1"], ["confirmPassword", "Input-Pass-1"]] },
  { name: "POST /class/:id/create",               actor: "teacher",       path: () => `/class/${ids.class5A}/create`,                   fields: () => [["name", "Input Class"]] },
  { name: "POST /class/:id/students/manage (add)", actor: "teacher",      path: () => `/class/${ids.class5A}/students/manage`,          fields: () => [["firstName", "Ada"], ["intent", "add-student"], ["lastName", "Lovelace"], ["contacts[0].name", "Parent"], ["contacts[0].notes", "Notes"]] },
  { name: "POST /class/:id/students/manage (code)", actor: "teacher",     path: () => `/class/${ids.class5A}/students/manage`,          fields: () => [["expirationHours", "24"], ["intent", "generate-code"]] },
  { name: "POST /class/:id/student/:id",          actor: "teacher",       path: () => `/class/${ids.class5A}/student/${ids.student}`,   fields: () => [["firstName", "Ada"], ["lastName", "Lovelace"]] },
  { name: "POST /class/:id/student/:id/delete",   actor: "teacher",       path: () => `/class/${ids.class5A}/student/${ids.student}/delete`, fields: () => [["intent", "delete-student"]] },
  { name: "POST /class/:id/surveys/library",      actor: "teacher",       path: () => `/class/${ids.class5A}/surveys/library`,          fields: () => [["intent", "assign"], ["surveyId", String(ids.unassignedSurvey)]] },
  { name: "POST /class/:id/surveys/manage",       actor: "teacher",       path: () => `/class/${ids.class5A}/surveys/manage`,           fields: () => [["intent", "close"], ["assignmentId", String(ids.activeAssignment)]] },
  { name: "POST /admin/create-class",             actor: "platformAdmin", path: () => "/admin/create-class",                           fields: () => [["name", "Input Class"], ["schoolId", "1"], ["teacherIds", String(userIds.get("teacher"))]] },
  { name: "POST /admin/schools (create)",         actor: "platformAdmin", path: () => "/admin/schools",                                fields: () => [["name", "Input Academy"], ["intent", "create"]] },
  { name: "POST /admin/schools/:id (rename)",     actor: "platformAdmin", path: () => "/admin/schools/1",                              fields: () => [["name", "Riverside Primary School"], ["intent", "rename"]] },
  { name: "POST /admin/settings?classId (update)", actor: "platformAdmin", path: () => `/admin/settings?classId=${ids.class5A}`,        fields: () => [["name", "5A Sunflowers"], ["teacherIds", String(userIds.get("teacher"))]] },
  { name: "POST /admin/staff/:id/edit",          actor: "platformAdmin", path: () => `/admin/staff/${userIds.get("teacher2")}/edit`,   fields: () => [["name", "Daniel Murphy"], ["role", "teacher"], ["schoolId", "1"]] },
  { name: "POST /admin/staff/new (bulk-create)",      actor: "platformAdmin", path: () => "/admin/staff/new",                              fields: () => [["staffMembers[0].name", "Input Person"], ["intent", "bulk-create"], ["staffMembers[0].email", "input.person2@riverside.example"]] },
  { name: "POST /admin/staff/new (import-csv)",       actor: "platformAdmin", path: () => "/admin/staff/new",                              fields: () => [["csvText", "name,email\nCsv Person,csv.input@riverside.example"], ["intent", "import-csv"]] },
  { name: "POST /admin/survey (sync)",            actor: "platformAdmin", path: () => "/admin/survey",                                 fields: () => [["intent", "sync"]] },
];

describe("control characters and lone surrogates in the screens' forms", () => {
  test.each(FORMS)("$name: a 400 that says why, with JavaScript and without; nothing changes", async (form) => {
    for (const hostile of WIRE_STRINGS) {
      const [[first, value], ...rest] = form.fields();
      const variants: Array<[string, Array<[string, string]>]> = [
        ["value", [[first, `${value}${hostile}`], ...rest]],
        ["name", [...form.fields(), [`extra${hostile}`, "x"]]],
      ];
      for (const [kind, fields] of variants) {
        for (const document of [false, true]) {
          const path = form.path();
          const url = document ? path : path.replace(/(\?|$)/, ".data$1");
          const label = `${form.name} (${kind}, ${document ? "no JS" : "JS"}) ${JSON.stringify(fields)}`;
          const before = await snapshot(server.app.db);
          const response = await send(
            form.actor,
            "POST",
            url,
            { form: fields },
            {
              Accept: document ? "text/html" : "*/*",
            },
          );
          const text = await response.text();
          expect(response.status, `${label} → ${text.slice(0, 300)}`).toBe(400);
          expect(text, label).toMatch(/cannot be saved/);
          if (document) expect(text, label).toMatch(/role="alert"/);
          expect(changedTables(before, await snapshot(server.app.db)), label).toBe("");
        }
      }
    }
  });

  test("the page for a character no field may hold is in the reader's language (issue 36)", async () => {
    const german = await send(
      "teacher",
      "POST",
      `/class/${ids.class5A}/students/manage`,
      {
        form: [
          ["intent", "add-student"],
          ["firstName", "Ada\u0000"],
          ["lastName", "Lovelace"],
        ],
      },
      { Accept: "text/html", "Accept-Language": "de" },
    );
    expect(german.status).toBe(400);
    const page = await german.text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain("<h1>Dieser Text kann nicht gespeichert werden</h1>");
    expect(page).toContain("Das Formular enthält ein Zeichen, das nicht gespeichert werden kann");
  });

  test("a single-line field with a tab shows a field error; a contact's notes keep their line breaks", async () => {
    const refused = await send("teacher", "POST", `/class/${ids.class5A}/students/manage`, {
      form: [
        ["intent", "add-student"],
        ["firstName", "Ada\tMary"],
        ["lastName", "Lovelace"],
      ],
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Keep this on one line: remove the line break or tab.");
    const accepted = await send("teacher", "POST", `/class/${ids.class5A}/students/manage`, {
      form: [
        ["intent", "add-student"],
        ["firstName", "Ada"],
        ["lastName", "Multiline"],
        ["contacts[0].name", "Parent Multiline"],
        ["contacts[0].notes", "First line\nSecond line\twith a tab"],
      ],
    });
    expect(accepted.status).toBe(302);
    const [contact] = await server.app.db
      .select({ notes: schema.studentContacts.notes })
      .from(schema.studentContacts)
      .where(eq(schema.studentContacts.name, "Parent Multiline"));
    expect(contact.notes).toBe("First line\nSecond line\twith a tab");
  });

  test("an uploaded staff CSV with a control character names its line", async () => {
    const form = new FormData();
    form.append("intent", "import-csv");
    form.append(
      "csvFile",
      new File(
        ["name,email\nGood Person,good@riverside.example\nBad\u0000Person,bad@riverside.example\n"],
        "staff.csv",
        {
          type: "text/csv",
        },
      ),
    );
    const before = await snapshot(server.app.db);
    const response = await server.handle(
      new Request(`${ORIGIN}/admin/staff/new`, {
        method: "POST",
        headers: { Origin: ORIGIN, ...(await headersFor("platformAdmin")) },
        body: form,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "Line 3 of the CSV: This text contains an invisible control character (U+0000)",
    );
    expect(changedTables(before, await snapshot(server.app.db))).toBe("");
  });
});

describe("control characters in query strings", () => {
  // biome-ignore format: one route a line
  const QUERIES: Array<[Actor, string]> = [
    ["platformAdmin", "/admin/staff?q="],
    ["platformAdmin", "/admin/audit?action="],
    ["platformAdmin", `/admin/survey/${1}?status=`],
    ["platformAdmin", "/api/users/all?excludeAdmin="],
    ["platformAdmin", "/api/surveys/1/responses?from="],
    ["anonymous",     "/login?redirectTo=/home"],
    ["teacher",       "/account/password?redirectTo=/home"],
    ["anonymous",     "/reset-password?token="],
    ["teacher",       `/class/1/home?anything=`],
    ["student",       `/api/student/v1/assignments/1/drawings?fieldUid=`],
  ];

  test.each(QUERIES)("%s GET %s…: a 400 that names the parameter", async (actor, path) => {
    for (const hostile of WIRE_STRINGS) {
      const url = `${path}${encodeURIComponent(hostile)}`;
      const method = path.includes("/drawings") ? "POST" : "GET";
      const response = await send(actor, method, url);
      const text = await response.text();
      expect(response.status, `${url} → ${text.slice(0, 200)}`).toBe(400);
      expect(text, url).toMatch(/cannot be saved/);
    }
  });
});

describe("unknown keys in JSON bodies", () => {
  test.each(API.filter((api) => api.actor !== "student" || api.name.includes("responses")))(
    "$name: an unknown key is a 400 that names it, and nothing changes",
    async (api) => {
      for (const key of ["isAdmin", "extra", "schoolID"]) {
        const body = { ...api.body(), [key]: true };
        const before = await snapshot(server.app.db);
        const response = await send(api.actor, api.method, api.path(), { json: body });
        const answer = (await response.json()) as { code: string; message: string; fieldErrors?: object };
        expect(response.status, `${api.name} ${JSON.stringify(body)} → ${JSON.stringify(answer)}`).toBe(400);
        expect(answer.code).toBe("VALIDATION");
        expect(answer.message).toContain(`"${key}"`);
        expect(answer.fieldErrors).toHaveProperty(key);
        expect(changedTables(before, await snapshot(server.app.db)), api.name).toBe("");
      }
    },
  );

  test("PUT /api/classes/{id} with status: refused, the class is neither renamed nor archived", async () => {
    const response = await send("teacher", "PUT", `/api/classes/${ids.class5A}`, {
      json: { name: "Renamed", status: "archived" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION",
      message: 'Unknown field "status": this call does not take it.',
      fieldErrors: { status: ['Unknown field "status": this call does not take it.'] },
    });
    const [klass] = await server.app.db.select().from(schema.classes).where(eq(schema.classes.id, ids.class5A));
    expect(klass).toMatchObject({ name: "5A Sunflowers", status: "active" });
  });

  test("unknown keys named like Object's own (constructor, __proto__, toString) are named too, not a 500", async () => {
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const response = await send("teacher", "PUT", `/api/classes/${ids.class5A}`, {
        raw: `{"name":"5A Sunflowers",${JSON.stringify(key)}:null}`,
      });
      const answer = (await response.json()) as { code: string; fieldErrors: Record<string, string[]> };
      expect(response.status, key).toBe(400);
      expect(Object.hasOwn(answer.fieldErrors, key), key).toBe(true);
    }
  });

  test("an unknown key inside a list row is named with its path", async () => {
    const response = await send("platformAdmin", "POST", "/api/users/bulk-create", {
      json: { staffMembers: [{ name: "Row", email: "row@riverside.example", password: "x" }] },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty([
      "staffMembers.0.password",
    ]);
  });
});

describe("a school admin stays in their school", () => {
  test("POST /api/classes with another school's id: 404, and no class anywhere", async () => {
    const before = await snapshot(server.app.db);
    const response = await send("schoolAdmin", "POST", "/api/classes", {
      json: { name: "Sneaky Class", schoolId: ids.otherSchool },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "School not found" });
    expect(changedTables(before, await snapshot(server.app.db))).toBe("");
    const own = await send("schoolAdmin", "POST", "/api/classes", {
      json: { name: "Own School Class", teacherId: userIds.get("teacher") },
    });
    expect(own.status).toBe(201);
  });

  test("the create-class screen with another school's id: refused with a message, no class", async () => {
    const before = await snapshot(server.app.db);
    const response = await send(
      "schoolAdmin",
      "POST",
      "/admin/create-class",
      {
        form: [
          ["name", "Sneaky Screen Class"],
          ["schoolId", String(ids.otherSchool)],
          ["teacherIds", String(userIds.get("teacher"))],
        ],
      },
      { Accept: "text/html" },
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("School not found");
    expect(changedTables(before, await snapshot(server.app.db))).toBe("");
    const classes = await server.app.db
      .select()
      .from(schema.classes)
      .where(and(eq(schema.classes.name, "Sneaky Screen Class")));
    expect(classes).toEqual([]);
  });
});

describe("page sizes and pages out of range", () => {
  test.each(OUT_OF_RANGE_PAGE_SIZES)(
    "GET /api/surveys/{id}/responses?pageSize=%s is a 400 naming pageSize",
    async (size) => {
      const response = await send(
        "platformAdmin",
        "GET",
        `/api/surveys/${ids.surveyWithResponses}/responses?pageSize=${size}`,
      );
      const answer = (await response.json()) as { code: string; fieldErrors: Record<string, string[]> };
      expect(response.status, JSON.stringify(answer)).toBe(400);
      expect(answer.code).toBe("VALIDATION");
      expect(Object.keys(answer.fieldErrors)).toEqual(["pageSize"]);
    },
  );

  test("the largest page size is answered as asked, not as 25", async () => {
    const response = await send(
      "platformAdmin",
      "GET",
      `/api/surveys/${ids.surveyWithResponses}/responses?pageSize=200`,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { pageSize: number }).pageSize).toBe(200);
  });

  test("the screens refuse them too: page size, page, status and dates", async () => {
    for (const path of [
      `/admin/survey/${ids.surveyWithResponses}?pageSize=500`,
      `/admin/survey/${ids.surveyWithResponses}?page=0`,
      `/admin/survey/${ids.surveyWithResponses}/responses.csv?status=finished`,
      "/admin/staff?page=-1",
      "/admin/staff?role=owner",
      "/admin/audit?from=2026-02-30",
      "/api/users/all?excludeAdmin=yes",
    ]) {
      const response = await send("platformAdmin", "GET", path, {}, { Accept: "text/html" });
      const text = await response.text();
      expect(response.status, `${path} → ${text.slice(0, 200)}`).toBe(400);
      expect(text, path).toMatch(/must be|not a real date/);
    }
  });

  test("a parameter given twice is refused; empty values and unknown parameters are not", async () => {
    expect((await send("platformAdmin", "GET", "/api/surveys/1/responses?page=1&page=2")).status).toBe(400);
    expect((await send("platformAdmin", "GET", "/api/surveys/1/responses?status=&utm_source=mail")).status).toBe(200);
  });
});

test("after all of it, no stored text holds a character no field may hold", async () => {
  expect(await forbiddenTextInDatabase(server.app.db)).toEqual([]);
  // A sanity check of the scan itself: it finds what it looks for.
  await server.app.db.execute(
    sql`update ${schema.schools} set name = name || ${"\u0085"} where id = ${ids.otherSchool}`,
  );
  expect(await forbiddenTextInDatabase(server.app.db)).toEqual(["schools.name (1)"]);
});
