/**
 * A teacher's first class: the class screens send a teacher without classes
 * to /home?noClasses=true, so /home itself creates the first class. A teacher
 * without a school is refused, on /home and through POST /api/classes, with
 * what to do next.
 */
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { NO_SCHOOL_YET_MESSAGE } from "~/lib/class-texts";
import * as classesApi from "~/routes/api/classes/index";
import * as createScreen from "~/routes/class/create";
import * as classLayout from "~/routes/class/layout";
import * as homeScreen from "~/routes/home";
import type { Database } from "~/server/db/client.server";
import { classes, classTeachers } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

test("a teacher with a school and no class is sent from every class screen to /home, and creates the first class there", async () => {
  const school = await createSchool(database.db);
  const teacher = await createUser(database.db, { schoolId: school.id });
  const cookie = await signIn(database, teacher.id);
  for (const route of [classLayout, createScreen]) {
    const bounced = await callRoute(route, database, { path: "/class/-1/create", params: { classId: -1 }, cookie });
    expect(bounced.headers.get("location")).toBe("/home?noClasses=true");
  }
  const empty = await callRoute(homeScreen, database, {
    method: "POST",
    path: "/home?noClasses=true",
    cookie,
    form: { name: "  " },
  });
  expect(empty.status).toBe(400);
  const created = await callRoute(homeScreen, database, {
    method: "POST",
    path: "/home?noClasses=true",
    cookie,
    form: { name: "3C Tulips" },
  });
  expect(created.status).toBe(302);
  const [klass] = await database.db.select().from(classes).where(eq(classes.name, "3C Tulips"));
  expect(klass).toMatchObject({ schoolId: school.id, status: "active" });
  expect(created.headers.get("location")).toBe(`/class/${klass.id}/home`);
  // An old bookmark or a stale redirect: a teacher with a class is not told they have none.
  const home = await callRoute(homeScreen, database, { path: "/home?noClasses=true", cookie });
  expect(await home.json()).toMatchObject({ noClasses: false });
  expect(
    (await database.db.select().from(classTeachers).where(eq(classTeachers.classId, klass.id))).map((row) => [
      row.userId,
      row.role,
    ]),
  ).toEqual([[teacher.id, "owner"]]);
});

test("a teacher without a school is told what to do next, on /home and through the API, and no class is made", async () => {
  const teacher = await createUser(database.db, { schoolId: null });
  const cookie = await signIn(database, teacher.id);
  const onHome = await callRoute(homeScreen, database, {
    method: "POST",
    path: "/home?noClasses=true",
    cookie,
    form: { name: "Nowhere class" },
  });
  expect(onHome.status).toBe(400);
  const reply = (await onHome.json()) as { result: { error: Record<string, string[]> } };
  expect(reply.result.error[""]).toEqual([NO_SCHOOL_YET_MESSAGE]);
  const loaded = (await (await callRoute(homeScreen, database, { path: "/home?noClasses=true", cookie })).json()) as {
    hasSchool: boolean;
  };
  expect(loaded.hasSchool).toBe(false);

  const byApi = await callRoute(classesApi, database, {
    method: "POST",
    path: "/api/classes",
    cookie,
    json: { name: "Nowhere class" },
  });
  expect(byApi.status).toBe(400);
  expect(await byApi.json()).toMatchObject({ code: "VALIDATION", message: NO_SCHOOL_YET_MESSAGE });
  expect(await database.db.select().from(classes).where(eq(classes.name, "Nowhere class"))).toEqual([]);
});
