/**
 * An archived school is closed for students, like an archived class: no new
 * class code for its classes, joins refused, student tokens refused. Restoring
 * opens it again, but brings back neither the old tokens nor the old class
 * code (ADR 191): the teacher makes a new code and the students join again.
 * Through the student API's route modules and POST /api/classCodes/generate,
 * on a real database.
 */
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import * as generateRoute from "~/routes/api/class-codes/generate";
import { setClassStatus } from "~/server/classes/admin-classes.server";
import type { Database } from "~/server/db/client.server";
import { classCodes } from "~/server/db/schema.server";
import { setSchoolStatus } from "~/server/schools/schools.server";
import { createTestDatabase } from "../support/database";
import { actorOf, createClass, createSchool, createUser } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";

let database: Database;
let ipCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});

function studentApp(token?: string) {
  const ip = `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
  const inner = studentApiFetch(database);
  return createStudentApiClient({
    baseUrl: "http://school.test",
    token,
    logError: () => {},
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("x-forwarded-for", ip);
      return inner(input, { ...init, headers });
    }) as typeof fetch,
  });
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  return promise.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof StudentApiHttpError) return error.status;
      throw error;
    },
  );
}

/** A school with a class, its live code (made through the API) and a student who joined with it. */
async function openClass() {
  const db = database.db;
  const school = await createSchool(db);
  const teacher = await createUser(db, { schoolId: school.id });
  const platformAdmin = await createUser(db, { schoolId: null, role: "admin" });
  const klass = await createClass(db, { schoolId: school.id, teacherIds: [teacher.id] });
  const adminCookie = await signIn(database, platformAdmin.id);
  const generate = () =>
    callRoute(generateRoute, database, {
      method: "POST",
      path: "/api/classCodes/generate",
      cookie: adminCookie,
      json: { classId: klass.id },
    });
  expect((await generate()).status).toBe(201);
  const [live] = await db.select().from(classCodes).where(eq(classCodes.classId, klass.id));
  const first = await studentApp().join({ code: live.code, firstName: "Mia", lastName: "Jensen" });
  if (first.status !== "joined") throw new Error("a new name in a class that takes new names joins at once");
  const { token } = first;
  expect(await statusOf(studentApp(token).heartbeat())).toBe(200);
  return { school, klass, admin: actorOf(platformAdmin), code: live.code, token, generate };
}

/** The refusal a new student gets joining with the code (null when the join works). */
function joinRefusal(code: string): Promise<StudentApiHttpError | null> {
  return studentApp()
    .join({ code, firstName: "Noah", lastName: "Berg" })
    .then(
      () => null,
      (error: StudentApiHttpError) => error,
    );
}

async function expectClosed(world: Awaited<ReturnType<typeof openClass>>, message: string) {
  const join = await joinRefusal(world.code);
  expect(join?.status).toBe(404);
  expect(join?.body).toMatchObject({ code: "CLASS_CODE_NOT_FOUND" });
  expect(await statusOf(studentApp(world.token).heartbeat())).toBe(401);
  expect(await statusOf(studentApp(world.token).listAssignments())).toBe(401);
  const generated = await world.generate();
  expect(generated.status).toBe(409);
  expect(await generated.json()).toEqual({ code: "CONFLICT", message });
}

/** Open again, but only through a new code: the old token and the old code stay dead. */
async function expectOpenWithNewCode(world: Awaited<ReturnType<typeof openClass>>) {
  expect(await statusOf(studentApp(world.token).heartbeat())).toBe(401);
  const oldCode = await joinRefusal(world.code);
  expect(oldCode?.status).toBe(410);
  expect(oldCode?.body).toMatchObject({ code: "CLASS_CODE_STOPPED" });
  expect((await world.generate()).status).toBe(201);
  const [fresh] = await database.db
    .select()
    .from(classCodes)
    .where(and(eq(classCodes.classId, world.klass.id), isNull(classCodes.stoppedAt)));
  expect(fresh.code).not.toBe(world.code);
  // Mia joined before, so her name alone now waits for the teacher (ADR 180); a new name joins at once.
  const mia = await studentApp().join({ code: fresh.code, firstName: "Mia", lastName: "Jensen" });
  expect(mia.status).toBe("waiting");
  const again = await studentApp().join({ code: fresh.code, firstName: "Sam", lastName: "Newcomer" });
  if (again.status !== "joined") throw new Error(`a new name should join at once, got ${again.status}`);
  expect(await statusOf(studentApp(again.token).heartbeat())).toBe(200);
  expect(await statusOf(studentApp(world.token).heartbeat())).toBe(401);
}

describe("closed for students", () => {
  test("an archived school: joins, student tokens and new class codes are refused; restored, it opens again with a new code only", async () => {
    const world = await openClass();
    await setSchoolStatus(database.db, world.admin, world.school.id, "archived");
    await expectClosed(world, "This class's school is archived, so its classes cannot have a class code.");
    await setSchoolStatus(database.db, world.admin, world.school.id, "active");
    await expectOpenWithNewCode(world);
  });

  test("an archived class: the same", async () => {
    const world = await openClass();
    await setClassStatus(database.db, world.admin, world.klass.id, "archived");
    await expectClosed(world, "This class is archived, so it cannot have a class code. Restore the class first.");
    await setClassStatus(database.db, world.admin, world.klass.id, "active");
    await expectOpenWithNewCode(world);
  });
});
