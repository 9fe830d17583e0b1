/**
 * Student identity, the teacher's side (docs/product.md#student-identity), on a
 * real database: personal codes, join rules and the waiting join requests a
 * teacher admits or refuses.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { isPersonalCode } from "~/lib/personal-code";
import { joinRulesSchema } from "~/lib/schemas/classroom";
import {
  admitJoinRequest,
  listWaitingJoinRequests,
  refuseJoinRequest,
} from "~/server/class-codes/join-requests.server";
import { setClassJoinRules } from "~/server/classes/join-rules.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents, classes, classStudents, joinRequests, students } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { ensurePersonalCodes, regeneratePersonalCode } from "~/server/students/personal-codes.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassWorld, createJoinRequest, createStudent } from "../support/fixtures";

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
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

async function classWithStudents(names: [string, string][]) {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const roster = [];
  for (const [firstName, lastName] of names) {
    roster.push(await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName, lastName }));
  }
  return { klass, roster };
}

const codesOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await db.select({ id: students.id, code: students.personalCode }).from(students).where(inArray(students.id, ids))
    ).map((row) => [row.id, row.code]),
  );

test("making codes gives every student on the list a code, once, and audits without the codes", async () => {
  const { klass, roster } = await classWithStudents([
    ["Felix", "Costa"],
    ["Mia", "Neu"],
    ["Ada", "Lovelace"],
  ]);
  const ids = roster.map((s) => s.id);
  expect(await ensurePersonalCodes(db, world.actors.teacher, klass.id)).toEqual({ given: 3 });
  const first = await codesOf(ids);
  expect(Object.values(first).every((code) => code !== null && isPersonalCode(code))).toBe(true);
  expect(new Set(Object.values(first)).size).toBe(3);

  // Idempotent: nothing changes the second time, and no second event.
  expect(await ensurePersonalCodes(db, world.actors.teacher, klass.id)).toEqual({ given: 0 });
  expect(await codesOf(ids)).toEqual(first);

  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "student.personal_codes.ensure"), eq(auditEvents.targetId, String(klass.id))));
  expect(events).toHaveLength(1);
  expect(events[0].details).toEqual({ given: 3 });
  for (const code of Object.values(first)) expect(JSON.stringify(events[0].details)).not.toContain(code);
});

test("a code already used in the school is drawn again, never given twice", async () => {
  const { klass: first, roster: a } = await classWithStudents([["Ben", "Brennan"]]);
  const { klass: second, roster: b } = await classWithStudents([["Chloe", "Costa"]]);
  await ensurePersonalCodes(db, world.actors.teacher, first.id, { generate: () => "KMR-394" });
  // The generator offers the taken code first, then a free one.
  const offers = ["KMR-394", "KMR-394", "TWX-777"];
  await ensurePersonalCodes(db, world.actors.teacher, second.id, { generate: () => offers.shift() ?? "ACD-333" });
  expect(await codesOf([a[0].id, b[0].id])).toEqual({ [a[0].id]: "KMR-394", [b[0].id]: "TWX-777" });
});

test("another school may use the same code", async () => {
  const klass = await createClass(db, { schoolId: world.hillside.id, teacherIds: [world.users.otherTeacher.id] });
  const child = await createStudent(db, { schoolId: world.hillside.id, classId: klass.id });
  await ensurePersonalCodes(db, world.actors.otherTeacher, klass.id, { generate: () => "KMR-394" });
  expect(await codesOf([child.id])).toEqual({ [child.id]: "KMR-394" });
});

test("a new code replaces the old one, and the audit names the student but not the code", async () => {
  const { klass, roster } = await classWithStudents([["Dmitri", "Dubois"]]);
  await ensurePersonalCodes(db, world.actors.teacher, klass.id);
  const before = (await codesOf([roster[0].id]))[roster[0].id];
  const result = await regeneratePersonalCode(db, world.actors.teacher, { classId: klass.id, studentId: roster[0].id });
  expect(result.firstName).toBe("Dmitri");
  expect(isPersonalCode(result.personalCode)).toBe(true);
  expect(result.personalCode).not.toBe(before);
  expect(await codesOf([roster[0].id])).toEqual({ [roster[0].id]: result.personalCode });
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, "student.personal_code.regenerate"), eq(auditEvents.targetId, String(roster[0].id))),
    );
  expect(event.details).toEqual({ classId: klass.id });
});

test("codes of another teacher's class, or of a student not in the class, are not found", async () => {
  const { klass, roster } = await classWithStudents([["Ella", "Evans"]]);
  const other = await createStudent(db, { schoolId: world.riverside.id, classId: world.class6.id });
  for (const actor of [world.actors.colleague, world.actors.otherAdmin, world.actors.otherTeacher]) {
    expect(await codeOf(ensurePersonalCodes(db, actor, klass.id))).toBe("NOT_FOUND: Class not found");
    expect(await codeOf(regeneratePersonalCode(db, actor, { classId: klass.id, studentId: roster[0].id }))).toMatch(
      /^NOT_FOUND/,
    );
  }
  expect(
    await codeOf(regeneratePersonalCode(db, world.actors.teacher, { classId: klass.id, studentId: other.id })),
  ).toBe("NOT_FOUND: Student not found in this class");
  // The school's admin and the platform admin may.
  expect(await codeOf(ensurePersonalCodes(db, world.actors.schoolAdmin, klass.id))).toBe("OK");
  expect(
    await codeOf(
      regeneratePersonalCode(db, world.actors.platformAdmin, { classId: klass.id, studentId: roster[0].id }),
    ),
  ).toBe("OK");
  expect(await codesOf([other.id])).toEqual({ [other.id]: null });
});

test("switching to personal codes gives the whole list codes; the rules are stored and audited", async () => {
  const { klass, roster } = await classWithStudents([
    ["Finn", "Fischer"],
    ["Grace", "Garcia"],
  ]);
  const rules = await setClassJoinRules(db, world.actors.teacher, {
    classId: klass.id,
    joinMode: "personal-code",
    newNames: "hold",
  });
  expect(rules).toEqual({ joinMode: "personal-code", newNames: "hold", codesGiven: 2 });
  const [row] = await db
    .select({ joinMode: classes.joinMode, newNames: classes.newNames })
    .from(classes)
    .where(eq(classes.id, klass.id));
  expect(row).toEqual({ joinMode: "personal-code", newNames: "hold" });
  expect(Object.values(await codesOf(roster.map((s) => s.id))).every((code) => code !== null)).toBe(true);

  // Back to names: the codes stay (printed cards keep working if the class switches again).
  expect(
    await setClassJoinRules(db, world.actors.teacher, { classId: klass.id, joinMode: "name", newNames: "refuse" }),
  ).toEqual({ joinMode: "name", newNames: "refuse", codesGiven: 0 });
  const events = await db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "class.join_rules"), eq(auditEvents.targetId, String(klass.id))));
  expect(events.map((e) => e.details)).toEqual(
    expect.arrayContaining([
      {
        from: { joinMode: "name", newNames: "allow" },
        to: { joinMode: "personal-code", newNames: "hold" },
        codesGiven: 2,
      },
    ]),
  );
  expect(await codeOf(setClassJoinRules(db, world.actors.colleague, { classId: klass.id, ...rules }))).toBe(
    "NOT_FOUND: Class not found",
  );
});

test("the join rules' schema takes only the known choices", () => {
  expect(joinRulesSchema.safeParse({ joinMode: "personal-code", newNames: "hold" }).success).toBe(true);
  const bad = joinRulesSchema.safeParse({ joinMode: "qr", newNames: "" });
  expect(bad.success).toBe(false);
  expect(bad.error!.issues.map((issue) => issue.message)).toEqual([
    "Choose how children join",
    "Choose what happens to names not on the list",
  ]);
});

test("waiting requests: only waiting and unexpired ones, newest first, with the roster's name", async () => {
  const { klass, roster } = await classWithStudents([["Felix", "Costa"]]);
  const older = await createJoinRequest(db, {
    classId: klass.id,
    studentId: roster[0].id,
    firstName: "felix",
    lastName: "COSTA",
    createdAt: new Date(Date.now() - 60_000),
  });
  const newer = await createJoinRequest(db, { classId: klass.id, firstName: "Mia", lastName: "Neu" });
  await createJoinRequest(db, {
    classId: klass.id,
    firstName: "Old",
    lastName: "Request",
    expiresAt: new Date(Date.now() - 1000),
  });
  const decided = await createJoinRequest(db, { classId: klass.id, firstName: "Done", lastName: "Already" });
  await db.update(joinRequests).set({ status: "refused" }).where(eq(joinRequests.id, decided.id));

  const waiting = await listWaitingJoinRequests(db, world.actors.teacher, klass.id);
  expect(waiting.map((r) => r.id)).toEqual([newer.id, older.id]);
  expect(waiting[1]).toMatchObject({
    firstName: "felix",
    lastName: "COSTA",
    rosterFirstName: "Felix",
    rosterLastName: "Costa",
  });
  expect(waiting[0]).toMatchObject({ studentId: null, rosterFirstName: null });
  expect(await codeOf(listWaitingJoinRequests(db, world.actors.colleague, klass.id))).toBe(
    "NOT_FOUND: Class not found",
  );
});

test("admitting a rostered child's device: admitted, decided by the teacher, audited; a second admit says so", async () => {
  const { klass, roster } = await classWithStudents([["Felix", "Costa"]]);
  const request = await createJoinRequest(db, {
    classId: klass.id,
    studentId: roster[0].id,
    firstName: "Felix",
    lastName: "Costa",
  });
  const decision = await admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id });
  expect(decision).toEqual({ name: "Felix Costa", studentId: roster[0].id, newStudent: false });
  const [row] = await db.select().from(joinRequests).where(eq(joinRequests.id, request.id));
  expect(row).toMatchObject({ status: "admitted", studentId: roster[0].id, decidedByUserId: world.users.teacher.id });
  expect(row.decidedAt).toBeInstanceOf(Date);
  const events = await db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "join_request.admit"), eq(auditEvents.targetId, String(roster[0].id))));
  expect(events).toEqual([{ details: { classId: klass.id, requestId: request.id, newStudent: false } }]);

  expect(await codeOf(admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id }))).toBe(
    "CONFLICT: Felix Costa was already let in.",
  );
  expect(await codeOf(refuseJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id }))).toBe(
    "CONFLICT: Felix Costa was already let in.",
  );
});

test("admitting a new name held by the class puts a new student on the list first", async () => {
  const { klass } = await classWithStudents([["Hamza", "Hughes"]]);
  const request = await createJoinRequest(db, { classId: klass.id, firstName: " Mia ", lastName: "Neu" });
  const decision = await admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id });
  expect(decision.newStudent).toBe(true);
  expect(decision.name).toBe("Mia Neu");
  const [created] = await db.select().from(students).where(eq(students.id, decision.studentId!));
  expect(created).toMatchObject({ firstName: "Mia", lastName: "Neu", schoolId: world.riverside.id });
  const members = await db
    .select()
    .from(classStudents)
    .where(and(eq(classStudents.classId, klass.id), eq(classStudents.studentId, created.id)));
  expect(members).toHaveLength(1);
  const [row] = await db.select().from(joinRequests).where(eq(joinRequests.id, request.id));
  expect(row).toMatchObject({ status: "admitted", studentId: created.id });

  // A second device held under the same name joins the same student, not a twin.
  const again = await createJoinRequest(db, { classId: klass.id, firstName: "mia", lastName: "NEU" });
  const second = await admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: again.id });
  expect(second).toEqual({ name: "Mia Neu", studentId: created.id, newStudent: false });
});

test("refusing: refused, nobody added; expired, unknown and other classes' requests are refused clearly", async () => {
  const { klass } = await classWithStudents([["Isla", "Ivanova"]]);
  const request = await createJoinRequest(db, { classId: klass.id, firstName: "Imposter", lastName: "Person" });
  expect(await refuseJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id })).toEqual({
    name: "Imposter Person",
    studentId: null,
    newStudent: false,
  });
  const [row] = await db.select().from(joinRequests).where(eq(joinRequests.id, request.id));
  expect(row).toMatchObject({ status: "refused", studentId: null, decidedByUserId: world.users.teacher.id });
  expect(await db.select().from(students).where(eq(students.firstName, "Imposter"))).toEqual([]);
  expect(await codeOf(admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id }))).toBe(
    "CONFLICT: Imposter Person was already refused.",
  );

  const expired = await createJoinRequest(db, {
    classId: klass.id,
    firstName: "Late",
    lastName: "Comer",
    expiresAt: new Date(Date.now() - 1000),
  });
  expect(await codeOf(admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: expired.id }))).toBe(
    "CONFLICT: Late Comer's request to join has expired. They can ask again.",
  );
  const [stillWaiting] = await db.select().from(joinRequests).where(eq(joinRequests.id, expired.id));
  expect(stillWaiting.status).toBe("waiting");

  const elsewhere = await createJoinRequest(db, { classId: world.class6.id, firstName: "Not", lastName: "Mine" });
  expect(await codeOf(admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: elsewhere.id }))).toBe(
    "NOT_FOUND: This request to join was not found.",
  );
  expect(
    await codeOf(refuseJoinRequest(db, world.actors.teacher, { classId: world.class6.id, requestId: elsewhere.id })),
  ).toBe("NOT_FOUND: Class not found");
  expect(
    await codeOf(admitJoinRequest(db, world.actors.schoolAdmin, { classId: world.class6.id, requestId: elsewhere.id })),
  ).toBe("OK");
});

test("a rostered child taken off the list meanwhile cannot be let in", async () => {
  const { klass, roster } = await classWithStudents([["Jonah", "Jensen"]]);
  const request = await createJoinRequest(db, {
    classId: klass.id,
    studentId: roster[0].id,
    firstName: "Jonah",
    lastName: "Jensen",
  });
  await db.delete(classStudents).where(eq(classStudents.studentId, roster[0].id));
  expect(await codeOf(admitJoinRequest(db, world.actors.teacher, { classId: klass.id, requestId: request.id }))).toBe(
    "CONFLICT: Jonah Jensen is no longer on the class list, so they cannot be let in.",
  );
  const [row] = await db.select().from(joinRequests).where(eq(joinRequests.id, request.id));
  expect(row.status).toBe("waiting");
});
