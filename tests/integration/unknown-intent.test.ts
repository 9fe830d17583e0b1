/**
 * One answer to an unknown intent on every screen (ADR 224): a post whose
 * `intent` names no button of the page is a 400 `{ code: "BAD_REQUEST",
 * message: "Unknown action." }`, whatever the screen, with JavaScript (a
 * `.data` request) or without, and nothing is changed. Through the whole
 * React Router pipeline in-process, on the demo database.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession } from "~/server/auth/session.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import { changedTables, snapshot } from "../support/db-snapshot";

const ORIGIN = "http://school.test";

let server: InProcessApp;
const cookies: Record<"teacher" | "platformAdmin", string> = { teacher: "", platformAdmin: "" };
let classId: number;
let studentId: number;
let schoolId: number;
let assignmentId: number;

beforeAll(async () => {
  server = await startInProcessApp();
  const db = server.app.db;
  for (const key of ["teacher", "platformAdmin"] as const) {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key)!;
    const [user] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, account.email));
    cookies[key] = (await createSession(server.app, user.id, new Request(`${ORIGIN}/login`), null)).setCookie.split(
      ";",
    )[0];
  }
  const [klass] = await db
    .select({ id: schema.classes.id, schoolId: schema.classes.schoolId })
    .from(schema.classes)
    .where(eq(schema.classes.name, "5A Sunflowers"));
  classId = klass.id;
  schoolId = klass.schoolId;
  const [member] = await db
    .select({ id: schema.classStudents.studentId })
    .from(schema.classStudents)
    .where(eq(schema.classStudents.classId, classId))
    .limit(1);
  studentId = member.id;
  const [assignment] = await db
    .select({ id: schema.assignments.id })
    .from(schema.assignments)
    .where(eq(schema.assignments.classId, classId))
    .limit(1);
  assignmentId = assignment.id;
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** Every screen whose action tells its buttons apart by `intent`, and who may post to it. */
function screens(): { actor: "teacher" | "platformAdmin" | null; path: string }[] {
  return [
    { actor: "platformAdmin", path: "/admin/survey" },
    { actor: "platformAdmin", path: `/admin/settings?classId=${classId}` },
    { actor: "platformAdmin", path: "/admin/schools" },
    { actor: "platformAdmin", path: `/admin/schools/${schoolId}` },
    { actor: "platformAdmin", path: `/admin/schools/${schoolId}/import` },
    { actor: "platformAdmin", path: "/admin/staff" },
    { actor: "platformAdmin", path: "/admin/staff/new" },
    { actor: "teacher", path: `/class/${classId}/home` },
    { actor: "teacher", path: `/class/${classId}/students/manage` },
    { actor: "teacher", path: `/class/${classId}/students/import` },
    { actor: "teacher", path: `/class/${classId}/students/cards` },
    { actor: "teacher", path: `/class/${classId}/student/${studentId}/delete` },
    { actor: "teacher", path: `/class/${classId}/surveys/library` },
    { actor: "teacher", path: `/class/${classId}/surveys/manage` },
    { actor: "teacher", path: `/class/${classId}/projector` },
    { actor: "teacher", path: `/class/${classId}/assignments/${assignmentId}/projector` },
    { actor: null, path: "/join/waiting" },
  ];
}

function post(actor: "teacher" | "platformAdmin" | null, path: string, body: string, asData: boolean) {
  const [pathname, search] = path.split("?");
  const url = asData ? `${pathname}.data${search ? `?${search}` : ""}` : path;
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: asData ? "*/*" : "text/html",
  };
  if (actor) headers.Cookie = cookies[actor];
  return server.handle(new Request(`${ORIGIN}${url}`, { method: "POST", headers, body }));
}

test("an unknown intent is the same 400 on every screen, and changes nothing", async () => {
  const before = await snapshot(server.app.db);
  for (const { actor, path } of screens()) {
    for (const body of ["intent=nonsense", "intent=", "name=no-intent-at-all"]) {
      const response = await post(actor, path, body, false);
      expect(response.status, `${path} ${body}`).toBe(400);
      expect(response.headers.get("location"), `${path} ${body}`).toBeNull();
      const html = await response.text();
      expect(html, `${path} ${body}`).toContain("Unknown action.");
    }
  }
  expect(changedTables(before, await snapshot(server.app.db))).toBe("");
});

test("with JavaScript (a .data request) the answer is the same 400", async () => {
  for (const { actor, path } of screens()) {
    const response = await post(actor, path, "intent=nonsense", true);
    expect(response.status, path).toBe(400);
    expect(await response.text(), path).toContain("Unknown action.");
  }
});
