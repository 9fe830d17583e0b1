/**
 * Bad input (docs/security.md), the screens: fast-check throws malformed, oversized,
 * wrongly typed and hostile values at every screen `action` (HTML form posts)
 * and hostile query strings and path ids at every screen's loaders.
 *
 * Requests go through the whole React Router pipeline in-process
 * (tests/support/app-handler.ts: root middleware with its Origin check, every
 * matched loader, the action, error boundaries and, for document requests,
 * the server render) against the app's own demo-seeded in-memory database.
 * Three requests in four are what a browser with JS sends (`/path.data`,
 * single fetch); every fourth is a JS-off document request, rendered in full.
 *
 * Every answer must be a success, a redirect, or a refusal that says why: a
 * 4xx with an error the page shows (field errors, an alert, the Not Found
 * page) or a redirect carrying an error toast. Never a 5xx, never an
 * error-level log line (a failure a screen hid behind a toast). After every
 * refused request the data tables (all but sessions and rate limits) hold
 * exactly the rows they held before (row count and an md5 of their content).
 *
 * The input rules (docs/product.md#the-text-rule, ADRs 120–123) are invariants too: a form post or a query
 * string with a name or value no field may hold (control characters; ADR
 * 120) is refused with a 400; a list's page or page size out of range, or a
 * filter given twice, is refused, never reinterpreted; every redirect, with
 * JavaScript or without, goes to a path on this site whatever `redirectTo`
 * held (ADR 121); and after each action's or route's runs no stored text
 * holds a forbidden character.
 *
 * Inputs per action: FUZZ_RUNS (default 25); per query-string route:
 * FUZZ_QUERY_RUNS (default 10). The counts are recorded in docs/security.md.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, type MockInstance, test, vi } from "vitest";
import { findForbiddenEntry } from "~/lib/schemas/text";
import type { App } from "~/server/app.server";
import { createSession } from "~/server/auth/session.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { startStudentSession } from "~/server/students/student-session.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import { changedTables, forbiddenTextInDatabase, snapshot as takeSnapshot } from "../support/db-snapshot";
import {
  CONTROL_STRINGS,
  HOSTILE_REDIRECTS,
  LINE_BREAK_STRINGS,
  OUT_OF_RANGE_PAGE_SIZES,
  HOSTILE_STRINGS as SHARED_HOSTILE_STRINGS,
} from "../support/hostile-strings";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const QUERY_RUNS = Number(process.env.FUZZ_QUERY_RUNS ?? 10);
const SEED = 11;
const ORIGIN = "http://school.test";

type Actor = "anonymous" | "teacher" | "teacher2" | "schoolAdmin" | "platformAdmin" | "student";
type FieldValue = string | string[] | undefined;

// ---------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  ...SHARED_HOSTILE_STRINGS,
  ...CONTROL_STRINGS,
  ...LINE_BREAK_STRINGS,
  "1' OR '1'='1",
  '"><img src=x onerror=alert(1)>',
  "{{7*7}}<%= 7*7 %>",
  "\r\nSet-Cookie: x=1",
  "true",
  "null",
  "[]",
  "{}",
  "amara.okafor@riverside.example",
];
const HOSTILE_NUMBERS = [
  "-1",
  "0",
  "-0",
  "1",
  "2",
  "3",
  "5",
  "8",
  "1.5",
  "1e309",
  "-1e309",
  "99999999999999999999",
  "2147483648",
  "9007199254740993",
  "0x10",
  " 1",
  "+1",
  "٣",
  "1e3",
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("A".repeat(121), "é".repeat(300), "x".repeat(100_000)) },
);

/** A form field: usually one hostile value, sometimes a plausible one, sometimes duplicated or missing. */
function field(...plausible: string[]): fc.Arbitrary<FieldValue> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileText },
    ...(plausible.length ? [{ weight: 4, arbitrary: fc.constantFrom(...plausible) }] : []),
    {
      weight: 1,
      arbitrary: fc.array(plausible.length ? fc.oneof(hostileText, fc.constantFrom(...plausible)) : hostileText, {
        minLength: 2,
        maxLength: 3,
      }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Keys a form never has: prototype pollution, conform paths with huge or negative indexes, overlong names. */
const HOSTILE_KEYS = [
  "__proto__",
  "__proto__.polluted",
  "constructor.prototype.polluted",
  "contacts[5000].name",
  "staffMembers[-1].email",
  "teacherIds[3000]",
  "a[b][c][d][e][f][g]",
  "redirectTo",
  "website",
  "intent",
  "x".repeat(2000),
];
const extraFields = fc.option(fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), hostileText, { maxKeys: 2 }), {
  freq: 3,
});

type Encoding = "urlencoded" | "multipart" | "json" | "text" | "broken-multipart";
const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Encoding>("urlencoded") },
  { weight: 4, arbitrary: fc.constant<Encoding>("multipart") },
  { weight: 1, arbitrary: fc.constantFrom<Encoding>("json", "text", "broken-multipart") },
);

const hostileId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("1", "2", "3", "4", "5", "7", "9", "12", "20") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "-1",
      "0",
      "abc",
      "1.5",
      "1e3",
      "99999999999999999999",
      "2147483648",
      "2147483647",
      "0x10",
      "%20",
      "1;DROP TABLE classes",
      "%27%20OR%201%3D1",
      "%3Cscript%3E",
      "NaN",
      "٣",
      "..%2F..%2Fetc%2Fpasswd",
      "%E0%A4%A",
      "%00",
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

// ---------------------------------------------------------------------------
// The screens' actions

interface ActionCase {
  name: string;
  actor: Actor;
  /** The action's URL; `:id` is filled with a hostile id when `hostilePath` is set. */
  path: string;
  hostilePath?: boolean;
  /** The form's own fields, filled by the fuzzer. */
  fields: Record<string, fc.Arbitrary<FieldValue>>;
  /** The submit button's intent, replaced by junk now and then. */
  intent?: string;
  /** The action sends the browser on to the sign-in provider (ADR 210): a redirect to its origin is expected. */
  toProvider?: boolean;
}

/** The demo class code's class has this assignment active (Drawing: my safe place). */
const STUDENT_ASSIGNMENT_ID = 2;
const NAMES = ["Ada Lovelace", "Fuzz Class", "Grace Hopper", "Ren"];
const EMAILS = ["fuzz.person@riverside.example", "amara.okafor@riverside.example", "new.teacher@riverside.example"];
const PASSWORDS = ["Teacher-Pass-1", "Fuzz-Pass-123", "short", "alllowercase1"];

// biome-ignore format: one action a line
const ACTIONS: ActionCase[] = [
  { name: "POST /login",                                      actor: "anonymous",     path: "/login",                             fields: { email: field(...EMAILS), password: field(...PASSWORDS), redirectTo: field("/class/1/home", ...HOSTILE_REDIRECTS) } },
  { name: "POST /signup",                                     actor: "anonymous",     path: "/signup",                            fields: { name: field(...NAMES), email: field(...EMAILS), password: field(...PASSWORDS), confirmPassword: field(...PASSWORDS) } },
  { name: "POST /signup?invite (invitation link)",            actor: "anonymous",     path: "/signup?invite=:id",                 hostilePath: true, fields: { name: field(...NAMES), email: field(...EMAILS), password: field(...PASSWORDS), confirmPassword: field(...PASSWORDS) } },
  // "Sign in with Google" (ADR 210) against a real provider on loopback; an unknown provider is the 404 page.
  { name: "POST /auth/oidc/:provider",                        actor: "anonymous",     path: "/auth/oidc/google",                  toProvider: true, fields: { redirectTo: field("/class/1/home", ...HOSTILE_REDIRECTS) } },
  { name: "POST /auth/oidc/:provider (unknown provider)",     actor: "anonymous",     path: "/auth/oidc/:id",                     hostilePath: true, fields: { redirectTo: field("/class/1/home") } },
  { name: "POST /forgot-password",                            actor: "anonymous",     path: "/forgot-password",                   fields: { email: field(...EMAILS) } },
  { name: "POST /reset-password",                             actor: "anonymous",     path: "/reset-password",                    fields: { token: field("not-a-token", "A".repeat(43)), newPassword: field(...PASSWORDS), confirmPassword: field(...PASSWORDS) } },
  { name: "POST /verify-email",                               actor: "anonymous",     path: "/verify-email",                      fields: { token: field("not-a-token", "A".repeat(43)) } },
  // The students' side runs before the admin actions below, which may archive its class or school.
  { name: "POST /join",                                       actor: "anonymous",     path: "/join",                              fields: { code: field("SUNNY-4821", "sunny 4821", "NOPE-0000"), firstName: field(...NAMES), lastName: field("Lovelace", "Hopper") } },
  { name: "POST /join (personal code)",                       actor: "anonymous",     path: "/join",                              fields: { code: field("SUNNY-4821", "NOPE-0000"), personalCode: field("KMR-394", "kmr 394", "ZZZ-000", "X".repeat(40)) } },
  { name: "POST /join/waiting",                               actor: "anonymous",     path: "/join/waiting",                      fields: { intent: field("check", "collect", "") } },
  { name: "POST /student/assignments/:assignmentId",          actor: "student",       path: `/student/assignments/${STUDENT_ASSIGNMENT_ID}`, fields: { formToken: field("abcdefghijklmnopqrstuvwx"), "answer.dr-feel": field("0", "1", "3", "9", "-1"), "answer.dr-q1-a1": field("My garden"), "answer.dr-art": field("not-my-drawing"), "answer.nope": field("x") } },
  { name: "POST /student/heartbeat",                          actor: "student",       path: "/student/heartbeat",                 fields: {} },
  { name: "POST /logout",                                     actor: "teacher",       path: "/logout",                            fields: { redirectTo: field("/home") } },
  { name: "POST /account/language",                           actor: "teacher2",      path: "/account/language",                  fields: { locale: field("de", "ar", "", "xx"), redirectTo: field("/home", ...HOSTILE_REDIRECTS) } },
  { name: "POST /account/password",                           actor: "teacher2",      path: "/account/password",                  fields: { currentPassword: field("Teacher-Pass-1"), newPassword: field("Teacher-Pass-1", "Fuzz-Pass-123"), confirmPassword: field("Teacher-Pass-1", "Fuzz-Pass-123"), mode: field("dialog"), redirectTo: field("/home", ...HOSTILE_REDIRECTS) } },
  { name: "POST /home (first class)",                         actor: "teacher",       path: "/home?noClasses=true",               fields: { name: field(...NAMES) } },
  { name: "POST /class/:classId/create",                      actor: "teacher",       path: "/class/:id/create",                  hostilePath: true, fields: { name: field(...NAMES), schoolId: field("1", "2"), teacherId: field("3", "4") } },
  { name: "POST /class/:classId/students/manage (add-student)", actor: "teacher",     path: "/class/:id/students/manage",         hostilePath: true, intent: "add-student", fields: { firstName: field("Ada"), lastName: field("Lovelace"), "contacts[0].name": field("Parent One"), "contacts[0].email": field("parent@example.org", "not-an-email"), "contacts[0].phonePrimary": field("+44 20 7946 0000"), "contacts[1].notes": field("Allergic to peanuts") } },
  { name: "POST /class/:classId/students/import (preview)", actor: "teacher",       path: "/class/:id/students/import",         hostilePath: true, intent: "preview", fields: { csvText: field("First name,Last name\nAda,Lovelace\n", "\uFEFFVorname;Nachname\r\nJürgen;Müller\r\n", "First name\n\"x", ""), "columns.firstName": field("0", "none", "7", "-1"), "columns.lastName": field("1", "none") } },
  { name: "POST /class/:classId/students/import (confirm)", actor: "teacher",       path: "/class/:id/students/import",         hostilePath: true, intent: "confirm", fields: { csvText: field("First name,Last name\nAda,Lovelace\n", ""), fingerprint: field("stale", ""), remove: field("1", "2", "x") } },
  { name: "POST /class/:classId/students/manage (generate-code)", actor: "teacher",   path: "/class/:id/students/manage",         hostilePath: true, intent: "generate-code", fields: { expirationHours: field("1", "24", "87600", "87601") } },
  { name: "POST /class/:classId/students/manage (stop-code)", actor: "teacher",       path: "/class/:id/students/manage",         hostilePath: true, intent: "stop-code", fields: {} },
  { name: "POST /class/:classId/projector (generate-code)",   actor: "teacher",       path: "/class/:id/projector",               hostilePath: true, intent: "generate-code", fields: {} },
  { name: "POST /class/:classId/students/manage (class-language)", actor: "teacher",  path: "/class/:id/students/manage",         hostilePath: true, intent: "class-language", fields: { locale: field("de", "ar", "", "xx") } },
  { name: "POST /class/:classId/students/manage (join-rules)", actor: "teacher",      path: "/class/:id/students/manage",         hostilePath: true, intent: "join-rules", fields: { joinMode: field("name", "personal-code"), newNames: field("allow", "hold", "refuse") } },
  { name: "POST /class/:classId/students/manage (make-codes, new-code)", actor: "teacher", path: "/class/:id/students/manage",    hostilePath: true, fields: { intent: field("make-codes", "new-code"), id: field("1", "2", "3", "4", "20") } },
  { name: "POST /class/:classId/students/cards (make-codes)",  actor: "teacher",       path: "/class/:id/students/cards",          hostilePath: true, intent: "make-codes", fields: {} },
  { name: "POST /class/:classId/home (admit/refuse-request)", actor: "teacher",       path: "/class/:id/home",                    hostilePath: true, fields: { intent: field("admit-request", "refuse-request"), requestId: field("1", "2", "3") } },
  { name: "POST /class/:classId/projector (admit/refuse-request)", actor: "teacher",  path: "/class/:id/projector",               hostilePath: true, fields: { intent: field("admit-request", "refuse-request"), requestId: field("1", "2", "3") } },
  { name: "POST /class/:classId/students/manage (remove-student, add/remove-teacher)", actor: "teacher", path: "/class/:id/students/manage", hostilePath: true, fields: { intent: field("remove-student", "add-teacher", "remove-teacher"), id: field("1", "2", "3", "4", "20") } },
  { name: "POST /class/:classId/student/:studentId",          actor: "teacher",       path: "/class/1/student/:id",               hostilePath: true, fields: { firstName: field("Ada"), lastName: field("Lovelace"), "contacts[0].name": field("Parent One"), "contacts[0].email": field("parent@example.org"), "contacts[0].relationship": field("Mother") } },
  { name: "POST /class/:classId/student/:studentId/delete",   actor: "teacher",       path: "/class/1/student/:id/delete",        hostilePath: true, fields: { intent: field("delete-student") } },
  { name: "POST /class/:classId/surveys/library",             actor: "teacher",       path: "/class/:id/surveys/library",         hostilePath: true, fields: { intent: field("assign"), surveyId: field("1", "2", "3"), anonymous: field("on") } },
  { name: "POST /class/:classId/assignments/:assignmentId/projector (reveal/hide-answer)", actor: "teacher", path: "/class/1/assignments/:id/projector", hostilePath: true, fields: { intent: field("reveal-answer", "hide-answer"), questionUid: field("sy-q1-a1", "sy-art", "sy-excited"), answerRef: field("r:1", "r:2", "p:1", "r:0", "r:2147483648", "x:1") } },
  { name: "POST /class/:classId/surveys/manage",              actor: "teacher",       path: "/class/:id/surveys/manage",          hostilePath: true, fields: { intent: field("start", "close"), assignmentId: field("1", "2", "3", "4") } },
  { name: "POST /admin/create-class",                         actor: "platformAdmin", path: "/admin/create-class",                fields: { name: field(...NAMES), schoolId: field("1", "2"), teacherIds: field("3", "4", "5") } },
  { name: "POST /admin/schools (create)",                     actor: "platformAdmin", path: "/admin/schools",                     intent: "create", fields: { name: field("Fuzz Academy", "Riverside Primary") } },
  { name: "POST /admin/schools (archive/restore)",            actor: "platformAdmin", path: "/admin/schools",                     fields: { intent: field("archive", "restore"), id: field("2", "3", "4") } },
  { name: "POST /admin/schools/:schoolId (rename)",           actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, intent: "rename", fields: { name: field("Fuzz Academy", "Riverside Primary") } },
  { name: "POST /admin/schools/:schoolId (privacy)",          actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, intent: "privacy", fields: { retentionMonths: field("1", "24", "120", "121"), minGroupSize: field("3", "5", "100", "2") } },
  { name: "POST /admin/schools/:schoolId (language)",         actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, intent: "language", fields: { locale: field("fr", "", "xx") } },
  { name: "POST /admin/schools/:schoolId/import (preview)",    actor: "platformAdmin", path: "/admin/schools/:id/import",          hostilePath: true, intent: "preview", fields: { zipData: field("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "UEsDBA==", "", "not base64!") } },
  { name: "POST /admin/schools/:schoolId/import (confirm)",    actor: "platformAdmin", path: "/admin/schools/:id/import",          hostilePath: true, intent: "confirm", fields: { zipData: field("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", ""), fingerprint: field("stale", "") } },
  { name: "POST /admin/schools/:schoolId (sign-in)",          actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, intent: "sign-in", fields: { googleDomain: field("riverside.example", "RIVERSIDE.Example", "", "https://riverside.example"), microsoftTenantId: field("72f988bf-86f1-41af-91ab-2d7cd011db47", "", "not-a-tenant"), requireProviderSignIn: field("on", "true", "false", "") } },
  { name: "POST /admin/schools/:schoolId (create/revoke-invitation)", actor: "platformAdmin", path: "/admin/schools/:id",         hostilePath: true, fields: { intent: field("create-invitation", "revoke-invitation"), id: field("1", "2", "3") } },
  { name: "POST /admin/schools/:schoolId (archive/restore)",  actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, fields: { intent: field("archive", "restore") } },
  { name: "POST /admin/schools/:schoolId (move-teacher)",     actor: "platformAdmin", path: "/admin/schools/:id",                 hostilePath: true, intent: "move-teacher", fields: { userId: field("1", "2", "3", "4"), schoolId: field("1", "2", "3") } },
  { name: "POST /admin/settings?classId (update)",            actor: "platformAdmin", path: "/admin/settings?classId=:id",        hostilePath: true, fields: { name: field(...NAMES), teacherIds: field("3", "4", "5") } },
  { name: "POST /admin/settings?classId (archive/restore)",   actor: "platformAdmin", path: "/admin/settings?classId=:id",        hostilePath: true, fields: { intent: field("archive", "restore") } },
  { name: "POST /admin/staff/:staffId/edit",                  actor: "platformAdmin", path: "/admin/staff/:id/edit",              hostilePath: true, fields: { name: field(...NAMES), role: field("teacher", "admin"), schoolId: field("1", "2", "") } },
  { name: "POST /admin/staff (archive/restore)",              actor: "platformAdmin", path: "/admin/staff",                       fields: { intent: field("archive", "restore"), id: field("4", "5", "6") } },
  { name: "POST /admin/staff (create/revoke-invitation)",     actor: "schoolAdmin",   path: "/admin/staff",                       fields: { intent: field("create-invitation", "revoke-invitation"), id: field("1", "2", "3") } },
  { name: "POST /admin/staff/new (bulk-create)",                  actor: "platformAdmin", path: "/admin/staff/new",                   intent: "bulk-create", fields: { "staffMembers[0].name": field(...NAMES), "staffMembers[0].email": field(...EMAILS), "staffMembers[0].role": field("teacher", "admin"), "staffMembers[0].school": field("Riverside Primary School", "Nowhere"), "staffMembers[1].email": field("second.fuzz@riverside.example") } },
  { name: "POST /admin/staff/new (import-csv)",                   actor: "platformAdmin", path: "/admin/staff/new",                   intent: "import-csv", fields: { csvText: field("name,email,role,school\nCsv Person,csv.person@riverside.example,teacher,Riverside Primary School", "name,email\n\"unterminated,x@y.z", "=cmd|' /C calc'!A0,evil@example.org") } },
  { name: "POST /admin/survey (sync)",                        actor: "platformAdmin", path: "/admin/survey",                      fields: { intent: field("sync") } },
];

// ---------------------------------------------------------------------------
// The screens' loaders: hostile query strings and path ids

interface QueryCase {
  path: string;
  actor: Actor;
  /** The query parameters the loaders read, filled by the fuzzer (with some they do not read). */
  params: string[];
  /** Loaders that write on success (the audit event of an export or of an admin reading named responses). */
  writes?: boolean;
  /** The filters the route checks strictly (parseSearchParams): one given twice must be refused. */
  strict?: string[];
  /** Their ranges: a value outside must be refused, never replaced by a default. */
  ranges?: Record<string, [number, number]>;
}

const COMMON_PARAMS = ["page", "redirectTo", "q", "sort", "_data", "index", "_routes", "__proto__"];

// biome-ignore format: one route a line
const QUERIES: QueryCase[] = [
  { path: "/",                                              actor: "anonymous",     params: [] },
  { path: "/login",                                         actor: "anonymous",     params: ["redirectTo"] },
  { path: "/signup",                                        actor: "anonymous",     params: ["invite"] },
  { path: "/forgot-password",                               actor: "anonymous",     params: ["email"] },
  // The provider's answer (ADR 210): with no flow cookie, whatever it says is a plain page; a GET of the button's address goes to /login.
  { path: "/auth/oidc/google/callback",                     actor: "anonymous",     params: ["code", "state", "error", "error_description", "iss", "session_state"] },
  { path: "/auth/oidc/:id/callback",                        actor: "anonymous",     params: ["code", "state", "error"] },
  { path: "/auth/oidc/:id",                                 actor: "anonymous",     params: [] },
  { path: "/reset-password",                                actor: "anonymous",     params: ["token"] },
  { path: "/verify-email",                                  actor: "anonymous",     params: ["token"] },
  { path: "/blocked",                                       actor: "anonymous",     params: [] },
  { path: "/home",                                          actor: "teacher",       params: ["noClasses"] },
  { path: "/account/password",                              actor: "teacher",       params: ["redirectTo"] },
  { path: "/survey",                                        actor: "teacher",       params: [] },
  { path: "/survey/content/:id",                            actor: "teacher",       params: ["lang", "_storyblok_lang"], strict: ["lang"] },
  { path: "/class/:id",                                     actor: "teacher",       params: [] },
  { path: "/class/:id/home",                                actor: "teacher",       params: [] },
  { path: "/class/:id/create",                              actor: "teacher",       params: [] },
  { path: "/class/:id/surveys",                             actor: "teacher",       params: [] },
  { path: "/class/:id/surveys/manage",                      actor: "teacher",       params: [] },
  { path: "/class/:id/surveys/library",                     actor: "teacher",       params: [] },
  { path: "/class/1/surveys/results/:id",                   actor: "teacher",       params: [] },
  { path: "/class/1/surveys/results/:id/csv",               actor: "teacher",       params: [] },
  { path: "/class/1/surveys/results/:id/stream",            actor: "teacher",       params: [] },
  { path: "/class/:id/students/manage",                     actor: "teacher",       params: ["confirm", "add"] },
  { path: "/class/1/student/:id",                           actor: "teacher",       params: ["edit"] },
  { path: "/class/1/student/:id/delete",                    actor: "teacher",       params: [] },
  { path: "/class/1/drawings/:id",                          actor: "teacher",       params: [] },
  { path: "/class/:id/projector",                           actor: "teacher",       params: [] },
  { path: "/class/:id/students/cards",                      actor: "teacher",       params: [] },
  { path: "/class/1/assignments/:id/projector",             actor: "teacher",       params: ["refresh"] },

  { path: "/join",                                          actor: "anonymous",     params: ["code", "personal"] },
  { path: "/join/waiting",                                  actor: "anonymous",     params: [] },
  { path: "/student",                                       actor: "student",       params: [] },
  { path: "/student/assignments/:id",                       actor: "student",       params: [] },
  { path: "/student/assignments/:id/thanks",                actor: "student",       params: [] },
  { path: "/admin",                                         actor: "platformAdmin", params: [] },
  { path: "/admin/staff",                                   actor: "platformAdmin", params: ["q", "schoolId", "role", "status", "page", "result", "edit"], strict: ["q", "schoolId", "role", "status", "page"], ranges: { page: [1, 100_000] } },
  { path: "/admin/staff/new",                               actor: "platformAdmin", params: [] },
  { path: "/admin/staff/:id/edit",                          actor: "platformAdmin", params: ["q", "schoolId", "role", "status", "page"] },
  { path: "/admin/schools",                                 actor: "platformAdmin", params: [] },
  { path: "/admin/schools/:id",                             actor: "platformAdmin", params: [] },
  { path: "/admin/create-class",                            actor: "platformAdmin", params: ["schoolId"] },
  { path: "/admin/settings",                                actor: "platformAdmin", params: ["classId"] },
  { path: "/admin/survey",                                  actor: "platformAdmin", params: [] },
  { path: "/admin/survey/:id",                              actor: "platformAdmin", params: ["schoolId", "classId", "status", "from", "to", "page", "pageSize"], writes: true, strict: ["schoolId", "classId", "status", "from", "to", "page", "pageSize"], ranges: { page: [1, 1_000_000], pageSize: [1, 200] } },
  { path: "/admin/survey/:id/responses.csv",                actor: "platformAdmin", params: ["schoolId", "classId", "status", "from", "to", "pageSize"], writes: true, strict: ["schoolId", "classId", "status", "from", "to", "page", "pageSize"], ranges: { page: [1, 1_000_000], pageSize: [1, 200] } },
  { path: "/admin/staff/template.csv",                      actor: "platformAdmin", params: [] },
  { path: "/admin/students/:id/export.json",                actor: "platformAdmin", params: [], writes: true },
  { path: "/admin/audit",                                   actor: "platformAdmin", params: ["actorId", "action", "from", "to", "page"], strict: ["actorId", "action", "from", "to", "page"], ranges: { page: [1, 1_000_000] } },
];

const queryValue = fc.oneof(
  { weight: 6, arbitrary: hostileText.filter((value) => value.length < 5_000) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "1",
      "2",
      "-1",
      "1e309",
      "2026-02-30",
      "2026-01-01",
      "9999-99-99",
      "active",
      "archived",
      "teacher",
      "admin",
      "remove-student-3",
      "' OR 1=1 --",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_REDIRECTS, ...OUT_OF_RANGE_PAGE_SIZES) },
  { weight: 1, arbitrary: fc.constant("x".repeat(100_000)) },
);

/** A query string: the route's own parameters and common ones, hostile values, repeats, sometimes raw broken percent-encoding or hundreds of parameters. */
function queryFor(params: string[]): fc.Arbitrary<string> {
  const keys = [...params, ...COMMON_PARAMS];
  const pairs = fc.array(fc.tuple(fc.constantFrom(...keys), queryValue), { minLength: 0, maxLength: 6 });
  return fc.oneof(
    { weight: 8, arbitrary: pairs.map((list) => new URLSearchParams(list).toString()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%E0%A4%A",
        "page=%",
        "q=%ZZ%",
        "a=1&&&==&b",
        "page[]=1&page[]=2",
        "page=1&page=2&page=-3",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...keys)
        .map((key) => Array.from({ length: 500 }, (_, i) => `${encodeURIComponent(key)}=${i}`).join("&")),
    },
  );
}

// ---------------------------------------------------------------------------
// Harness

let server: InProcessApp;
let app: App;
/** A Google-like provider on loopback, configured as the app's Google sign-in. */
let provider: OidcTestProvider;
const userIds = new Map<Actor, number>();
const loggedErrors: string[] = [];
let stderrSpy: MockInstance<typeof process.stderr.write> | undefined;
const counts: Array<{ name: string; runs: number; accepted: number; refused: number }> = [];
const queryCounts: Array<{ name: string; runs: number; ok: number; redirected: number; refused: number }> = [];

/** The data tables' rows (all but sessions and rate limits): tests/support/db-snapshot.ts. */
/** The database once mail work that runs after an answer (a sign-up, a reset; ADR 196) has finished. */
const snapshot = async () => {
  await app.mailer.idle();
  return takeSnapshot(app.db);
};

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${ORIGIN}/auth/oidc/google/callback`] });
  server = await startInProcessApp({
    env: {
      OIDC_GOOGLE_ISSUER: provider.issuer,
      OIDC_GOOGLE_CLIENT_ID: provider.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
    },
  });
  app = server.app;
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await app.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, account.email));
    if (
      account.key === "teacher" ||
      account.key === "teacher2" ||
      account.key === "schoolAdmin" ||
      account.key === "platformAdmin"
    )
      userIds.set(account.key, user.id);
  }
  // A student of the demo class code's class, signed in in the browser (one session: sign-out is not fuzzed).
  const [code] = await app.db
    .select({ classId: schema.classCodes.classId, schoolId: schema.classes.schoolId })
    .from(schema.classCodes)
    .innerJoin(schema.classes, eq(schema.classes.id, schema.classCodes.classId))
    .where(eq(schema.classCodes.code, "SUNNY-4821"));
  // Their own row: the fuzzed teacher actions remove and delete students 1 to 20 now and then.
  const [member] = await app.db
    .insert(schema.students)
    .values({ schoolId: code.schoolId, firstName: "Fuzz", lastName: "Student" })
    .returning({ studentId: schema.students.id });
  await app.db.insert(schema.classStudents).values({ classId: code.classId, studentId: member.studentId });
  // Devices waiting to join that class (request ids 1 to 3), so Admit and Refuse have something to decide.
  for (const [firstName, studentId] of [
    ["Fuzz", member.studentId],
    ["Newname", null],
    ["Another", null],
  ] as const) {
    await app.db.insert(schema.joinRequests).values({
      classId: code.classId,
      studentId,
      firstName,
      lastName: "Waiting",
      secretHash: `fuzz-secret-${firstName}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  const token = await issueStudentToken(app.db, {
    studentId: member.studentId,
    classId: code.classId,
    kind: "browser",
  });
  studentCookie = (await startStudentSession(app.studentCookie, token)).split(";")[0];
  // The app logs to stderr; an error-level line means a failure some screen answered politely.
  const write = process.stderr.write.bind(process.stderr);
  stderrSpy = vi.spyOn(process.stderr, "write").mockImplementation(((
    chunk: string | Uint8Array,
    ...rest: unknown[]
  ) => {
    const text = String(chunk);
    if (text.includes('"level":"error"')) loggedErrors.push(text);
    return write(chunk as string, ...(rest as []));
  }) as typeof process.stderr.write);
}, 240_000);

afterAll(async () => {
  stderrSpy?.mockRestore();
  await server?.stop();
  await provider?.close();
  // The rows of docs/security.md's tables.
  if (queryCounts.length)
    console.info(
      `fuzz-screens GET:\n${queryCounts.map((c) => `| ${c.name} | ${c.runs} | ${c.ok} | ${c.redirected} | ${c.refused} |`).join("\n")}`,
    );
  if (counts.length)
    console.info(
      `fuzz-screens POST:\n${counts.map((c) => `| ${c.name} | ${c.runs} | ${c.accepted} | ${c.refused} |`).join("\n")}`,
    );
});

let studentCookie: string;

/**
 * A student page view counts as seen (at most every 30 s, ADR 150): before each
 * student request one page view is made and the database snapshot retaken, so
 * the fuzzed request itself is judged on what it changed.
 */
async function studentSeenNow(): Promise<string[]> {
  const response = await server.handle(new Request(`${ORIGIN}/student`, { headers: { Cookie: studentCookie } }));
  expect(response.status).toBe(200);
  await response.body?.cancel();
  return snapshot();
}

/** A fresh session per request: a fuzzed logout or password change cannot end the next request's. */
async function cookieFor(actor: Actor): Promise<string | undefined> {
  if (actor === "anonymous") return undefined;
  if (actor === "student") return studentCookie;
  const session = await createSession(app, userIds.get(actor)!, new Request(`${ORIGIN}/login`), null);
  return session.setCookie.split(";")[0];
}

function encodeBody(fields: Array<[string, string]>, kind: Encoding): { body: BodyInit; contentType?: string } {
  switch (kind) {
    case "urlencoded":
      return { body: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const [key, value] of fields) form.append(key, value);
      return { body: form };
    }
    case "json":
      return { body: JSON.stringify(Object.fromEntries(fields)), contentType: "application/json" };
    case "text":
      return { body: fields.map(([key, value]) => `${key}: ${value}`).join("\n"), contentType: "text/plain" };
    case "broken-multipart":
      return {
        body: `--nope\r\nContent-Disposition: form-data; name="x"\r\n\r\n${fields[0]?.[1] ?? ""}`,
        contentType: "multipart/form-data; boundary=other",
      };
  }
}

/** The flash toast a redirect carries (remix-toast's cookie: base64 JSON, then a signature). */
function toastOf(response: Response): { type: string; message: string } | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^toast-session=([^.;]*)/.exec(cookie);
    if (!match?.[1]) continue;
    // {"__flash_flash__":{"toast":{"message":"…","type":"error"}}}
    const parsed = JSON.parse(Buffer.from(decodeURIComponent(match[1]), "base64").toString("utf8")) as Record<
      string,
      { toast?: { type: string; message: string } }
    >;
    return Object.values(parsed).find((flash) => flash?.toast)?.toast ?? null;
  }
  return null;
}

/** The strings of a single-fetch (turbo-stream) answer: its first line is a flat JSON array. */
function turboStrings(text: string): string[] {
  try {
    const flat = JSON.parse(text.split("\n")[0]) as unknown[];
    return flat.filter((value): value is string => typeof value === "string");
  } catch {
    return [];
  }
}

/** The body; of an event stream (which never ends by itself) its first chunk. */
async function bodyText(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response.text();
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

interface Outcome {
  refused: boolean;
  /** The answer's kind: a page or data (2xx), a redirect, or a 4xx. */
  kind: "2xx" | "redirect" | "4xx";
  detail: string;
}

/**
 * Classifies an answer, failing the test on a 5xx, an error-level log line,
 * or a refusal that does not say why.
 */
async function judge(
  response: Response,
  asData: boolean,
  submitted: string[],
  label: string,
  toProvider = false,
): Promise<Outcome> {
  const text = await bodyText(response);
  const detail = `${label} → ${response.status} ${response.headers.get("location") ?? ""} ${text.slice(0, 400)}`;
  expect(response.status, detail).toBeLessThan(500);
  expect(loggedErrors.splice(0), `error logged for ${detail}`).toEqual([]);
  const strings = asData ? turboStrings(text) : [];
  const isRedirect =
    (response.status >= 300 && response.status < 400) ||
    (asData && response.status === 202 && strings.includes("redirect"));
  if (isRedirect) {
    // Wherever a redirect goes, it is this site (a single-fetch answer names its target after "redirect").
    const target = response.headers.get("location") ?? strings[strings.indexOf("redirect") + 1] ?? "";
    if (toProvider && target.startsWith(`${provider.issuer}/`)) {
      // The sign-in button's post: on to the configured provider's own origin, never anywhere else.
      expect(new URL(target).origin, `a redirect off to another site: ${detail}`).toBe(new URL(provider.issuer).origin);
      return { refused: false, kind: "redirect", detail };
    }
    expect(target.startsWith("/") && !target.startsWith("//"), `a redirect off the site: ${detail}`).toBe(true);
    expect(new URL(target, ORIGIN).origin, `a redirect off the site: ${detail}`).toBe(ORIGIN);
    const toast = toastOf(response);
    if (toast?.type === "error") {
      expect(toast.message.length, detail).toBeGreaterThan(0);
      return { refused: true, kind: "redirect", detail };
    }
    return { refused: false, kind: "redirect", detail };
  }
  if (response.status < 400) return { refused: false, kind: "2xx", detail };
  // A 4xx: the user must be told why.
  if (asData && strings.length) {
    // A sentence: letters and a space, short, and not one of the values sent (linear checks: the values can be 100 kB).
    const said = strings.some(
      (value) =>
        value.length >= 8 &&
        value.length <= 500 &&
        value.includes(" ") &&
        /[a-z]{3}/i.test(value) &&
        !submitted.includes(value),
    );
    expect(said, `a refusal without a message: ${detail}`).toBe(true);
  } else if (response.headers.get("content-type")?.includes("text/html")) {
    expect(text, `a refusal page without an error: ${detail}`).toMatch(
      /role="alert"|aria-invalid="true"|error-list|class="error-text"|not found/i,
    );
  } else {
    expect(text.trim().length, `an empty refusal: ${detail}`).toBeGreaterThan(0);
  }
  return { refused: true, kind: "4xx", detail };
}

/** True when the route must refuse this query: a strict filter given twice, or a ranged one out of its range. */
function breaksFilters(params: URLSearchParams, route: QueryCase): boolean {
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (route.strict?.includes(key) && seen.has(key)) return true;
    seen.add(key);
    const range = route.ranges && Object.hasOwn(route.ranges, key) ? route.ranges[key] : undefined;
    if (!range || value === "") continue;
    const number = Number(value);
    if (!Number.isInteger(number) || number < range[0] || number > range[1]) return true;
  }
  return false;
}

function fillPath(path: string, id: string): string {
  return path.replace(":id", id);
}

/** `/a/b?x` as a single-fetch data URL: `/a/b.data?x` (`/_root.data` for the index). */
function dataUrl(path: string): string {
  const [pathname, search] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
}

// ---------------------------------------------------------------------------
// Tests

/** What the fuzzer found, pinned down (fixed in the app; see docs/security.md). */
describe("regressions found by this fuzzer", () => {
  async function send(
    actor: Actor,
    method: string,
    path: string,
    body?: BodyInit,
    contentType?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (contentType) headers["Content-Type"] = contentType;
    const cookie = await cookieFor(actor);
    if (cookie) headers.Cookie = cookie;
    return server.handle(new Request(`${ORIGIN}${path}`, { method, headers, body }));
  }
  const form = "application/x-www-form-urlencoded";

  test("a screen post whose body is not a form is a 415/400 with a message, not a 500", async () => {
    const before = await snapshot();
    for (const [body, type, status] of [
      ['{"intent":"create","name":"JSON School"}', "application/json", 415],
      ["intent: create", "text/plain", 415],
      [
        '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate',
        "multipart/form-data; boundary=other",
        400,
      ],
    ] as const) {
      const response = await send("platformAdmin", "POST", "/admin/schools", body, type);
      expect(response.status, type).toBe(status);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(changedTables(before, await snapshot())).toBe("");
    // A bare sign-out (no body, no Content-Type) still works: it is read as an empty form.
    const signOut = await send("teacher", "POST", "/logout");
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("/login");
  });

  test("an id past PostgreSQL's integer range is not found, not a 500", async () => {
    const huge = "2147483648";
    for (const [actor, path, status] of [
      ["teacher", `/class/1/student/${huge}`, 404],
      ["teacher", `/survey/content/${huge}`, 404],
      ["platformAdmin", `/admin/schools/${huge}`, 404],
      ["platformAdmin", `/admin/survey/${huge}`, 404],
      ["platformAdmin", `/admin/students/${huge}/export.json`, 404],
      // A filter past the range is refused and says so (it was once quietly ignored).
      ["platformAdmin", `/admin/audit?actorId=${huge}`, 400],
      ["platformAdmin", `/admin/staff?schoolId=${huge}`, 400],
      ["platformAdmin", `/admin/settings?classId=${huge}`, 200],
      ["platformAdmin", `/api/users/${huge}/with-school`, 404],
    ] as const) {
      const response = await send(actor, "GET", path);
      expect(response.status, path).toBe(status);
      await response.body?.cancel();
    }
    expect((await send("teacher", "GET", `/class/${huge}/home`)).headers.get("location")).toBe("/class/1/home");
    const removed = await send("teacher", "POST", "/class/1/students/manage", `intent=remove-student&id=${huge}`, form);
    expect(removed.status, String(removed.headers.getSetCookie())).toBe(302);
    expect(toastOf(removed)?.type, String(removed.headers.getSetCookie())).toBe("error");
    const api = await send(
      "platformAdmin",
      "POST",
      "/api/classCodes/generate",
      JSON.stringify({ classId: Number(huge) }),
      "application/json",
    );
    expect(api.status).toBe(400);
    expect(loggedErrors.splice(0)).toEqual([]);
  });

  test("a NUL in the class id redirects instead of failing on the Location header", async () => {
    const response = await send("teacher", "GET", "/class/%00");
    expect(response.status).toBe(302);
    // A path holding an encoded control character is no redirect target: the start page sends the user on.
    expect(response.headers.get("location")).toMatch(/^\/$|^\/class\/1\/home$/);
  });

  test("list fields: a huge index is refused at once, a wrong shape or a hole re-renders the form", async () => {
    const started = performance.now();
    const huge = await send(
      "teacher",
      "POST",
      "/class/1/students/manage",
      "intent=add-student&contacts[99999999].name=x",
      form,
    );
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({
      code: "BAD_REQUEST",
      message: "The form has more rows than any form here holds.",
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    for (const body of [
      "intent=add-student&firstName=A&contacts=x",
      "intent=add-student&firstName=A&contacts.name=x",
      "intent=add-student&firstName=A&contacts[1].notes=x",
    ]) {
      const response = await send("teacher", "POST", "/class/1/students/manage", body, form);
      expect(response.status, body).toBe(400);
      expect(await response.text(), body).toContain("Enter a last name");
    }
    const staff = await send("platformAdmin", "POST", "/admin/staff/new", "intent=bulk-create&staffMembers=x", form);
    expect(staff.status).toBe(400);
    expect(await staff.text()).toContain("Fill in at least one row");
    expect(loggedErrors.splice(0)).toEqual([]);
  });

  test("a refused post shows why even when its field is missing or hidden", async () => {
    const rename = await send("platformAdmin", "POST", "/admin/schools/1", "intent=rename", form);
    expect(rename.status).toBe(400);
    expect(await rename.text()).toContain("Enter a school name");
    const createClass = await send(
      "platformAdmin",
      "POST",
      "/admin/create-class",
      "name=Fuzz&schoolId=x&teacherIds=3&teacherIds=y",
      form,
    );
    expect(createClass.status).toBe(400);
    expect(await createClass.text()).toContain("Choose a school");
    const unknown = await send("platformAdmin", "POST", "/admin/staff", "intent=nonsense", form);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action.");
  });
});

describe.each(QUERIES)("GET $path", (route) => {
  test(`${QUERY_RUNS} hostile query strings and ids: never a 5xx; nothing changes`, async () => {
    const stats = { name: `GET ${route.path}`, runs: 0, ok: 0, redirected: 0, refused: 0 };
    loggedErrors.length = 0;
    let slowest = 0;
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(queryFor(route.params), hostileId, async (query, id) => {
        const path = fillPath(route.path, id) + (query ? `?${query}` : "");
        const resource = /\.(csv|json)$|\/csv$|\/stream$|\/drawings\//.test(route.path);
        const asData = !resource && stats.runs % 3 !== 2;
        const headers: Record<string, string> = {};
        if (route.actor === "student") before = await studentSeenNow();
        const cookie = await cookieFor(route.actor);
        if (cookie) headers.Cookie = cookie;
        const url = `${ORIGIN}${asData ? dataUrl(path) : path}`;
        const label = `GET ${asData ? "data" : "document"} ${url.slice(0, 300)}`;

        const started = performance.now();
        const outcome = await judge(await server.handle(new Request(url, { headers })), asData, [], label);
        const sent = new URL(url).searchParams;
        if (findForbiddenEntry(sent.entries()))
          expect(outcome.kind, `a query with forbidden text was not refused: ${outcome.detail}`).toBe("4xx");
        // A data request with `_routes` runs only the loaders it names (none, for `_routes=[]`).
        if (breaksFilters(sent, route) && !(asData && sent.has("_routes")))
          expect(outcome.kind, `a filter out of range or given twice was not refused: ${outcome.detail}`).toBe("4xx");
        slowest = Math.max(slowest, performance.now() - started);
        if (performance.now() - started > 2_000)
          console.info(`slow: ${Math.round(performance.now() - started)} ms ${label.slice(0, 300)}`);
        stats.runs++;
        if (outcome.kind === "2xx") stats.ok++;
        else if (outcome.kind === "redirect") stats.redirected++;
        else stats.refused++;
        const after = await snapshot();
        if (!route.writes || outcome.refused)
          expect(changedTables(before, after), `a GET changed the database: ${outcome.detail}`).toBe("");
        before = after;
      }),
      { numRuns: QUERY_RUNS, seed: SEED, endOnFailure: true },
    );
    expect(await forbiddenTextInDatabase(app.db), `GET ${route.path} stored forbidden text`).toEqual([]);
    queryCounts.push(stats);
    console.info(
      `fuzz GET ${route.path}: ${stats.runs} inputs, ${stats.ok} 2xx, ${stats.redirected} redirected, ${stats.refused} 4xx (slowest ${Math.round(slowest)} ms)`,
    );
  }, 180_000);
});

describe.each(ACTIONS)("$name", (action) => {
  test(`${RUNS} hostile form posts: never a 5xx; a refusal says why and changes nothing`, async () => {
    const stats = { name: action.name, runs: 0, accepted: 0, refused: 0 };
    loggedErrors.length = 0;
    let slowest = 0;
    let before = await snapshot();
    const fieldsArbitrary = fc.record(action.fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, FieldValue>>;
    const intentArbitrary = action.intent
      ? fc.oneof({ weight: 8, arbitrary: fc.constant<FieldValue>(action.intent) }, { weight: 2, arbitrary: field() })
      : fc.constant<FieldValue>(undefined);
    await fc.assert(
      fc.asyncProperty(
        fieldsArbitrary,
        intentArbitrary,
        extraFields,
        encoding,
        hostileId,
        async (values, intent, extra, kind, id) => {
          const fields: Array<[string, string]> = [];
          const put = (key: string, value: FieldValue) => {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              fields.push([key, one]);
          };
          put("intent", intent);
          for (const [key, value] of Object.entries(values)) put(key, value);
          for (const [key, value] of Object.entries(extra ?? {})) put(key, value);

          const path = action.hostilePath ? fillPath(action.path, stats.runs % 3 === 0 ? id : "1") : action.path;
          const asData = stats.runs % 4 !== 3;
          const { body, contentType } = encodeBody(fields, kind);
          const headers: Record<string, string> = { Origin: ORIGIN };
          if (contentType) headers["Content-Type"] = contentType;
          if (action.actor === "student") before = await studentSeenNow();
          const cookie = await cookieFor(action.actor);
          if (cookie) headers.Cookie = cookie;
          const url = `${ORIGIN}${asData ? dataUrl(path) : path}`;
          const label = `${action.name} ${asData ? "data" : "document"} ${url.slice(0, 200)} ${kind} ${JSON.stringify(fields).slice(0, 300)}`;

          const started = performance.now();
          const response = await server.handle(new Request(url, { method: "POST", headers, body }));
          const status = response.status;
          const outcome = await judge(
            response,
            asData,
            fields.map(([, value]) => value),
            label,
            action.toProvider,
          );
          // As sent on the wire (UTF-8: a lone surrogate arrives as U+FFFD), a name or value no field may hold.
          const wire = [...new URLSearchParams(new URLSearchParams(fields).toString())];
          if ((kind === "urlencoded" || kind === "multipart") && findForbiddenEntry(wire))
            expect(status, `a form with forbidden text was not refused: ${outcome.detail}`).toBe(400);
          slowest = Math.max(slowest, performance.now() - started);
          if (performance.now() - started > 2_000)
            console.info(`slow: ${Math.round(performance.now() - started)} ms ${label.slice(0, 300)}`);
          expect(({} as Record<string, unknown>).polluted, "Object.prototype polluted").toBeUndefined();
          stats.runs++;
          const after = await snapshot();
          if (outcome.refused) {
            stats.refused++;
            expect(changedTables(before, after), `a refused request changed the database: ${outcome.detail}`).toBe("");
          } else {
            stats.accepted++;
          }
          before = after;
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(await forbiddenTextInDatabase(app.db), `${action.name} stored forbidden text`).toEqual([]);
    counts.push(stats);
    console.info(
      `fuzz ${action.name}: ${stats.runs} inputs, ${stats.accepted} accepted, ${stats.refused} refused (slowest ${Math.round(slowest)} ms)`,
    );
  }, 180_000);
});
