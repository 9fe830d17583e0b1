/**
 * Staff (docs/product.md#staff): scope rules for platform admin, school admin and teacher on
 * every user endpoint, edit rules, bulk create (all valid, some invalid,
 * duplicates within the file, 500 rows in one request, CSV) and archive
 * effects, through the route modules with a real session and database.
 */

import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { allowedMethods } from "~/http/api-routes.server";
import * as allRoute from "~/routes/api/users/all";
import * as bulkRoute from "~/routes/api/users/bulk-create";
import * as meRoute from "~/routes/api/users/me-with-school";
import * as userRoute from "~/routes/api/users/user";
import * as withClassesRoute from "~/routes/api/users/with-classes";
import * as withSchoolRoute from "~/routes/api/users/with-school";
import type { App } from "~/server/app.server";
import { requireUser } from "~/server/auth/guards.server";
import { createSession } from "~/server/auth/session.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, emailOutbox, users, verificationTokens } from "~/server/db/schema.server";
import { bulkCreateStaff } from "~/server/users/bulk-create.server";
import { listStaff, updateStaffMember } from "~/server/users/staff.server";
import { parseCsvRecords, parseStaffCsv } from "~/server/users/staff-csv.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClassWorld, createSchool, createUser } from "../support/fixtures";
import { createTestApp, routeContext } from "../support/test-app";

type Who = keyof ClassWorld["users"] | "anonymous";
type Handler = (args: never) => Promise<Response> | Response;

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

function contextFor(): RouterContextProvider {
  return routeContext(testApp);
}

async function call(
  route: { loader?: Handler; action?: Handler },
  who: Who,
  method: string,
  options: { params?: Record<string, string | number>; body?: unknown; query?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> & { [key: string]: unknown } }> {
  const headers = new Headers({ "content-type": "application/json" });
  const cookie = cookies.get(who);
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://localhost/api/users${options.query ?? ""}`, {
    method,
    headers,
    body: options.body === undefined || method === "GET" ? undefined : JSON.stringify(options.body),
  });
  // The server entry's rule for methods (app/http/api-routes.server.ts), as over HTTP.
  if (!allowedMethods(route).includes(method)) {
    return { status: 405, json: { code: "METHOD_NOT_ALLOWED", allow: allowedMethods(route).join(", ") } };
  }
  const handler = (method === "GET" ? route.loader : route.action) as unknown as (args: unknown) => Promise<Response>;
  const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)]));
  const response = await handler({ request, context: contextFor(), params });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

const ids = (rows: unknown) => (rows as { id: number }[]).map((row) => row.id);

describe("GET /api/users/all and /api/users/with-classes", () => {
  test("a platform admin sees users of every school, a school admin only their school", async () => {
    const platform = await call(allRoute, "platformAdmin", "GET");
    expect(platform.status).toBe(200);
    expect(ids(platform.json.data)).toEqual(
      expect.arrayContaining([world.users.teacher.id, world.users.otherTeacher.id, world.users.platformAdmin.id]),
    );

    const school = await call(allRoute, "schoolAdmin", "GET");
    expect(ids(school.json.data)).toContain(world.users.teacher.id);
    expect(ids(school.json.data)).not.toContain(world.users.otherTeacher.id);
    expect(ids(school.json.data)).not.toContain(world.users.platformAdmin.id);
    expect(school.json.count).toBe((school.json.data as unknown[]).length);
  });

  test("excludeAdmin=true leaves admins out", async () => {
    const { json } = await call(allRoute, "platformAdmin", "GET", { query: "?excludeAdmin=true" });
    const roles = (json.data as { role: string }[]).map((row) => row.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(roles).not.toContain("admin");
  });

  test("with-classes drops admins and counts after dropping, with each teacher's classes", async () => {
    const { status, json } = await call(withClassesRoute, "schoolAdmin", "GET");
    expect(status).toBe(200);
    const data = json.data as { id: number; role: string; classes: { id: number; name: string }[] }[];
    expect(data.every((row) => row.role !== "admin")).toBe(true);
    expect(json.count).toBe(data.length);
    expect(data.find((row) => row.id === world.users.teacher.id)?.classes).toEqual([
      { id: world.class5A.id, name: "5A Sunflowers" },
    ]);
    expect(ids(data)).not.toContain(world.users.otherTeacher.id);
  });

  test("a teacher gets 404 and nobody signed in gets 401", async () => {
    for (const route of [allRoute, withClassesRoute]) {
      expect((await call(route, "teacher", "GET")).status).toBe(404);
      expect((await call(route, "anonymous", "GET")).status).toBe(401);
    }
  });
});

describe("GET /api/users/me/with-school and /api/users/{id}/with-school", () => {
  test("me/with-school is the signed-in user with school, for any signed-in user", async () => {
    const { status, json } = await call(meRoute, "teacher", "GET");
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: world.users.teacher.id,
      role: "teacher",
      status: "active",
      emailVerified: true,
      school: { id: world.riverside.id, name: world.riverside.name, status: "active" },
    });
    expect(Object.keys(json).sort()).toEqual([
      "createdAt",
      "email",
      "emailVerified",
      "id",
      "image",
      "name",
      "role",
      "school",
      "status",
      "updatedAt",
    ]);
    expect((await call(meRoute, "anonymous", "GET")).status).toBe(401);
  });

  test("{id}/with-school: in scope 200, another school's user 404 for a school admin, 404 for a teacher", async () => {
    const own = await call(withSchoolRoute, "schoolAdmin", "GET", { params: { id: world.users.teacher.id } });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: world.users.teacher.id, school: { id: world.riverside.id } });
    expect(
      (await call(withSchoolRoute, "schoolAdmin", "GET", { params: { id: world.users.otherTeacher.id } })).status,
    ).toBe(404);
    expect(
      (await call(withSchoolRoute, "schoolAdmin", "GET", { params: { id: world.users.platformAdmin.id } })).status,
    ).toBe(404);
    expect(
      (await call(withSchoolRoute, "platformAdmin", "GET", { params: { id: world.users.otherTeacher.id } })).status,
    ).toBe(200);
    expect((await call(withSchoolRoute, "teacher", "GET", { params: { id: world.users.colleague.id } })).status).toBe(
      404,
    );
    expect((await call(withSchoolRoute, "platformAdmin", "GET", { params: { id: "abc" } })).status).toBe(404);
  });
});

describe("PATCH /api/users/{id}", () => {
  test("a school admin renames a teacher of their school; the change is audited", async () => {
    const target = await createUser(database.db, { schoolId: world.riverside.id, name: "Rename Me" });
    const { status, json } = await call(userRoute, "schoolAdmin", "PATCH", {
      params: { id: target.id },
      body: { name: "Renamed Person" },
    });
    expect(status).toBe(200);
    expect((json.user as { name: string }).name).toBe("Renamed Person");
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'user.update' and ${auditEvents.targetId} = ${String(target.id)}`);
    expect(event.actorUserId).toBe(world.users.schoolAdmin.id);
    expect(event.details).toMatchObject({ from: { name: "Rename Me" }, to: { name: "Renamed Person" } });
  });

  test("a school admin cannot touch another school's user (404), move staff to another school, or create a platform admin", async () => {
    expect(
      (
        await call(userRoute, "schoolAdmin", "PATCH", {
          params: { id: world.users.otherTeacher.id },
          body: { name: "X" },
        })
      ).status,
    ).toBe(404);
    const target = await createUser(database.db, { schoolId: world.riverside.id });
    const move = await call(userRoute, "schoolAdmin", "PATCH", {
      params: { id: target.id },
      body: { schoolId: world.hillside.id },
    });
    expect(move.status).toBe(403);
    const platform = await call(userRoute, "schoolAdmin", "PATCH", {
      params: { id: target.id },
      body: { role: "admin", schoolId: null },
    });
    expect(platform.status).toBe(403);
    const [row] = await database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: "teacher", schoolId: world.riverside.id });
    // Promoting to a school admin of their own school is allowed.
    expect(
      (await call(userRoute, "schoolAdmin", "PATCH", { params: { id: target.id }, body: { role: "admin" } })).status,
    ).toBe(200);
  });

  test("an admin cannot archive themselves or change their own role", async () => {
    const archive = await call(userRoute, "schoolAdmin", "PATCH", {
      params: { id: world.users.schoolAdmin.id },
      body: { status: "archived" },
    });
    expect(archive.status).toBe(403);
    expect(archive.json.message).toBe("You cannot archive your own account.");
    expect(
      (
        await call(userRoute, "platformAdmin", "PATCH", {
          params: { id: world.users.platformAdmin.id },
          body: { role: "teacher" },
        })
      ).status,
    ).toBe(403);
  });

  test("a platform admin moves a teacher to another school; they leave the old school's classes", async () => {
    const mover = await createUser(database.db, { schoolId: world.riverside.id, name: "Mover" });
    const { addClassTeacher } = await import("~/server/classes/class-teachers.server");
    await addClassTeacher(database.db, world.actors.platformAdmin, world.class6.id, mover.id);
    const { status, json } = await call(userRoute, "platformAdmin", "PATCH", {
      params: { id: mover.id },
      body: { schoolId: world.hillside.id },
    });
    expect(status).toBe(200);
    expect(json.user).toMatchObject({ schoolId: world.hillside.id, classes: [] });
  });

  test("bad input is a 400 with fieldErrors, a teacher gets 404, GET is 405", async () => {
    const bad = await call(userRoute, "platformAdmin", "PATCH", {
      params: { id: world.users.teacher.id },
      body: { role: "superuser" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("VALIDATION");
    expect(
      (await call(userRoute, "teacher", "PATCH", { params: { id: world.users.colleague.id }, body: { name: "X" } }))
        .status,
    ).toBe(404);
    expect((await call(userRoute, "platformAdmin", "GET", { params: { id: world.users.teacher.id } })).status).toBe(
      405,
    );
  });
});

describe("archive effects", () => {
  test("archiving signs a teacher out; signed in again they are sent to /blocked; restored, only a new sign-in gets them in", async () => {
    const teacher = await createUser(database.db, { schoolId: world.riverside.id, name: "Archie Ved" });
    const signIn = async () =>
      (await createSession(testApp, teacher.id, new Request("http://localhost/login"), null)).setCookie.split(";")[0];
    const guard = (cookie: string) =>
      requireUser(new Request("http://localhost/class/-1/home", { headers: { cookie } }), contextFor()).then(
        (user) => user,
        (thrown: unknown) => (thrown as Response).headers.get("location"),
      );
    const before = await signIn();

    await updateStaffMember(database.db, world.actors.schoolAdmin, teacher.id, { status: "archived" });
    expect(await guard(before)).toBe("/login?redirectTo=%2Fclass%2F-1%2Fhome");
    expect(await guard(await signIn())).toBe("/blocked");

    await updateStaffMember(database.db, world.actors.schoolAdmin, teacher.id, { status: "active" });
    expect(await guard(before)).toBe("/login?redirectTo=%2Fclass%2F-1%2Fhome");
    await expect(guard(await signIn())).resolves.toMatchObject({ id: teacher.id, status: "active" });
    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(sql`${auditEvents.targetType} = 'user' and ${auditEvents.targetId} = ${String(teacher.id)}`)
      .orderBy(auditEvents.id);
    expect(actions.map((row) => row.action)).toEqual(["user.archive", "user.restore"]);
  });
});

describe("staff list", () => {
  test("search, filters and pages; a school admin never sees another school", async () => {
    const school = await createSchool(database.db, { name: "Paging Primary" });
    for (let i = 0; i < 30; i++)
      await createUser(database.db, { schoolId: school.id, name: `Pager ${String(i).padStart(2, "0")}` });
    const first = await listStaff(database.db, world.actors.platformAdmin, { schoolId: school.id });
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.staff[0].name).toBe("Pager 00");
    const second = await listStaff(database.db, world.actors.platformAdmin, { schoolId: school.id, page: 2 });
    expect(second.staff.map((member) => member.name)).toEqual([
      "Pager 25",
      "Pager 26",
      "Pager 27",
      "Pager 28",
      "Pager 29",
    ]);
    expect((await listStaff(database.db, world.actors.platformAdmin, { q: "pager 1" })).total).toBe(10);
    expect((await listStaff(database.db, world.actors.schoolAdmin, { q: "pager" })).total).toBe(0);
    expect((await listStaff(database.db, world.actors.schoolAdmin, { schoolId: world.hillside.id })).total).toBe(0);
    expect((await listStaff(database.db, world.actors.platformAdmin, { q: "100%_" })).total).toBe(0);
    await expect(listStaff(database.db, world.actors.teacher, {})).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("POST /api/users/bulk-create", () => {
  test("all valid rows are created in one go, each with an invitation e-mail and set-password token", async () => {
    const { status, json } = await call(bulkRoute, "schoolAdmin", "POST", {
      body: {
        staffMembers: [
          { name: "Ada One", email: "Ada.One@Riverside.example", role: "teacher" },
          { name: "Ben Two", email: "ben.two@riverside.example", role: "admin", school: world.riverside.name },
          { name: "Cy Three", email: "cy.three@riverside.example", school: world.riverside.id },
        ],
      },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ createdCount: 3, refusedCount: 0 });
    const created = json.created as { email: string; role: string; schoolId: number }[];
    expect(created.map((row) => row.email)).toEqual([
      "ada.one@riverside.example",
      "ben.two@riverside.example",
      "cy.three@riverside.example",
    ]);
    expect(created.every((row) => row.schoolId === world.riverside.id)).toBe(true);
    for (const row of created) {
      const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, row.email));
      expect(mail).toHaveLength(1);
      expect(mail[0].text).toMatch(/\/reset-password\?token=[\w-]+/);
      const [user] = await database.db.select().from(users).where(eq(users.email, row.email));
      const tokens = await database.db.select().from(verificationTokens).where(eq(verificationTokens.userId, user.id));
      expect(tokens.map((token) => token.purpose)).toEqual(["invite"]);
    }
  });

  test("a school admin is told nothing about accounts outside their school: such a row reads as invited, and its owner is mailed", async () => {
    const elsewhere = world.users.otherTeacher;
    const { status, json } = await call(bulkRoute, "schoolAdmin", "POST", {
      body: {
        staffMembers: [
          { name: "Fresh Face", email: "fresh.face@riverside.example" },
          { name: "Olga Again", email: elsewhere.email.toUpperCase() },
        ],
      },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ createdCount: 2, refusedCount: 0 });
    const reported = json.created as Record<string, unknown>[];
    expect(reported.map((row) => row.email)).toEqual(["fresh.face@riverside.example", elsewhere.email.toLowerCase()]);
    // The two rows have the same shape: nothing tells the existing account apart.
    expect(Object.keys(reported[0]).sort()).toEqual(Object.keys(reported[1]).sort());
    // The account elsewhere is untouched, and its owner was told instead of invited.
    const [olga] = await database.db.select().from(users).where(eq(users.id, elsewhere.id));
    expect(olga).toMatchObject({ schoolId: world.hillside.id, name: elsewhere.name });
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, elsewhere.email.toLowerCase()));
    expect(mails.map((mail) => mail.subject)).toEqual(["Someone tried to add you to Orliverse Classroom"]);
    expect(
      await database.db.select().from(verificationTokens).where(eq(verificationTokens.userId, elsewhere.id)),
    ).toHaveLength(0);
    // A platform admin sees every school, and is told.
    const platform = await call(bulkRoute, "platformAdmin", "POST", {
      body: { staffMembers: [{ name: "Olga Again", email: elsewhere.email, school: world.hillside.name }] },
    });
    expect((platform.json.refused as { reasons: string[] }[])[0].reasons[0]).toMatch(/already exists/);
  });

  test("some invalid rows: each refused row says why, valid rows are created", async () => {
    const { status, json } = await call(bulkRoute, "schoolAdmin", "POST", {
      body: {
        staffMembers: [
          { name: "Good Row", email: "good.row@riverside.example" },
          { name: "Bad Mail", email: "not-an-email" },
          { name: "Taken", email: world.users.teacher.email.toUpperCase() },
          { name: "Elsewhere", email: "elsewhere@riverside.example", school: world.hillside.name },
          { name: "", email: "noname@riverside.example" },
          { name: "Odd Role", email: "odd.role@riverside.example", role: "principal" },
        ],
      },
    });
    expect(status).toBe(201);
    expect(json.createdCount).toBe(1);
    const refused = json.refused as { row: number; reasons: string[] }[];
    expect(refused.map((row) => row.row)).toEqual([2, 3, 4, 5, 6]);
    expect(refused[0].reasons[0]).toMatch(/not a valid e-mail address/);
    expect(refused[1].reasons[0]).toMatch(/already exists/);
    expect(refused[2].reasons[0]).toMatch(/outside your school/);
    expect(refused[3].reasons[0]).toBe("Name is missing");
    expect(refused[4].reasons[0]).toMatch(/Unknown role/);
  });

  test("duplicates within the file (any letter case) are refused after the first", async () => {
    const { json } = await call(bulkRoute, "platformAdmin", "POST", {
      body: {
        staffMembers: [
          { name: "Dup First", email: "dup@school.example", school: world.hillside.name },
          { name: "Dup Second", email: "DUP@School.Example", school: world.hillside.name },
          { name: "No School", email: "noschool@school.example", school: "Atlantis Academy" },
        ],
      },
    });
    expect(json.createdCount).toBe(1);
    const refused = json.refused as { row: number; reasons: string[] }[];
    expect(refused[0]).toMatchObject({ row: 2, reasons: ["Duplicate e-mail: dup@school.example is already on row 1"] });
    expect(refused[1].reasons).toEqual(['Unknown school "Atlantis Academy"']);
  });

  test("500 rows in one request are created in one transaction", async () => {
    const staffMembers = Array.from({ length: 500 }, (_, i) => ({
      name: `Bulk Teacher ${i}`,
      email: `bulk.${i}@many.example`,
      role: "teacher",
      school: world.riverside.name,
    }));
    const startedAt = performance.now();
    const { status, json } = await call(bulkRoute, "platformAdmin", "POST", { body: { staffMembers } });
    const elapsedMs = Math.round(performance.now() - startedAt);
    console.info(`bulk-create 500 rows: ${elapsedMs} ms`);
    expect(status).toBe(201);
    expect(json).toMatchObject({ createdCount: 500, refusedCount: 0 });
    const [{ value }] = await database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like '%@many.example'`);
    expect(value).toBe(500);
    const [{ mails }] = await database.db
      .select({ mails: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.to} like '%@many.example'`);
    expect(mails).toBe(500);
  });

  test("a clash inside the transaction creates nothing", async () => {
    const before = await database.db.select({ value: sql<number>`count(*)::int` }).from(users);
    // Simulate a concurrent insert: the e-mail is taken after the check by a trigger-free race stand-in.
    const rows = [{ name: "Race A", email: "race.a@school.example", school: world.riverside.name }];
    const original = database.db.transaction.bind(database.db);
    const racingDb = Object.create(database.db) as typeof database.db;
    racingDb.transaction = (async (run: Parameters<typeof original>[0]) => {
      await database.db
        .insert(users)
        .values({ name: "Racer", email: "race.a@school.example", schoolId: world.riverside.id });
      return original(run);
    }) as typeof original;
    await expect(
      bulkCreateStaff(racingDb, world.actors.platformAdmin, rows, { mailer: testApp.mailer }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const after = await database.db.select({ value: sql<number>`count(*)::int` }).from(users);
    expect(after[0].value).toBe(before[0].value + 1);
  });

  test("a teacher gets 404, an empty list 400, more than 1000 rows 400", async () => {
    expect(
      (await call(bulkRoute, "teacher", "POST", { body: { staffMembers: [{ name: "X", email: "x@x.example" }] } }))
        .status,
    ).toBe(404);
    expect((await call(bulkRoute, "schoolAdmin", "POST", { body: { staffMembers: [] } })).status).toBe(400);
    expect((await call(bulkRoute, "schoolAdmin", "POST", { body: {} })).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `N${i}`, email: `n${i}@x.example` }));
    expect((await call(bulkRoute, "schoolAdmin", "POST", { body: { staffMembers: many } })).status).toBe(400);
  });
});

describe("staff CSV", () => {
  test("parses quoted cells, CRLF, a BOM and a header in any column order", () => {
    expect(parseCsvRecords('\uFEFFa,"b, c","d ""q"""\r\n\r\ne,f,g\n')).toEqual([
      ["a", "b, c", 'd "q"'],
      ["e", "f", "g"],
    ]);
    expect(parseStaffCsv("email,name,school\r\nzoe@x.example,Zoe,Riverside\r\n")).toEqual([
      { name: "Zoe", email: "zoe@x.example", role: "", school: "Riverside" },
    ]);
    expect(parseStaffCsv("Yan,yan@x.example,admin,Hill")).toEqual([
      { name: "Yan", email: "yan@x.example", role: "admin", school: "Hill" },
    ]);
  });

  test("a CSV import goes through the same rules as the form", async () => {
    const csv = `name,email,role,school\nCsv One,csv.one@x.example,teacher,${world.riverside.name}\nCsv Two,csv.one@x.example,teacher,${world.riverside.name}\n`;
    const result = await bulkCreateStaff(database.db, world.actors.platformAdmin, parseStaffCsv(csv), {
      mailer: testApp.mailer,
    });
    expect(result.created.map((row) => row.email)).toEqual(["csv.one@x.example"]);
    expect(result.refused[0].reasons[0]).toMatch(/Duplicate e-mail/);
  });
});
