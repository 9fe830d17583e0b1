/** Classes, class teachers, the dashboard, presence and class codes: the domain rules, on a real database. */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  CODE_DIGITS,
  CODE_LETTERS,
  generateClassCode,
  getClassCode,
  newClassCode,
  stopClassCode,
} from "~/server/class-codes/class-codes.server";
import { getClassDashboard, listOnlineStudents } from "~/server/classes/class-dashboard.server";
import { addClassTeacher, listAddableTeachers, removeClassTeacher } from "~/server/classes/class-teachers.server";
import { createClass, getClass, listClasses, updateClass } from "~/server/classes/classes.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents, classCodes, classes, classTeachers } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createAssignment, createClassWorld, createStudent, createSurvey } from "../support/fixtures";

let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

async function lastAudit(action: string) {
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);
  return rows.at(-1);
}

describe("who sees a class", () => {
  test("the class's own teacher, the school admin and the platform admin see it", async () => {
    for (const actor of [world.actors.teacher, world.actors.schoolAdmin, world.actors.platformAdmin]) {
      expect((await getClass(db, actor, world.class5A.id)).name).toBe("5A Sunflowers");
    }
  });

  test("another teacher of the same school, and the other school's teacher and admin, get NOT_FOUND", async () => {
    for (const actor of [world.actors.colleague, world.actors.otherTeacher, world.actors.otherAdmin]) {
      expect(await codeOf(getClass(db, actor, world.class5A.id))).toBe("NOT_FOUND");
    }
  });

  test("listClasses gives a teacher their classes and a school admin the school's", async () => {
    const mine = await listClasses(db, world.actors.teacher);
    expect(mine.map((c) => c.name)).toEqual(["5A Sunflowers"]);
    const school = await listClasses(db, world.actors.schoolAdmin);
    expect(school.map((c) => c.name).sort()).toEqual(expect.arrayContaining(["5A Sunflowers", "6 Maple"]));
    expect(school.some((c) => c.name === "7 Cedar")).toBe(false);
  });
});

describe("creating and renaming a class", () => {
  test("a teacher creates a class in their school, becomes its owner, and it is audited", async () => {
    const created = await createClass(db, world.actors.teacher, { name: "Reading Club" });
    expect(created.schoolId).toBe(world.riverside.id);
    const owners = await db.select().from(classTeachers).where(eq(classTeachers.classId, created.id));
    expect(owners).toEqual([expect.objectContaining({ userId: world.users.teacher.id, role: "owner" })]);
    const event = await lastAudit("class.create");
    expect(event).toMatchObject({
      actorUserId: world.users.teacher.id,
      targetType: "class",
      targetId: String(created.id),
      schoolId: world.riverside.id,
    });
  });

  test("a teacher or school admin naming another school is refused, not given a class in their own", async () => {
    const before = (await db.select().from(classes)).length;
    for (const actor of [world.actors.teacher, world.actors.schoolAdmin]) {
      expect(await codeOf(createClass(db, actor, { name: "Sneaky", schoolId: world.hillside.id }))).toBe("NOT_FOUND");
    }
    expect((await db.select().from(classes)).length).toBe(before);
  });

  test("a platform admin must name the school; a school admin may name the owning teacher", async () => {
    expect(await codeOf(createClass(db, world.actors.platformAdmin, { name: "Nowhere" }))).toBe("VALIDATION");
    const byAdmin = await createClass(db, world.actors.schoolAdmin, {
      name: "Art",
      teacherId: world.users.colleague.id,
    });
    expect(await getClass(db, world.actors.colleague, byAdmin.id)).toMatchObject({ name: "Art" });
    expect(
      await codeOf(createClass(db, world.actors.schoolAdmin, { name: "X", teacherId: world.users.otherTeacher.id })),
    ).toBe("NOT_FOUND");
  });

  test("renaming is limited to the scope and records from and to", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Old name" });
    await updateClass(db, world.actors.teacher, klass.id, { name: "New name" });
    expect((await getClass(db, world.actors.teacher, klass.id)).name).toBe("New name");
    expect((await lastAudit("class.update"))?.details).toEqual({
      from: { name: "Old name" },
      to: { name: "New name" },
    });
    expect(await codeOf(updateClass(db, world.actors.otherAdmin, klass.id, { name: "Hacked" }))).toBe("NOT_FOUND");
  });
});

describe("class teachers", () => {
  test("a teacher adds a colleague of the same school, who then sees the class", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Shared" });
    expect((await listAddableTeachers(db, world.actors.teacher, klass.id)).map((u) => u.id)).toContain(
      world.users.spareTeacher.id,
    );
    const added = await addClassTeacher(db, world.actors.teacher, klass.id, world.users.spareTeacher.id);
    expect(added).toMatchObject({ id: world.users.spareTeacher.id, role: "co-teacher" });
    expect((await getClass(db, world.actors.spareTeacher, klass.id)).id).toBe(klass.id);
    expect(await codeOf(addClassTeacher(db, world.actors.teacher, klass.id, world.users.spareTeacher.id))).toBe(
      "CONFLICT",
    );
    expect((await lastAudit("class.teacher.add"))?.details).toEqual({ userId: world.users.spareTeacher.id });
  });

  test("a teacher of another school, or an admin, cannot be added", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Closed" });
    expect(await codeOf(addClassTeacher(db, world.actors.teacher, klass.id, world.users.otherTeacher.id))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(addClassTeacher(db, world.actors.teacher, klass.id, world.users.schoolAdmin.id))).toBe(
      "NOT_FOUND",
    );
  });

  test("the last teacher cannot be removed; a co-teacher can", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Pair" });
    expect(await codeOf(removeClassTeacher(db, world.actors.teacher, klass.id, world.users.teacher.id))).toBe(
      "CONFLICT",
    );
    await addClassTeacher(db, world.actors.teacher, klass.id, world.users.colleague.id);
    await removeClassTeacher(db, world.actors.teacher, klass.id, world.users.colleague.id);
    expect(await codeOf(getClass(db, world.actors.colleague, klass.id))).toBe("NOT_FOUND");
    expect(await codeOf(removeClassTeacher(db, world.actors.teacher, klass.id, world.users.colleague.id))).toBe(
      "NOT_FOUND",
    );
  });

  test("another school's admin cannot add teachers to the class", async () => {
    expect(
      await codeOf(addClassTeacher(db, world.actors.otherAdmin, world.class5A.id, world.users.spareTeacher.id)),
    ).toBe("NOT_FOUND");
  });
});

describe("presence and the dashboard", () => {
  test("online means seen within the last two minutes", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Presence" });
    const now = new Date();
    await createStudent(db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Fresh",
      lastSeenAt: new Date(now.getTime() - 30_000),
    });
    await createStudent(db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Stale",
      lastSeenAt: new Date(now.getTime() - 3 * 60_000),
    });
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName: "Never", lastSeenAt: null });
    const online = await listOnlineStudents(db, world.actors.teacher, klass.id, now);
    expect(online.map((s) => s.firstName)).toEqual(["Fresh"]);
  });

  test("the dashboard has the class, student count, online students, live code and active assignments with response counts", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Dash" });
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, lastSeenAt: new Date() });
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id });
    const activeSurvey = await createSurvey(db, { title: "Mood" });
    const idleSurvey = await createSurvey(db, { title: "Idle" });
    await createAssignment(db, { classId: klass.id, surveyId: activeSurvey.id, status: "active" });
    await createAssignment(db, { classId: klass.id, surveyId: idleSurvey.id, status: "assigned" });
    const code = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
    const dashboard = await getClassDashboard(db, world.actors.teacher, klass.id);
    // One query answers it all as JSON: dates must come back as the same Dates the other functions give.
    expect(dashboard.classCode).toEqual(await getClassCode(db, world.actors.teacher, klass.id));
    expect(dashboard.classCode?.expiresAt.getTime()).toBe(code.expiresAt.getTime());
    expect(dashboard.onlineStudents).toEqual(await listOnlineStudents(db, world.actors.teacher, klass.id));
    expect(dashboard.onlineStudents[0].lastSeenAt).toBeInstanceOf(Date);
    expect(dashboard.activeAssignments[0].startedAt).toBeInstanceOf(Date);
    expect(dashboard.activeAssignments[0].createdAt).toBeInstanceOf(Date);
    expect(dashboard.teachers).toEqual([
      { id: world.users.teacher.id, name: world.users.teacher.name, email: world.users.teacher.email, role: "owner" },
    ]);
    expect(dashboard.class).toMatchObject({ name: "Dash", schoolName: world.riverside.name });
    expect(dashboard.studentCount).toBe(2);
    expect(dashboard.onlineStudents).toHaveLength(1);
    expect(dashboard.classCode).toMatchObject({ joinedCount: 0, expired: false });
    expect(dashboard.activeAssignments).toEqual([
      expect.objectContaining({ surveyTitle: "Mood", status: "active", responseCount: 0 }),
    ]);
    expect(dashboard.teachers.map((t) => t.id)).toEqual([world.users.teacher.id]);
  });

  test("the dashboard (prepared per kind of scope) answers the class's teacher, its school's admin and the platform admin, and no one else", async () => {
    for (const actor of [world.actors.teacher, world.actors.schoolAdmin, world.actors.platformAdmin]) {
      expect((await getClassDashboard(db, actor, world.class5A.id)).class.name).toBe("5A Sunflowers");
    }
    for (const actor of [world.actors.colleague, world.actors.otherTeacher, world.actors.otherAdmin]) {
      expect(await codeOf(getClassDashboard(db, actor, world.class5A.id))).toBe("NOT_FOUND");
    }
  });
});

describe("class codes", () => {
  test("a code is four letters and four digits from an unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const code = newClassCode();
      expect(code).toMatch(new RegExp(`^[${CODE_LETTERS}]{4}-[${CODE_DIGITS}]{4}-[${CODE_LETTERS}]{4}$`));
    }
  });

  test("generating defaults to 87600 hours and replaces the live code in one go", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Codes" });
    const now = new Date("2026-01-01T00:00:00Z");
    const first = await generateClassCode(db, world.actors.teacher, { classId: klass.id }, { now });
    expect(first.expiresAt.getTime() - now.getTime()).toBe(87_600 * 3_600_000);
    const second = await generateClassCode(
      db,
      world.actors.teacher,
      { classId: klass.id, expirationHours: 24 },
      { now },
    );
    expect(second.expiresAt.getTime() - now.getTime()).toBe(24 * 3_600_000);
    const live = await db
      .select()
      .from(classCodes)
      .where(and(eq(classCodes.classId, klass.id), isNull(classCodes.stoppedAt)));
    expect(live.map((c) => c.code)).toEqual([second.code]);
    expect((await getClassCode(db, world.actors.teacher, klass.id))?.code).toBe(second.code);
    expect((await lastAudit("class_code.generate"))?.details).toMatchObject({
      code: second.code,
      expirationHours: 24,
      replaced: first.code,
    });
  });

  test("a code that another class holds live is retried with a new one", async () => {
    const a = await createClass(db, world.actors.teacher, { name: "Clash A" });
    const b = await createClass(db, world.actors.teacher, { name: "Clash B" });
    await generateClassCode(db, world.actors.teacher, { classId: a.id }, { generate: () => "TAKE-2222" });
    const codes = ["TAKE-2222", "FREE-3333"];
    const result = await generateClassCode(
      db,
      world.actors.teacher,
      { classId: b.id },
      { generate: () => codes.shift()! },
    );
    expect(result.code).toBe("FREE-3333");
  });

  test("joined counts the students who joined with the live code", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Joiners" });
    const code = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, joinedWithCodeId: code.id });
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id });
    expect((await getClassCode(db, world.actors.teacher, klass.id))?.joinedCount).toBe(1);
  });

  test("stopping stops the live code; stopping again is a clear no-op", async () => {
    const klass = await createClass(db, world.actors.teacher, { name: "Stopper" });
    const code = await generateClassCode(db, world.actors.teacher, { classId: klass.id });
    expect(await stopClassCode(db, world.actors.teacher, { classId: klass.id })).toMatchObject({
      stopped: true,
      code: code.code,
    });
    expect(await getClassCode(db, world.actors.teacher, klass.id)).toBeNull();
    const again = await stopClassCode(db, world.actors.teacher, { classId: klass.id });
    expect(again).toEqual({
      stopped: false,
      code: null,
      message: "This class has no live class code, so there was nothing to stop.",
    });
  });

  test("codes of another teacher's or school's class cannot be generated, stopped or read", async () => {
    for (const actor of [world.actors.colleague, world.actors.otherAdmin, world.actors.otherTeacher]) {
      expect(await codeOf(generateClassCode(db, actor, { classId: world.class5A.id }))).toBe("NOT_FOUND");
      expect(await codeOf(stopClassCode(db, actor, { classId: world.class5A.id }))).toBe("NOT_FOUND");
      expect(await codeOf(getClassCode(db, actor, world.class5A.id))).toBe("NOT_FOUND");
    }
    expect(await codeOf(generateClassCode(db, world.actors.schoolAdmin, { classId: world.class5A.id }))).toBe("OK");
  });
});
