/**
 * "Are you Zara Newkid?" (issue 36) on a real database: a new name one or two
 * letters from a name on the class list is asked about before it joins, on
 * the student API (409 NAME_CLOSE_TO_LISTED with the listed spelling, checked
 * against the OpenAPI document) and on /join; yes joins as the listed child by
 * the class's rules, "I am new" joins by the class's rule and the teacher sees
 * the new name is close; the question costs a failed join, and a class code
 * asks only so many.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient } from "~/lib/student-api/client";
import * as joinRoute from "~/routes/student/join";
import { admitJoinRequest, listWaitingJoinRequests } from "~/server/class-codes/join-requests.server";
import { getClassDashboard } from "~/server/classes/class-dashboard.server";
import type { Database } from "~/server/db/client.server";
import { classes, classStudents, rateLimits } from "~/server/db/schema.server";
import { closestListedName } from "~/server/students/close-names.server";
import { getClassPeople } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassCode, createClassWorld, createStudent } from "../support/fixtures";
import { callRoute } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { refusal } from "../support/student-api-refusal";

let database: Database;
let world: ClassWorld;
let ipCounter = 0;

function client(deviceId?: string) {
  return createStudentApiClient({
    baseUrl: "http://school.test",
    logError: () => {},
    deviceId,
    fetch: studentApiFetch(database, { clientAddress: `10.7.0.${++ipCounter}` }),
  });
}

/** A class with a live code, Zara Newkid on its list, and the given rule for new names. */
async function classWith(code: string, newNames: "allow" | "hold" | "refuse" = "allow") {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  await database.db.update(classes).set({ joinMode: "name", newNames }).where(eq(classes.id, klass.id));
  const live = await createClassCode(database.db, { classId: klass.id, code });
  const zara = await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Zara",
    lastName: "Newkid",
  });
  return { klass, zara, codeId: live.id };
}

const members = (classId: number) =>
  database.db
    .select({ studentId: classStudents.studentId, closeTo: classStudents.closeToStudentId })
    .from(classStudents)
    .where(eq(classStudents.classId, classId));

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

test("close means one or two letters from a listed name by the look-alike keys; short, same and far names are not close", () => {
  const listed = [
    { id: 1, firstName: "Zara", lastName: "Newkid" },
    { id: 2, firstName: "Alexandra", lastName: "Kowalczyk" },
    { id: 3, firstName: "Al", lastName: "Li" },
  ];
  expect(closestListedName(listed, "Zara", "Newkyd")?.id).toBe(1);
  expect(closestListedName(listed, "ZARA", "NEWKIDD")?.id).toBe(1);
  expect(closestListedName(listed, "Alexandra", "Kovalczik")?.id).toBe(2);
  expect(closestListedName(listed, "Zora", "Newkyd")).toBeNull();
  expect(closestListedName(listed, "Al", "Lu")).toBeNull();
  expect(closestListedName(listed, "Max", "Power")).toBeNull();
  expect(closestListedName([{ id: 4, firstName: "Mia", lastName: "Jensen 1" }], "Mia", "Jensen 2")).toBeNull();
});

test("the API asks 'Are you …?' with the listed spelling, joins nobody, and the question counts as a failed join", async () => {
  const { klass } = await classWith("CLOS-3467");
  const api = client("device-close-names-01");
  const asked = await refusal(api.join({ code: "clos 3467", firstName: "Zara", lastName: "Newkyd" }));
  expect(asked).toMatchObject({
    status: 409,
    code: "NAME_CLOSE_TO_LISTED",
    message: "Are you Zara Newkid?",
    suggestion: { firstName: "Zara", lastName: "Newkid" },
  });
  expect(await members(klass.id)).toHaveLength(1);
  const [deviceHits] = await database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, "student-join-failed:device:device-close-names-01"));
  expect(deviceHits.count).toBe(1);
  // Four more questions, and the device's guessing limit (5 in 10 minutes) is used up.
  for (let i = 0; i < 4; i++) await refusal(api.join({ code: "CLOS-3467", firstName: "Zara", lastName: "Newkyd" }));
  expect((await refusal(api.join({ code: "CLOS-3467", firstName: "Zara", lastName: "Newkyd" }))).status).toBe(429);
});

test("yes is the listed child by the class's rules: joined as them the first time, waiting for the teacher once claimed", async () => {
  const { klass, zara } = await classWith("CLOY-3467");
  const first = await client().join({ code: "CLOY-3467", firstName: "Zara", lastName: "Newkid" });
  expect(first.status).toBe("joined");
  expect(await members(klass.id)).toEqual([{ studentId: zara.id, closeTo: null }]);
  const again = await client().join({ code: "CLOY-3467", firstName: "Zara", lastName: "Newkid" });
  expect(again.status).toBe("waiting");
});

test("'I am new' joins by the class's rule, and the teacher sees the new name is close on the class home and the Students page", async () => {
  const { klass, zara } = await classWith("CLON-3467");
  const answer = await client().join({ code: "CLON-3467", firstName: "Zara", lastName: "Newkyd", newName: true });
  expect(answer.status).toBe("joined");
  const [newcomer] = (await members(klass.id)).filter((row) => row.studentId !== zara.id);
  expect(newcomer.closeTo).toBe(zara.id);

  const people = await getClassPeople(database.db, world.users.teacher, klass.id);
  const listed = people.students.find((student) => student.id === newcomer.studentId);
  expect(listed?.closeTo).toBe("Zara Newkid");
  expect(people.students.find((student) => student.id === zara.id)?.closeTo).toBeNull();
  const dashboard = await getClassDashboard(database.db, world.users.teacher, klass.id);
  expect(dashboard.closeNames).toEqual([
    {
      id: newcomer.studentId,
      firstName: "Zara",
      lastName: "Newkyd",
      closeToFirstName: "Zara",
      closeToLastName: "Newkid",
    },
  ]);
});

test("a far name joins at once without a question; a class that refuses new names does not ask", async () => {
  const { klass } = await classWith("CLOF-3467");
  expect((await client().join({ code: "CLOF-3467", firstName: "Max", lastName: "Power" })).status).toBe("joined");
  expect(await members(klass.id)).toHaveLength(2);
  await classWith("CLOR-3467", "refuse");
  const refused = await refusal(client().join({ code: "CLOR-3467", firstName: "Zara", lastName: "Newkyd" }));
  expect(refused.code).toBe("NAME_NOT_ON_LIST");
});

test("a class that holds new names asks too; 'I am new' waits, and the admitted student is marked close", async () => {
  const { klass, zara } = await classWith("CLOH-3467", "hold");
  const asked = await refusal(client().join({ code: "CLOH-3467", firstName: "Zara", lastName: "Newkyd" }));
  expect(asked.code).toBe("NAME_CLOSE_TO_LISTED");
  const answer = await client().join({ code: "CLOH-3467", firstName: "Zara", lastName: "Newkyd", newName: true });
  expect(answer.status).toBe("waiting");
  const [request] = await listWaitingJoinRequests(database.db, world.users.teacher, klass.id);
  await admitJoinRequest(database.db, world.users.teacher, { classId: klass.id, requestId: request.id });
  const [newcomer] = (await members(klass.id)).filter((row) => row.studentId !== zara.id);
  expect(newcomer.closeTo).toBe(zara.id);
});

test("a class code asks at most 60 questions an hour; past them a close name follows the rule unasked, still marked close", async () => {
  const { klass, zara, codeId } = await classWith("CLOL-3467");
  await database.db
    .insert(rateLimits)
    .values({ key: `student-join-close-name:code:${codeId}`, windowStart: new Date(), count: 60 });
  const answer = await client().join({ code: "CLOL-3467", firstName: "Zara", lastName: "Newkyd" });
  expect(answer.status).toBe("joined");
  const [newcomer] = (await members(klass.id)).filter((row) => row.studentId !== zara.id);
  expect(newcomer.closeTo).toBe(zara.id);
  const [row] = await database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `student-join-close-name:code:${codeId}`));
  expect(row.count).toBe(60);
});

test("/join asks with two plain forms: yes posts the listed name, 'I am new' the typed name with newName", async () => {
  const { klass, zara } = await classWith("CLOP-3467");
  const post = (form: Record<string, string>) =>
    callRoute(joinRoute, database, { method: "POST", path: "/join", form });
  const asked = await post({ code: "CLOP-3467", firstName: "Zara", lastName: "Newkyd", personalCode: "" });
  expect(asked.status).toBe(409);
  expect(await asked.json()).toMatchObject({
    question: { firstName: "Zara", lastName: "Newkid" },
    reply: { values: { firstName: "Zara", lastName: "Newkyd" } },
  });
  const isNew = await post({ code: "CLOP-3467", firstName: "Zara", lastName: "Newkyd", newName: "yes" });
  expect(isNew.headers.get("location")).toBe("/student");
  const rows = await members(klass.id);
  expect(rows).toHaveLength(2);
  expect(rows.find((row) => row.studentId !== zara.id)?.closeTo).toBe(zara.id);
});
