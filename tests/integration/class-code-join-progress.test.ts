/** The projector view's join progress: the live code and how many students joined with it, on a real database. */
import { beforeAll, expect, test } from "vitest";
import { generateClassCode, stopClassCode } from "~/server/class-codes/class-codes.server";
import { joinClass } from "~/server/class-codes/join.server";
import { getJoinProgress } from "~/server/class-codes/join-progress.server";
import type { Db } from "~/server/db/client.server";
import { DomainError } from "~/server/errors.server";
import { removeStudentFromClass } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassWorld, createStudent } from "../support/fixtures";

let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

/** A class of its own per test, taught by the world's teacher, so the counts never mix. */
async function freshClass(name: string) {
  return createClass(db, { schoolId: world.riverside.id, name, teacherIds: [world.users.teacher.id] });
}

function join(code: string, firstName: string, lastName: string) {
  return joinClass(db, { code, firstName, lastName, ip: "192.0.2.10", tokenKind: "app" });
}

test("a class without a code has no code and nobody joined", async () => {
  const klass = await freshClass("Progress none");
  expect(await getJoinProgress(db, world.actors.teacher, klass.id)).toEqual({
    class: { id: klass.id, name: "Progress none" },
    classCode: null,
    joinedCount: 0,
  });
});

test("each student who joins with the live code counts once, however often or however they type their name", async () => {
  const klass = await freshClass("Progress joins");
  const { code } = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
  expect((await getJoinProgress(db, world.actors.teacher, klass.id)).joinedCount).toBe(0);

  await join(code, "Ada", "Lovelace");
  await join(code.toLowerCase(), "Grace", "Hopper");
  expect((await getJoinProgress(db, world.actors.teacher, klass.id)).joinedCount).toBe(2);

  // The same name again, on another device and with other spacing: it waits for the teacher, and it is still two.
  expect((await join(` ${code} `, "ada", " LOVELACE ")).status).toBe("waiting");
  const progress = await getJoinProgress(db, world.actors.teacher, klass.id);
  expect(progress.joinedCount).toBe(2);
  expect(progress.classCode).toMatchObject({ code, expired: false });
});

test("a rostered student who joins counts; one added by the teacher without the code does not", async () => {
  const klass = await freshClass("Progress roster");
  await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName: "Rosa", lastName: "Parks" });
  await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName: "Alan", lastName: "Turing" });
  const { code } = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
  const joined = await join(code, "Rosa", "Parks");
  expect((await getJoinProgress(db, world.actors.teacher, klass.id)).joinedCount).toBe(1);

  // Taken off the class list: no longer counted.
  if (joined.status !== "joined") throw new Error("a first claim joins at once");
  await removeStudentFromClass(db, world.actors.teacher, klass.id, joined.studentId);
  expect((await getJoinProgress(db, world.actors.teacher, klass.id)).joinedCount).toBe(0);
});

test("a new code starts from zero, and a stopped code leaves no code", async () => {
  const klass = await freshClass("Progress replace");
  const first = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
  await join(first.code, "Mary", "Seacole");
  expect((await getJoinProgress(db, world.actors.teacher, klass.id)).joinedCount).toBe(1);

  const second = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
  const replaced = await getJoinProgress(db, world.actors.teacher, klass.id);
  expect(replaced.classCode?.code).toBe(second.code);
  expect(replaced.joinedCount).toBe(0);

  await stopClassCode(db, world.actors.teacher, { classId: klass.id });
  expect(await getJoinProgress(db, world.actors.teacher, klass.id)).toMatchObject({ classCode: null, joinedCount: 0 });
});

test("an expired code is shown as expired", async () => {
  const klass = await freshClass("Progress expired");
  const made = new Date("2026-01-01T08:00:00Z");
  await generateClassCode(db, world.actors.teacher, { classId: klass.id, expirationHours: 1 }, { now: made });
  const progress = await getJoinProgress(db, world.actors.teacher, klass.id, new Date("2026-01-01T09:00:01Z"));
  expect(progress.classCode?.expired).toBe(true);
});

test("the school admin and the platform admin see it; another teacher or another school gets NOT_FOUND", async () => {
  const klass = await freshClass("Progress scope");
  await generateClassCode(db, world.actors.teacher, { classId: klass.id });
  for (const actor of [world.actors.schoolAdmin, world.actors.platformAdmin]) {
    expect((await getJoinProgress(db, actor, klass.id)).class.name).toBe("Progress scope");
  }
  for (const actor of [world.actors.colleague, world.actors.otherTeacher, world.actors.otherAdmin]) {
    const refused = await getJoinProgress(db, actor, klass.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("NOT_FOUND");
  }
});
