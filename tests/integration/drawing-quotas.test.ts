/**
 * Drawing quotas (ADR 201): the bytes of drawings uploaded in the last 24
 * hours are capped per student, per class and per school. A full quota is a
 * 429 QUOTA_EXCEEDED { code, message } with Retry-After for the student API,
 * the same answer (and message) for the answering page's drawing pad, and
 * nothing is stored. Usage is filled by inserting drawings whose byte_size
 * says how much they weigh, so the test does not upload gigabytes.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import * as drawingsRoute from "~/routes/student/drawings";
import * as joinRoute from "~/routes/student/join";
import { joinClass } from "~/server/class-codes/join.server";
import { admitJoinRequest } from "~/server/class-codes/join-requests.server";
import type { Database } from "~/server/db/client.server";
import {
  classCodes,
  classes,
  classStudents,
  joinRequests,
  rateLimits,
  responseDrawings,
  schools,
  users,
} from "~/server/db/schema.server";
import { DRAWING_QUOTA_MESSAGES, DRAWING_QUOTAS } from "~/server/responses/drawings.server";
import { issueStudentToken } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassCode,
  createClassWorld,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { makePng } from "../support/png";
import { callRoute } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { createTestApp, routeContext } from "../support/test-app";

let database: Database;
let world: ClassWorld;
/** An active assignment with a drawing question ("sy-art") in each class. */
const active = { class5A: 0, class6: 0, hillClass: 0 };
type ClassName = keyof typeof active;
const DAY_MS = 24 * 60 * 60 * 1000;
const png = makePng(40, 30);
let surveyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
  const survey = await createSurvey(database.db, {
    fullSlug: "surveys/starting-the-school-year",
    title: "Starting the school year",
  });
  surveyId = survey.id;
  for (const name of Object.keys(active) as ClassName[]) {
    const assignment = await createAssignment(database.db, {
      classId: world[name].id,
      surveyId: survey.id,
      status: "active",
    });
    active[name] = assignment.id;
  }
});

const schoolOf = (name: ClassName) => (name === "hillClass" ? world.hillside.id : world.riverside.id);

/** A new student of one of the world's classes, with an app token. */
function newStudent(name: ClassName) {
  return studentOf(schoolOf(name), world[name].id, active[name]);
}

async function studentOf(schoolId: number, classId: number, assignmentId: number) {
  const student = await createStudent(database.db, { schoolId, classId });
  const token = await issueStudentToken(database.db, { studentId: student.id, classId, kind: "app" });
  const api = createStudentApiClient({
    baseUrl: "http://school.test",
    token,
    fetch: studentApiFetch(database),
    logError: () => {},
  });
  return { student, upload: () => api.uploadDrawing(assignmentId, "sy-art", png) };
}

/** Drawings that weigh `bytes` in all, uploaded `createdAt` by a student of the class. */
async function fill(
  name: ClassName,
  bytes: number,
  options: { studentId?: number; createdAt?: Date; unlisted?: boolean } = {},
) {
  const studentId =
    options.studentId ?? (await createStudent(database.db, { schoolId: schoolOf(name), classId: world[name].id })).id;
  if (options.unlisted) {
    // A student not on the class list (a made-up name that joined), as join.server.ts records one.
    await database.db
      .update(classStudents)
      .set({ unlisted: true })
      .where(and(eq(classStudents.classId, world[name].id), eq(classStudents.studentId, studentId)));
  }
  const ids: string[] = [];
  // byte_size is an integer column: at most 1 GiB a row here.
  for (let left = bytes, i = 0; left > 0; i++) {
    const size = Math.min(left, 1024 * 1024 * 1024);
    left -= size;
    const [row] = await database.db
      .insert(responseDrawings)
      .values({
        id: `fill-${name}-${studentId}-${Date.now()}-${i}`,
        assignmentId: active[name],
        studentId,
        fieldUid: "sy-art",
        png: new Uint8Array([1]),
        byteSize: size,
        width: 1,
        height: 1,
        sha256: "x",
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning({ id: responseDrawings.id });
    ids.push(row.id);
  }
  return {
    ids,
    /** Moves the filler out of the 24-hour window. */
    age: () =>
      database.db
        .update(responseDrawings)
        .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
        .where(inArray(responseDrawings.id, ids)),
  };
}

async function expectQuotaRefusal(upload: Promise<unknown>, message: string) {
  const error = await upload.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StudentApiHttpError);
  const refused = error as StudentApiHttpError;
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ code: "QUOTA_EXCEEDED", message });
  const retryAfter = Number(refused.headers.get("retry-after"));
  // The oldest counted drawing leaves the window within a day.
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
}

async function drawingsOf(studentId: number) {
  return database.db
    .select({ id: responseDrawings.id })
    .from(responseDrawings)
    .where(eq(responseDrawings.studentId, studentId));
}

test("a student's quota: refused with a clear message once the day's bytes are used, others unaffected, free again a day later", async () => {
  const full = await newStudent("class5A");
  const filler = await fill("class5A", DRAWING_QUOTAS.student - png.byteLength + 1, { studentId: full.student.id });
  await expectQuotaRefusal(full.upload(), DRAWING_QUOTA_MESSAGES.student);
  expect(await drawingsOf(full.student.id)).toHaveLength(filler.ids.length);

  const classmate = await newStudent("class5A");
  expect((await classmate.upload()).drawing.byteSize).toBe(png.byteLength);

  await filler.age();
  expect((await full.upload()).drawing.byteSize).toBe(png.byteLength);
});

test("a class's quota: every student of the class is refused, a class of the same school is not", async () => {
  const filler = await fill("class5A", DRAWING_QUOTAS.class - png.byteLength + 1);
  const student = await newStudent("class5A");
  await expectQuotaRefusal(student.upload(), DRAWING_QUOTA_MESSAGES.class);
  expect(await drawingsOf(student.student.id)).toEqual([]);

  const nextDoor = await newStudent("class6");
  expect((await nextDoor.upload()).drawing.byteSize).toBe(png.byteLength);

  await filler.age();
  expect((await student.upload()).drawing.byteSize).toBe(png.byteLength);
});

test("a school's quota: every class of the school is refused, another school is not", async () => {
  // Spread over both classes so that neither class's own quota is what refuses.
  const fillers = [
    await fill("class6", DRAWING_QUOTAS.school / 2),
    await fill("class5A", DRAWING_QUOTAS.school / 2 - png.byteLength + 1),
  ];
  expect(DRAWING_QUOTAS.school / 2).toBeGreaterThan(DRAWING_QUOTAS.class);
  // Both classes are over their own quota now; a third class of the school has sent nothing.
  const klass = await createClass(database.db, { schoolId: world.riverside.id, name: "4 Oak" });
  const assignment = await createAssignment(database.db, { classId: klass.id, surveyId, status: "active" });
  const third = await studentOf(world.riverside.id, klass.id, assignment.id);
  await expectQuotaRefusal(third.upload(), DRAWING_QUOTA_MESSAGES.school);
  expect(await drawingsOf(third.student.id)).toEqual([]);

  const otherSchool = await newStudent("hillClass");
  expect((await otherSchool.upload()).drawing.byteSize).toBe(png.byteLength);

  for (const filler of fillers) await filler.age();
  expect((await third.upload()).drawing.byteSize).toBe(png.byteLength);
});

test("two uploads racing for the last room in the class: exactly one is stored", async () => {
  // A class of its own, so the other tests' uploads do not count here.
  const klass = await createClass(database.db, { schoolId: world.riverside.id, name: "3 Birch" });
  const assignment = await createAssignment(database.db, { classId: klass.id, surveyId, status: "active" });
  const filler = await createStudent(database.db, { schoolId: world.riverside.id, classId: klass.id });
  await database.db.insert(responseDrawings).values({
    id: `fill-race-${klass.id}`,
    assignmentId: assignment.id,
    studentId: filler.id,
    fieldUid: "sy-art",
    png: new Uint8Array([1]),
    byteSize: DRAWING_QUOTAS.class - png.byteLength,
    width: 1,
    height: 1,
    sha256: "x",
  });
  const first = await studentOf(world.riverside.id, klass.id, assignment.id);
  const second = await studentOf(world.riverside.id, klass.id, assignment.id);
  const outcomes = await Promise.allSettled([first.upload(), second.upload()]);
  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
  const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
  expect((refused.reason as StudentApiHttpError).body).toMatchObject({ code: "QUOTA_EXCEEDED" });
  const stored = [...(await drawingsOf(first.student.id)), ...(await drawingsOf(second.student.id))];
  expect(stored).toHaveLength(1);
  await database.db
    .update(responseDrawings)
    .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
    .where(eq(responseDrawings.assignmentId, assignment.id));
});

test("the answering page's drawing pad gets the same refusal and message (the pad shows it)", async () => {
  await database.db
    .insert(classCodes)
    .values({ classId: world.class5A.id, code: "PADS-4821", expiresAt: new Date(Date.now() + DAY_MS) });
  const joined = await callRoute(joinRoute, database, {
    method: "POST",
    path: "/join",
    form: { code: "PADS-4821", firstName: "Pia", lastName: "Painter" },
  });
  expect(joined.status).toBe(302);
  const cookie = joined.headers
    .getSetCookie()
    .find((value) => value.startsWith("__student="))
    ?.split(";")[0];
  expect(cookie).toBeDefined();
  // Pia typed a name not on the list: her class's made-up students' share is what fills.
  const filler = await fill("class5A", DRAWING_QUOTAS.unlistedClass, { unlisted: true });
  const request = new Request(`http://localhost/student/assignments/${active.class5A}/drawings?fieldUid=sy-art`, {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "image/png", cookie: cookie as string },
    body: new Blob([png as Uint8Array<ArrayBuffer>]),
  });
  const app = await createTestApp(database);
  const response = (await (drawingsRoute.action as (args: unknown) => Promise<Response>)({
    request,
    context: routeContext(app),
    params: { assignmentId: String(active.class5A) },
  })) as Response;
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ code: "QUOTA_EXCEEDED", message: DRAWING_QUOTA_MESSAGES.class });
  expect(DRAWING_QUOTA_MESSAGES.class).toBe(
    "Your class has sent too many drawings today, so this drawing cannot be sent. You can still send your other answers, and draw again tomorrow.",
  );
  await filler.age();
});

/** A class of its own with an active drawing assignment and a live code that lets in new names. */
async function classWithCode(code: string) {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const assignment = await createAssignment(database.db, { classId: klass.id, surveyId, status: "active" });
  await createClassCode(database.db, { classId: klass.id, code });
  return { klass, assignment };
}

/** A device joining with the code under a name; its app client. */
async function joinAs(code: string, firstName: string, lastName: string, assignmentId: number) {
  const joined = await joinClass(database.db, { code, firstName, lastName, ip: "203.0.113.90", tokenKind: "app" });
  if (joined.status !== "joined") throw new Error("expected to join at once");
  const api = createStudentApiClient({
    baseUrl: "http://school.test",
    token: joined.token,
    fetch: studentApiFetch(database),
    logError: () => {},
  });
  return { studentId: joined.studentId, upload: () => api.uploadDrawing(assignmentId, "sy-art", png) };
}

async function unlistedIn(classId: number, studentId: number) {
  const [row] = await database.db
    .select({ unlisted: classStudents.unlisted })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)));
  return row?.unlisted;
}

test("made-up students share 40 MB a day of their own in a class: past it they are refused, the rostered children still upload", async () => {
  const { klass, assignment } = await classWithCode("DRAW-2345-MADE");
  const rostered = await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Rita",
    lastName: "Listed",
  });
  const flooder = await joinAs("DRAW-2345-MADE", "Made", "Up", assignment.id);
  const nextFlooder = await joinAs("DRAW-2345-MADE", "Made", "Up Two", assignment.id);
  const rita = await joinAs("DRAW-2345-MADE", "Rita", "Listed", assignment.id);
  expect(await unlistedIn(klass.id, flooder.studentId)).toBe(true);
  expect(await unlistedIn(klass.id, rostered.id)).toBe(false);
  expect(rita.studentId).toBe(rostered.id);
  // The made-up students' day: their share, less than one drawing left.
  const filled = await database.db
    .insert(responseDrawings)
    .values({
      id: `fill-made-up-${klass.id}`,
      assignmentId: assignment.id,
      studentId: flooder.studentId,
      fieldUid: "sy-art",
      png: new Uint8Array([1]),
      byteSize: DRAWING_QUOTAS.unlistedClass - png.byteLength + 1,
      width: 1,
      height: 1,
      sha256: "x",
    })
    .returning({ id: responseDrawings.id });
  await expectQuotaRefusal(nextFlooder.upload(), DRAWING_QUOTA_MESSAGES.unlistedClass);
  expect(await drawingsOf(nextFlooder.studentId)).toEqual([]);
  // The rostered child is not held by it: the made-up students' bytes are not in the class's own quota.
  expect((await rita.upload()).drawing.byteSize).toBe(png.byteLength);
  expect(DRAWING_QUOTAS.unlistedClass).toBeLessThan(DRAWING_QUOTAS.class);
  await database.db
    .update(responseDrawings)
    .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
    .where(inArray(responseDrawings.id, [filled[0].id]));
});

test("made-up students of a school share 400 MB a day; listed students of the school are not held by it", async () => {
  const filler = await fill("class6", DRAWING_QUOTAS.unlistedSchool - png.byteLength + 1, { unlisted: true });
  const { klass, assignment } = await classWithCode("DRAW-2345-SCHL");
  await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Lee",
    lastName: "Listed",
  });
  const madeUp = await joinAs("DRAW-2345-SCHL", "Newt", "Name", assignment.id);
  await expectQuotaRefusal(madeUp.upload(), DRAWING_QUOTA_MESSAGES.unlistedSchool);
  const listed = await joinAs("DRAW-2345-SCHL", "Lee", "Listed", assignment.id);
  expect((await listed.upload()).drawing.byteSize).toBe(png.byteLength);
  await filler.age();
  expect((await madeUp.upload()).drawing.byteSize).toBe(png.byteLength);
});

test("a new name the teacher admits is not on the list either", async () => {
  const { klass } = await classWithCode("DRAW-2345-HELD");
  await database.db.update(classes).set({ newNames: "hold" }).where(eq(classes.id, klass.id));
  const waiting = await joinClass(database.db, {
    code: "DRAW-2345-HELD",
    firstName: "Held",
    lastName: "Name",
    ip: "203.0.113.91",
    tokenKind: "app",
  });
  expect(waiting.status).toBe("waiting");
  const [request] = await database.db.select().from(joinRequests).where(eq(joinRequests.classId, klass.id));
  const admitted = await admitJoinRequest(database.db, world.users.teacher, {
    classId: klass.id,
    requestId: request.id,
  });
  expect(admitted.newStudent).toBe(true);
  expect(await unlistedIn(klass.id, admitted.studentId as number)).toBe(true);
});

test("a self-signed-up school whose staff has confirmed no e-mail shares 20 MB a day; confirmed, it has a school's quota (issue #35)", async () => {
  const school = await createSchool(database.db, { name: `Signed up ${Date.now()}` });
  await database.db.update(schools).set({ selfSignedUp: true }).where(eq(schools.id, school.id));
  const teacher = await createUser(database.db, { schoolId: school.id });
  await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, teacher.id));
  const klass = await createClass(database.db, { schoolId: school.id, teacherIds: [teacher.id] });
  const assignment = await createAssignment(database.db, { classId: klass.id, surveyId, status: "active" });
  const first = await studentOf(school.id, klass.id, assignment.id);
  expect((await first.upload()).drawing.byteSize).toBe(png.byteLength);
  await database.db.insert(responseDrawings).values({
    id: `fill-unconfirmed-${school.id}`,
    assignmentId: assignment.id,
    studentId: first.student.id,
    fieldUid: "sy-art",
    png: new Uint8Array([1]),
    byteSize: DRAWING_QUOTAS.unconfirmedSchool - 2 * png.byteLength + 1,
    width: 1,
    height: 1,
    sha256: "x",
  });
  // Far below a student's own quota, but the unconfirmed school's is used up.
  const second = await studentOf(school.id, klass.id, assignment.id);
  await expectQuotaRefusal(second.upload(), DRAWING_QUOTA_MESSAGES.unconfirmedSchool);
  expect(await drawingsOf(second.student.id)).toEqual([]);
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, teacher.id));
  expect((await second.upload()).drawing.byteSize).toBe(png.byteLength);
});

test("the deployment's day of drawings: of 60 uploads at once from many schools' students, exactly the room left is stored (issue #35)", async () => {
  const kib = Math.ceil(png.byteLength / 1024);
  const limit = DRAWING_QUOTAS.deployment / 1024;
  await database.db
    .insert(rateLimits)
    .values({ key: "drawings:deployment:kib", windowStart: new Date(), count: limit - 10 * kib })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: new Date(), count: limit - 10 * kib } });
  const uploaders = [];
  for (let i = 0; i < 60; i++) {
    const school = await createSchool(database.db);
    const klass = await createClass(database.db, { schoolId: school.id });
    const assignment = await createAssignment(database.db, { classId: klass.id, surveyId, status: "active" });
    uploaders.push(await studentOf(school.id, klass.id, assignment.id));
  }
  const outcomes = await Promise.allSettled(uploaders.map((uploader) => uploader.upload()));
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
  const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
  expect((refused.reason as StudentApiHttpError).body).toEqual({
    code: "QUOTA_EXCEEDED",
    message: DRAWING_QUOTA_MESSAGES.deployment,
  });
  const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, "drawings:deployment:kib"));
  // Refused uploads gave their kilobytes back.
  expect(row.count).toBe(limit);
  await database.db.delete(rateLimits).where(eq(rateLimits.key, "drawings:deployment:kib"));
}, 120_000);
