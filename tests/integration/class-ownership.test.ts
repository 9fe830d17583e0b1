/**
 * Owners and co-teachers (ADR 111), and no class without a teacher (ADR 112),
 * through every path that changes who teaches a class: the students screen
 * and DELETE /api/classes/{classId}/user/{userId}; archiving or moving a
 * teacher on the staff screen and with PATCH /api/users/{id}; deleting one's
 * own account; creating a class as an admin (POST /api/classes).
 */
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import * as staffEditScreen from "~/routes/admin/staff/edit";
import * as staffScreen from "~/routes/admin/staff/list";
import * as authApi from "~/routes/api/auth";
import * as classTeacherApi from "~/routes/api/classes/class-teacher";
import * as classesApi from "~/routes/api/classes/index";
import * as userApi from "~/routes/api/users/user";
import * as studentsScreen from "~/routes/class/students-manage";
import { hashPassword } from "~/server/auth/password.server";
import type { Database } from "~/server/db/client.server";
import { classes, classTeachers, credentials, sessions, users } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createClass, createSchool, createUser } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** A school with an admin and three teachers; one class owned by `owner`, co-taught by the other two (in that order). */
async function sharedClass() {
  const db = database.db;
  const school = await createSchool(db);
  const admin = await createUser(db, { schoolId: school.id, role: "admin", name: "Helen Head" });
  const owner = await createUser(db, { schoolId: school.id, name: "Olive Owner" });
  const senior = await createUser(db, { schoolId: school.id, name: "Sam Senior" });
  const junior = await createUser(db, { schoolId: school.id, name: "Jo Junior" });
  const klass = await createClass(db, { schoolId: school.id, name: "5A Sunflowers", teacherIds: [owner.id] });
  // Longest-serving first: senior joins before junior.
  await db
    .insert(classTeachers)
    .values({ classId: klass.id, userId: senior.id, role: "co-teacher", createdAt: new Date(Date.now() - 60_000) });
  await db.insert(classTeachers).values({ classId: klass.id, userId: junior.id, role: "co-teacher" });
  const cookies = {
    admin: await signIn(database, admin.id),
    owner: await signIn(database, owner.id),
    senior: await signIn(database, senior.id),
    junior: await signIn(database, junior.id),
  };
  return { school, admin, owner, senior, junior, klass, cookies };
}

async function teachersOf(classId: number): Promise<[number, string][]> {
  const rows = await database.db
    .select({ userId: classTeachers.userId, role: classTeachers.role })
    .from(classTeachers)
    .where(eq(classTeachers.classId, classId))
    .orderBy(asc(classTeachers.userId));
  return rows.map((row) => [row.userId, row.role]);
}

function removeByApi(cookie: string, classId: number, userId: number) {
  return callRoute(classTeacherApi, database, {
    method: "DELETE",
    path: `/api/classes/${classId}/user/${userId}`,
    params: { classId, userId },
    cookie,
  });
}

function removeOnScreen(cookie: string, classId: number, userId: number) {
  return callRoute(studentsScreen, database, {
    method: "POST",
    path: `/class/${classId}/students/manage`,
    params: { classId },
    cookie,
    form: { intent: "remove-teacher", id: String(userId) },
  });
}

describe("owners and co-teachers", () => {
  test("a co-teacher can remove neither another co-teacher nor the owner (403 with the reason; the screen changes nothing)", async () => {
    const { klass, owner, senior, junior, cookies } = await sharedClass();
    const before = await teachersOf(klass.id);
    const coTeacher = await removeByApi(cookies.junior, klass.id, senior.id);
    expect(coTeacher.status).toBe(403);
    expect(await coTeacher.json()).toEqual({
      code: "FORBIDDEN",
      message: "Only the class's owner can remove other teachers. You can leave the class yourself.",
    });
    const theOwner = await removeByApi(cookies.junior, klass.id, owner.id);
    expect(theOwner.status).toBe(403);
    expect((await theOwner.json()).message).toBe(
      "Only an administrator can remove the class's owner. You can leave the class yourself.",
    );
    expect((await removeOnScreen(cookies.senior, klass.id, junior.id)).status).toBe(302);
    expect((await removeOnScreen(cookies.senior, klass.id, owner.id)).status).toBe(302);
    expect(await teachersOf(klass.id)).toEqual(before);
  });

  test("the owner removes a co-teacher, on the screen and through the API", async () => {
    const { klass, owner, senior, junior, cookies } = await sharedClass();
    expect((await removeOnScreen(cookies.owner, klass.id, junior.id)).status).toBe(302);
    expect((await removeByApi(cookies.owner, klass.id, senior.id)).status).toBe(200);
    expect(await teachersOf(klass.id)).toEqual([[owner.id, "owner"]]);
  });

  test("any teacher may leave; when the owner leaves, the longest-serving co-teacher becomes the owner", async () => {
    const { klass, senior, junior, owner, cookies } = await sharedClass();
    expect((await removeByApi(cookies.junior, klass.id, junior.id)).status).toBe(200);
    expect((await removeOnScreen(cookies.owner, klass.id, owner.id)).status).toBe(302);
    expect(await teachersOf(klass.id)).toEqual([[senior.id, "owner"]]);
    // The last teacher cannot leave.
    const last = await removeByApi(cookies.senior, klass.id, senior.id);
    expect(last.status).toBe(409);
    expect((await last.json()).message).toBe(
      "You are this class's only teacher, so you cannot leave it. Add another teacher first.",
    );
    expect(await teachersOf(klass.id)).toEqual([[senior.id, "owner"]]);
  });

  test("an admin in scope removes the owner, and ownership passes on", async () => {
    const { klass, owner, senior, junior, cookies } = await sharedClass();
    expect((await removeByApi(cookies.admin, klass.id, owner.id)).status).toBe(200);
    expect(await teachersOf(klass.id)).toEqual(
      [
        [senior.id, "owner"],
        [junior.id, "co-teacher"],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  test("the database allows one owner per class", async () => {
    const { klass, junior } = await sharedClass();
    await expect(
      database.db.update(classTeachers).set({ role: "owner" }).where(eq(classTeachers.userId, junior.id)),
    ).rejects.toThrow();
    expect((await teachersOf(klass.id)).filter(([, role]) => role === "owner")).toHaveLength(1);
  });

  test("an admin creating a class through the API must name its teacher, who owns it", async () => {
    const { school, admin, senior, cookies } = await sharedClass();
    const post = (json: unknown) =>
      callRoute(classesApi, database, { method: "POST", path: "/api/classes", cookie: cookies.admin, json });
    const without = await post({ name: "No teacher" });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({
      code: "VALIDATION",
      message: "Choose the class's teacher: a class needs at least one teacher.",
      fieldErrors: { teacherId: ["Choose the class's teacher"] },
    });
    expect(await database.db.select().from(classes).where(eq(classes.name, "No teacher"))).toEqual([]);
    const created = await post({ name: "With teacher", teacherId: senior.id });
    expect(created.status).toBe(201);
    const { class: klass } = (await created.json()) as { class: { id: number; schoolId: number } };
    expect(klass.schoolId).toBe(school.id);
    expect(await teachersOf(klass.id)).toEqual([[senior.id, "owner"]]);
    expect(admin.role).toBe("admin");
  });
});

describe("no class is left without a teacher", () => {
  async function soleTeacher() {
    const db = database.db;
    const school = await createSchool(db);
    const other = await createSchool(db);
    const admin = await createUser(db, { schoolId: null, role: "admin" });
    const teacher = await createUser(db, { schoolId: school.id, name: "Amara Okafor" });
    const colleague = await createUser(db, { schoolId: school.id, name: "Daniel Murphy" });
    const alone = await createClass(db, { schoolId: school.id, name: "5A Sunflowers", teacherIds: [teacher.id] });
    const old = await createClass(db, { schoolId: school.id, name: "4 Willow", teacherIds: [teacher.id] });
    await db.update(classes).set({ status: "archived" }).where(eq(classes.id, old.id));
    const shared = await createClass(db, {
      schoolId: school.id,
      name: "6 Maple",
      teacherIds: [teacher.id, colleague.id],
    });
    const teacherCookie = await signIn(database, teacher.id);
    return { school, other, admin, teacher, colleague, alone, old, shared, teacherCookie };
  }

  const REFUSAL = (name: string, doing: string) =>
    `${name} is the only teacher of "4 Willow" (archived) and "5A Sunflowers". Add another teacher to those classes on Edit Class, or archive them, before ${doing} ${name}.`;

  async function unchanged(world: Awaited<ReturnType<typeof soleTeacher>>) {
    const [row] = await database.db.select().from(users).where(eq(users.id, world.teacher.id));
    expect(row).toMatchObject({ status: "active", schoolId: world.school.id });
    expect(await teachersOf(world.alone.id)).toEqual([[world.teacher.id, "owner"]]);
    expect(await teachersOf(world.old.id)).toEqual([[world.teacher.id, "owner"]]);
    expect(await teachersOf(world.shared.id)).toContainEqual([world.teacher.id, "owner"]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, world.teacher.id))).toHaveLength(1);
  }

  test("PATCH /api/users/{id}: archiving or moving the only teacher of classes is a 409 naming them; nothing changes", async () => {
    const world = await soleTeacher();
    const adminCookie = await signIn(database, world.admin.id);
    const patch = (json: unknown) =>
      callRoute(userApi, database, {
        method: "PATCH",
        path: `/api/users/${world.teacher.id}`,
        params: { id: world.teacher.id },
        cookie: adminCookie,
        json,
      });
    const archive = await patch({ status: "archived" });
    expect(archive.status).toBe(409);
    expect(await archive.json()).toEqual({ code: "CONFLICT", message: REFUSAL("Amara Okafor", "archiving") });
    const move = await patch({ schoolId: world.other.id });
    expect(move.status).toBe(409);
    expect((await move.json()).message).toBe(REFUSAL("Amara Okafor", "moving"));
    await unchanged(world);
  });

  test("the staff screen applies the same rule: archive and move are refused, nothing changes", async () => {
    const world = await soleTeacher();
    const adminCookie = await signIn(database, world.admin.id);
    const archive = await callRoute(staffScreen, database, {
      method: "POST",
      path: "/admin/staff",
      cookie: adminCookie,
      form: { intent: "archive", id: String(world.teacher.id) },
    });
    expect(archive.status).toBe(302);
    const move = await callRoute(staffEditScreen, database, {
      method: "POST",
      path: `/admin/staff/${world.teacher.id}/edit`,
      params: { staffId: world.teacher.id },
      cookie: adminCookie,
      form: {
        name: "Amara Okafor",
        role: "teacher",
        schoolId: String(world.other.id),
      },
    });
    expect(move.status).toBe(409);
    const reply = (await move.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error[""]).toEqual([REFUSAL("Amara Okafor", "moving")]);
    await unchanged(world);
  });

  test("once every class has another teacher, archiving takes the teacher off them and ownership passes on", async () => {
    const world = await soleTeacher();
    const adminCookie = await signIn(database, world.admin.id);
    for (const klass of [world.alone, world.old]) {
      await database.db
        .insert(classTeachers)
        .values({ classId: klass.id, userId: world.colleague.id, role: "co-teacher" });
    }
    const archive = await callRoute(userApi, database, {
      method: "PATCH",
      path: `/api/users/${world.teacher.id}`,
      params: { id: world.teacher.id },
      cookie: adminCookie,
      json: { status: "archived" },
    });
    expect(archive.status).toBe(200);
    for (const klass of [world.alone, world.old, world.shared]) {
      expect(await teachersOf(klass.id)).toEqual([[world.colleague.id, "owner"]]);
    }
  });

  test("moving a teacher keeps their classes taught: the classes they share pass to the colleague", async () => {
    const world = await soleTeacher();
    const adminCookie = await signIn(database, world.admin.id);
    await database.db.delete(classes).where(eq(classes.id, world.alone.id));
    await database.db.delete(classes).where(eq(classes.id, world.old.id));
    const move = await callRoute(userApi, database, {
      method: "PATCH",
      path: `/api/users/${world.teacher.id}`,
      params: { id: world.teacher.id },
      cookie: adminCookie,
      json: { schoolId: world.other.id },
    });
    expect(move.status).toBe(200);
    expect(await teachersOf(world.shared.id)).toEqual([[world.colleague.id, "owner"]]);
  });

  test("POST /api/auth/delete-user: the only teacher of a class is refused with a 409 naming it", async () => {
    const world = await soleTeacher();
    await database.db
      .insert(credentials)
      .values({ userId: world.teacher.id, passwordHash: await hashPassword("Teacher-Pass-1") });
    const remove = await callRoute(authApi, database, {
      method: "POST",
      path: "/api/auth/delete-user",
      params: { "*": "delete-user" },
      cookie: world.teacherCookie,
      json: { password: "Teacher-Pass-1" },
    });
    expect(remove.status).toBe(409);
    expect(await remove.json()).toEqual({
      code: "CONFLICT",
      message:
        'You are the only teacher of "4 Willow" (archived) and "5A Sunflowers". Add another teacher to those classes, or ask an administrator to archive them, before you delete your account.',
    });
    await unchanged(world);
  });
});
