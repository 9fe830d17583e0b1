/**
 * Bad input (docs/security.md): fast-check throws malformed, oversized, wrongly typed
 * and hostile values at every JSON API endpoint, in-process against a
 * demo-seeded test database (the route modules behind a `fetch`, as in
 * tests/support/student-api-app.ts). Every answer must be a success or a 4xx
 * with a `{ code, message }` body, never a 500; and after every refused
 * request the data tables hold exactly the rows they held before.
 *
 * The caller is the platform admin (every permission check passes, so the
 * input reaches validation and the domain) or, for the student API, a
 * student token. Runs per endpoint: FUZZ_RUNS (default 40); the counts are
 * recorded in docs/security.md.
 *
 * The input rules (docs/product.md#the-text-rule, ADRs 120–123) are invariants here, whatever else a body
 * holds: a body with a key or value no field may hold (control characters,
 * lone surrogates; ADR 120) or with a key the endpoint does not take is never
 * accepted; a list query with a page or page size out of range (or given
 * twice) is never answered as if it were in range; a `callbackURL` answer
 * only ever points at this site (ADR 121); and after each endpoint's runs no
 * stored text holds a forbidden character.
 */

import path from "node:path";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import type { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { findForbiddenText } from "~/lib/schemas/text";
import * as authRoute from "~/routes/api/auth";
import * as generateCodeRoute from "~/routes/api/class-codes/generate";
import * as stopCodeRoute from "~/routes/api/class-codes/stop";
import * as assignRoute from "~/routes/api/classes/assign-survey";
import * as assignmentStatusRoute from "~/routes/api/classes/assignment-status";
import * as classRoute from "~/routes/api/classes/class";
import * as classTeacherRoute from "~/routes/api/classes/class-teacher";
import * as classesRoute from "~/routes/api/classes/index";
import * as webhookRoute from "~/routes/api/content-webhook";
import * as drawingsRoute from "~/routes/api/student/drawings";
import * as heartbeatRoute from "~/routes/api/student/heartbeat";
import * as joinRoute from "~/routes/api/student/join";
import * as joinCollectRoute from "~/routes/api/student/join-collect";
import * as responsesRoute from "~/routes/api/student/responses";
import * as revokeRoute from "~/routes/api/student/revoke-tokens";
import * as surveyResponsesRoute from "~/routes/api/survey-responses";
import * as allUsersRoute from "~/routes/api/users/all";
import * as bulkCreateRoute from "~/routes/api/users/bulk-create";
import * as userRoute from "~/routes/api/users/user";
import * as withSchoolRoute from "~/routes/api/users/with-school";
import type { App } from "~/server/app.server";
import { createSession } from "~/server/auth/session.server";
import type { Database } from "~/server/db/client.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { createTestDatabase } from "../support/database";
import { forbiddenTextInDatabase } from "../support/db-snapshot";
import {
  CONTROL_STRINGS,
  HOSTILE_REDIRECTS,
  HOSTILE_STRINGS,
  LINE_BREAK_STRINGS,
  OUT_OF_RANGE_PAGE_SIZES,
  UNKNOWN_KEYS,
} from "../support/hostile-strings";
import { studentApiContractViolations } from "../support/student-api-contract";
import { createTestApp, routeContext } from "../support/test-app";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const ORIGIN = "http://school.test";

type Handler = (args: {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string>;
}) => Response | Promise<Response>;
interface Endpoint {
  name: string;
  method: string;
  /** Path params in order, filled by the fuzzer. */
  params: string[];
  module: { loader?: unknown; action?: unknown };
  /** The body's known keys: the fuzzer fills them with hostile values (and sometimes sends junk instead). */
  keys: string[];
  student?: boolean;
  /** The body is not strict (a third party's payload): unknown keys are not refused. */
  lenient?: boolean;
  /** Query parameters the fuzzer fills; `ranges` are the ones checked against their allowed range. */
  query?: string[];
}

/** Query parameters with a range: a value outside it (or a repeat) must be refused, never reinterpreted. */
const RANGES: Record<string, [number, number]> = { page: [1, 1_000_000], pageSize: [1, 200] };

// biome-ignore format: one endpoint a line
const ENDPOINTS: Endpoint[] = [
  { name: "POST /api/classes",                                   method: "POST",   params: [],                          module: classesRoute,          keys: ["name", "schoolId", "teacherId"] },
  { name: "PUT /api/classes/:id",                                method: "PUT",    params: ["id"],                      module: classRoute,            keys: ["name"] },
  { name: "POST /api/classCodes/generate",                       method: "POST",   params: [],                          module: generateCodeRoute,     keys: ["classId", "expirationHours"] },
  { name: "POST /api/classCodes/stop",                           method: "POST",   params: [],                          module: stopCodeRoute,         keys: ["classId"] },
  { name: "POST /api/classes/:classId/user/:userId",             method: "POST",   params: ["classId", "userId"],       module: classTeacherRoute,     keys: [] },
  { name: "DELETE /api/classes/:classId/user/:userId",           method: "DELETE", params: ["classId", "userId"],       module: classTeacherRoute,     keys: [] },
  { name: "POST /api/classes/:classId/surveys/:surveyId/assign", method: "POST",   params: ["classId", "surveyId"],     module: assignRoute,           keys: ["anonymous"] },
  { name: "PATCH /api/classes/:classId/assignments/:id/status",  method: "PATCH",  params: ["classId", "assignmentId"], module: assignmentStatusRoute, keys: ["status"] },
  { name: "DELETE /api/classes/:classId/students/:id/tokens",    method: "DELETE", params: ["classId", "studentId"],    module: revokeRoute,           keys: [] },
  { name: "POST /api/users/bulk-create",                         method: "POST",   params: [],                          module: bulkCreateRoute,       keys: ["staffMembers"] },
  { name: "PATCH /api/users/:id",                                method: "PATCH",  params: ["id"],                      module: userRoute,             keys: ["name", "role", "status", "schoolId"] },
  { name: "GET /api/users/:id/with-school",                      method: "GET",    params: ["id"],                      module: withSchoolRoute,       keys: [] },
  { name: "GET /api/users/all",                                  method: "GET",    params: [],                          module: allUsersRoute,         keys: [], query: ["excludeAdmin"] },
  { name: "GET /api/surveys/:surveyId/responses",                method: "GET",    params: ["surveyId"],                module: surveyResponsesRoute,  keys: [], query: ["page", "pageSize", "status", "from", "to", "schoolId", "classId"] },
  { name: "POST /api/content/webhook",                           method: "POST",   params: [],                          module: webhookRoute,          keys: ["full_slug", "story_id", "action"], lenient: true },
  { name: "POST /api/auth/sign-in/email",                        method: "POST",   params: ["*sign-in/email"],          module: authRoute,             keys: ["email", "password", "callbackURL"] },
  { name: "POST /api/auth/change-password",                      method: "POST",   params: ["*change-password"],        module: authRoute,             keys: ["currentPassword", "newPassword", "revokeOtherSessions"] },
  { name: "POST /api/auth/update-user",                          method: "POST",   params: ["*update-user"],            module: authRoute,             keys: ["name", "image"] },
  { name: "POST /api/auth/forget-password",                      method: "POST",   params: ["*forget-password"],        module: authRoute,             keys: ["email"] },
  { name: "POST /api/auth/reset-password",                       method: "POST",   params: ["*reset-password"],         module: authRoute,             keys: ["token", "newPassword"] },
  { name: "POST /api/student/v1/join",                           method: "POST",   params: [],                          module: joinRoute,             keys: ["code", "firstName", "lastName", "personalCode"], student: true },
  { name: "POST /api/student/v1/join/collect",                   method: "POST",   params: [],                          module: joinCollectRoute,      keys: ["requestSecret"], student: true },
  { name: "POST /api/student/v1/heartbeat",                      method: "POST",   params: [],                          module: heartbeatRoute,        keys: [], student: true },
  { name: "POST /api/student/v1/assignments/:id/responses",      method: "POST",   params: ["assignmentId"],            module: responsesRoute,        keys: ["answers"], student: true },
  { name: "POST /api/student/v1/assignments/:id/drawings",       method: "POST",   params: ["assignmentId"],            module: drawingsRoute,         keys: ["fieldUid", "image", "png"], student: true, query: ["fieldUid"] },
];

const hostileStrings = fc.constantFrom(
  ...HOSTILE_STRINGS,
  ...CONTROL_STRINGS,
  ...LINE_BREAK_STRINGS,
  ...HOSTILE_REDIRECTS,
  "1 OR 1=1",
  "<img src=x onerror=alert(1)>",
  "-1",
  "1e309",
);
const hostileNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  1,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  hostileNumbers,
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 10_001, maxLength: 20_000 }).map((s) => s.repeat(5)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileStrings, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileStrings, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const hostileParam = fc.oneof(
  fc.constantFrom(
    "-1",
    "0",
    "1",
    "2",
    "3",
    "999999999999999999999",
    "2147483648",
    "1e3",
    "1.5",
    "abc",
    "1;DROP TABLE classes",
    "%27",
    "NaN",
    "0x10",
    " 1",
    "٣",
  ),
  fc.integer().map(String),
);
/** Now and then a key the endpoint does not take (with any value), added to a shaped body. */
function unknownKeyFor(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const unknown = [...UNKNOWN_KEYS, "ke\u0000y", "x".repeat(300)].filter((key) => !keys.includes(key));
  return fc.option(
    fc
      .tuple(fc.constantFrom(...unknown), hostile)
      .map(([key, value]) => JSON.parse(JSON.stringify({ [key]: value ?? null }))),
    { freq: 4, nil: {} },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** A query string of the endpoint's parameters: plausible values, out-of-range ones, hostile text, repeats. */
function queryFor(names: string[] | undefined): fc.Arbitrary<Array<[string, string]>> {
  if (!names?.length) return fc.constant([]);
  const value = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("1", "2", "25", "200", "active", "completed", "2026-03-01", "true", "false", ""),
    },
    { weight: 3, arbitrary: fc.constantFrom(...OUT_OF_RANGE_PAGE_SIZES, "2026-02-30", "yes") },
    { weight: 2, arbitrary: fc.constantFrom(...CONTROL_STRINGS.filter((text) => !/\p{Cs}/u.test(text))) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).filter((text) => !/\p{Cs}/u.test(text)) },
  );
  return fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 });
}

/** True when a query must be refused: a ranged parameter out of its range, or any named parameter given twice. */
function outOfRange(query: Array<[string, string]>, names: string[] | undefined): boolean {
  const seen = new Set<string>();
  for (const [key, value] of query) {
    if (seen.has(key) && names?.includes(key) && key !== "fieldUid") return true;
    seen.add(key);
    const range = Object.hasOwn(RANGES, key) ? RANGES[key] : undefined;
    if (!range || value === "") continue;
    const number = Number(value);
    if (!Number.isInteger(number) || number < range[0] || number > range[1]) return true;
  }
  return false;
}

/** A body: junk text, JSON of the wrong shape, or an object of the endpoint's keys with hostile values. */
function bodyFor(keys: string[]): fc.Arbitrary<string | undefined> {
  const own =
    keys.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(keys.map((key) => [key, hostile])) as Record<string, fc.Arbitrary<unknown>>, {
          requiredKeys: [],
        });
  const shaped = fc.tuple(own, unknownKeyFor(keys)).map(([known, extra]) => ({ ...known, ...extra }));
  return fc.oneof(
    { arbitrary: shaped.map((value) => JSON.stringify(value)), weight: 6 },
    { arbitrary: hostile.map((value) => JSON.stringify(value) ?? "null"), weight: 2 },
    {
      arbitrary: fc.constantFrom("{", '{"a":', "not json", "[1,2", "\u0000", "{}}", "null", "") as fc.Arbitrary<
        string | undefined
      >,
      weight: 2,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** Whether a JSON body would pass the text rule and the strict keys (undefined when it is not JSON). */
function bodyBreaksRules(body: string | undefined, endpoint: Endpoint): { text: boolean; unknownKey: boolean } {
  let parsed: unknown;
  try {
    parsed = body?.trim() ? JSON.parse(body) : {};
  } catch {
    return { text: false, unknownKey: false };
  }
  const text = findForbiddenText(parsed) !== null;
  const unknownKey =
    !endpoint.lenient &&
    endpoint.method !== "GET" &&
    !endpoint.name.endsWith("/drawings") &&
    parsed !== null &&
    typeof parsed === "object" &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).some((key) => !endpoint.keys.includes(key));
  return { text, unknownKey };
}

const COUNTED = [
  schema.schools,
  schema.users,
  schema.credentials,
  schema.classes,
  schema.classTeachers,
  schema.students,
  schema.studentContacts,
  schema.classCodes,
  schema.classStudents,
  schema.surveys,
  schema.assignments,
  schema.responses,
  schema.studentTokens,
  schema.responseDrawings,
] as const;

let database: Database;
/** The App loaders and actions find in their context (tests/support/test-app.ts). */
let testApp: App;
let app: App;
let adminCookie: string;
let studentToken: string;
const tried = new Map<string, { runs: number; ok: number; refused: number }>();

async function rowCounts(): Promise<number[]> {
  return Promise.all(COUNTED.map(async (table) => (await database.db.select({ value: count() }).from(table))[0].value));
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  await seedDemoData(database.db, { contentDir: path.resolve("content") });
  app = testApp;
  const admin = DEMO_ACCOUNTS.find((account) => account.key === "platformAdmin")!;
  const [user] = await database.db.select().from(schema.users).where(eq(schema.users.email, admin.email));
  const session = await createSession(testApp, user.id, new Request(`${ORIGIN}/login`), null);
  adminCookie = session.setCookie.split(";")[0];
  const joined = await call(
    joinRoute,
    "POST",
    "/api/student/v1/join",
    {},
    JSON.stringify({ code: "SUNNY-4821", firstName: "Fuzz", lastName: "Student" }),
    false,
  );
  expect(joined.ok).toBe(true);
  studentToken = ((await joined.json()) as { token: string }).token;
}, 60_000);

async function call(
  module: Endpoint["module"],
  method: string,
  url: string,
  params: Record<string, string>,
  body: string | undefined,
  student: boolean | undefined,
  query: Array<[string, string]> = [],
): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "application/json" };
  if (student) headers.Authorization = `Bearer ${studentToken}`;
  else if (student === undefined) headers.Cookie = adminCookie;
  const search = query.length ? `?${new URLSearchParams(query)}` : "";
  const request = new Request(`${ORIGIN}${url}${search}`, {
    method,
    headers,
    body: method === "GET" ? undefined : body,
  });
  const handler = (method === "GET" ? module.loader : module.action) as Handler;
  const context = routeContext(app);
  try {
    return await handler({ request, context, params });
  } catch (thrown) {
    // A thrown Response is an answer (guards throw them); anything else would be a 500.
    if (thrown instanceof Response) return thrown;
    return new Response(String(thrown), { status: 500 });
  }
}

describe.each(ENDPOINTS)("$name", (endpoint) => {
  test(`${RUNS} hostile inputs: never a 500; refused ones change nothing`, async () => {
    const stats = { runs: 0, ok: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileParam, { minLength: endpoint.params.length, maxLength: endpoint.params.length }),
        bodyFor(endpoint.keys),
        queryFor(endpoint.query),
        async (values, body, query) => {
          const params: Record<string, string> = {};
          let url = endpoint.name.split(" ")[1];
          endpoint.params.forEach((name, index) => {
            if (name.startsWith("*")) {
              params["*"] = name.slice(1);
            } else {
              params[name] = values[index];
              url = url.replace(/:\w+/, encodeURIComponent(values[index]));
            }
          });
          const before = await rowCounts();
          const response = await call(
            endpoint.module,
            endpoint.method,
            url,
            params,
            body,
            endpoint.student ?? undefined,
            query,
          );
          // A student API answer (and the teacher's token revoke) is one its OpenAPI document lists.
          const contract = await studentApiContractViolations(
            { method: endpoint.method, url: `${ORIGIN}${url}` },
            response,
          );
          expect(contract, `${endpoint.name} ${JSON.stringify(params)} ${body?.slice(0, 200)}`).toEqual([]);
          const text = await response.text();
          stats.runs++;
          const label = `${endpoint.name} ${JSON.stringify(params)} ${JSON.stringify(query)} ${body?.slice(0, 200)} → ${text.slice(0, 300)}`;
          expect(response.status, label).toBeLessThan(500);
          const broken =
            endpoint.method === "GET" ? { text: false, unknownKey: false } : bodyBreaksRules(body, endpoint);
          if (broken.text) expect(response.status, `forbidden text accepted: ${label}`).toBeGreaterThanOrEqual(400);
          if (broken.unknownKey) expect(response.status, `unknown key accepted: ${label}`).toBeGreaterThanOrEqual(400);
          if (outOfRange(query, endpoint.query))
            expect(response.status, `out-of-range query accepted: ${label}`).toBeGreaterThanOrEqual(400);
          if (response.ok && endpoint.name.includes("sign-in")) {
            const answer = JSON.parse(text) as { url?: string };
            if (answer.url)
              expect(new URL(answer.url, ORIGIN).origin, `callbackURL left the site: ${label}`).toBe(ORIGIN);
          }
          if (response.status >= 400) {
            stats.refused++;
            const problem = JSON.parse(text) as { code?: unknown; message?: unknown };
            expect(typeof problem.code).toBe("string");
            expect(typeof problem.message === "string" && problem.message.length > 0).toBe(true);
            expect(await rowCounts(), `rows changed by a refused ${endpoint.name}`).toEqual(before);
          } else {
            stats.ok++;
          }
        },
      ),
      { numRuns: RUNS, seed: 11, endOnFailure: true },
    );
    expect(await forbiddenTextInDatabase(database.db), `${endpoint.name} stored forbidden text`).toEqual([]);
    tried.set(endpoint.name, stats);
    console.info(`fuzz ${endpoint.name}: ${stats.runs} inputs, ${stats.ok} accepted, ${stats.refused} refused`);
  }, 120_000);
});
