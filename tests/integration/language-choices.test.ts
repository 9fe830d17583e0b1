/** Language choices (issue #28): a staff member's own, a school's default, a class's; who may set them, the audit, bad values. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Db } from "~/server/db/client.server";
import { auditEvents, classes, schools, users } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { setClassLanguage, setOwnLanguage, setSchoolLanguage } from "~/server/users/language-choice.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClassWorld } from "../support/fixtures";

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

async function auditsOf(action: string, targetId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .then((rows) => rows.filter((row) => row.targetId === String(targetId)));
}

async function userLocale(id: number) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row.locale;
}
async function schoolLocale(id: number) {
  const [row] = await db.select({ locale: schools.locale }).from(schools).where(eq(schools.id, id));
  return row.locale;
}
async function classLocale(id: number) {
  const [row] = await db.select({ locale: classes.locale }).from(classes).where(eq(classes.id, id));
  return row.locale;
}

describe("a staff member's own language", () => {
  test("is saved on their account and audited with the old and new values; empty goes back to the default", async () => {
    const teacher = world.actors.teacher;
    await setOwnLanguage(db, teacher, "de");
    expect(await userLocale(teacher.id)).toBe("de");
    await setOwnLanguage(db, teacher, "");
    expect(await userLocale(teacher.id)).toBeNull();
    const audits = await auditsOf("user.language", teacher.id);
    expect(audits.map((row) => row.details)).toEqual([
      { from: null, to: "de" },
      { from: "de", to: null },
    ]);
    expect(audits[0].actorUserId).toBe(teacher.id);
  });

  test("saving the same language again writes no audit event", async () => {
    const admin = world.actors.schoolAdmin;
    await setOwnLanguage(db, admin, "fr");
    await setOwnLanguage(db, admin, "fr");
    expect(await auditsOf("user.language", admin.id)).toHaveLength(1);
  });

  test("a language outside the list is a VALIDATION error and changes nothing", async () => {
    const colleague = world.actors.colleague;
    await setOwnLanguage(db, colleague, "pl");
    for (const bad of ["xx", "EN", "de-DE", "../de", "en\u0000"]) {
      expect(await codeOf(setOwnLanguage(db, colleague, bad))).toBe("VALIDATION");
    }
    expect(await userLocale(colleague.id)).toBe("pl");
  });
});

describe("a school's default language", () => {
  test("its own admin and the platform admin set it, audited on the school", async () => {
    await setSchoolLanguage(db, world.actors.schoolAdmin, world.riverside.id, "es");
    expect(await schoolLocale(world.riverside.id)).toBe("es");
    await setSchoolLanguage(db, world.actors.platformAdmin, world.riverside.id, "ar");
    expect(await schoolLocale(world.riverside.id)).toBe("ar");
    const audits = await auditsOf("school.language", world.riverside.id);
    expect(audits.map((row) => [row.actorUserId, row.schoolId, row.details])).toEqual([
      [world.users.schoolAdmin.id, world.riverside.id, { from: null, to: "es" }],
      [world.users.platformAdmin.id, world.riverside.id, { from: "es", to: "ar" }],
    ]);
  });

  test("a teacher, and another school's admin, get NOT_FOUND and change nothing", async () => {
    const before = await schoolLocale(world.riverside.id);
    expect(await codeOf(setSchoolLanguage(db, world.actors.teacher, world.riverside.id, "de"))).toBe("NOT_FOUND");
    expect(await codeOf(setSchoolLanguage(db, world.actors.otherAdmin, world.riverside.id, "de"))).toBe("NOT_FOUND");
    expect(await codeOf(setSchoolLanguage(db, world.actors.platformAdmin, 999_999, "de"))).toBe("NOT_FOUND");
    expect(await schoolLocale(world.riverside.id)).toBe(before);
  });

  test("a language outside the list is a VALIDATION error", async () => {
    expect(await codeOf(setSchoolLanguage(db, world.actors.otherAdmin, world.hillside.id, "klingon"))).toBe(
      "VALIDATION",
    );
    expect(await schoolLocale(world.hillside.id)).toBeNull();
  });
});

describe("a class's language", () => {
  test("the class's teacher sets it and clears it, audited on the class", async () => {
    await setClassLanguage(db, world.actors.teacher, { classId: world.class5A.id, locale: "de" });
    expect(await classLocale(world.class5A.id)).toBe("de");
    await setClassLanguage(db, world.actors.teacher, { classId: world.class5A.id, locale: null });
    expect(await classLocale(world.class5A.id)).toBeNull();
    const audits = await auditsOf("class.language", world.class5A.id);
    expect(audits.map((row) => [row.actorUserId, row.schoolId, row.details])).toEqual([
      [world.users.teacher.id, world.riverside.id, { from: null, to: "de" }],
      [world.users.teacher.id, world.riverside.id, { from: "de", to: null }],
    ]);
  });

  test("the school's admin may; another teacher of the school and another school's staff get NOT_FOUND", async () => {
    expect(
      await codeOf(setClassLanguage(db, world.actors.schoolAdmin, { classId: world.class6.id, locale: "fr" })),
    ).toBe("OK");
    for (const actor of [world.actors.colleague, world.actors.otherTeacher, world.actors.otherAdmin]) {
      expect(await codeOf(setClassLanguage(db, actor, { classId: world.class5A.id, locale: "fr" }))).toBe("NOT_FOUND");
    }
    expect(await classLocale(world.class5A.id)).toBeNull();
  });

  test("a language outside the list is a VALIDATION error", async () => {
    expect(await codeOf(setClassLanguage(db, world.actors.teacher, { classId: world.class5A.id, locale: "zz" }))).toBe(
      "VALIDATION",
    );
    expect(await classLocale(world.class5A.id)).toBeNull();
  });
});
