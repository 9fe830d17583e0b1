/** delete-user for staff keeps the classes working: the teacher leaves class_teachers, never leaving a class without a teacher (ADR 112). */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { deleteOwnAccount } from "~/server/auth/accounts.server";
import { hashPassword } from "~/server/auth/password.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents, classes, classTeachers, credentials, sessions, users } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createClass, createSchool, createStudent, createUser } from "../support/fixtures";

let db: Db;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

test("a teacher deletes their account: refused while they alone teach a class; then sessions and credentials go, classes stay with their other teachers", async () => {
  const school = await createSchool(db);
  const leaving = await createUser(db, { schoolId: school.id });
  const colleague = await createUser(db, { schoolId: school.id });
  await db.insert(credentials).values({ userId: leaving.id, passwordHash: await hashPassword("Leaving-Pass-1") });
  await db
    .insert(sessions)
    .values({ id: `s-${leaving.id}`, userId: leaving.id, expiresAt: new Date(Date.now() + 3_600_000) });
  const alone = await createClass(db, { schoolId: school.id, teacherIds: [leaving.id] });
  const shared = await createClass(db, { schoolId: school.id, teacherIds: [leaving.id, colleague.id] });
  await createStudent(db, { schoolId: school.id, classId: alone.id });

  const actor = { id: leaving.id, name: leaving.name, schoolId: school.id };
  await expect(deleteOwnAccount(db, actor, "wrong")).rejects.toMatchObject({
    code: "BAD_REQUEST",
    fieldErrors: { password: [expect.stringContaining("password")] },
  });
  // The only teacher of a class cannot delete their account yet (ADR 112): nothing changes.
  await expect(deleteOwnAccount(db, actor, "Leaving-Pass-1")).rejects.toMatchObject({
    code: "CONFLICT",
    message: `You are the only teacher of "${alone.name}". Add another teacher to that class, or ask an administrator to archive it, before you delete your account.`,
  });
  expect(await db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(1);
  expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toHaveLength(1);

  await db.insert(classTeachers).values({ classId: alone.id, userId: colleague.id, role: "co-teacher" });
  const result = await deleteOwnAccount(db, actor, "Leaving-Pass-1");
  expect(result).toMatchObject({ classesKept: 2, classesWithoutTeacher: 0 });
  expect(result.message).toContain("2 classes stay, with their students, answers and other teachers");

  expect(await db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
  expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
  expect(await db.select().from(credentials).where(eq(credentials.userId, leaving.id))).toEqual([]);
  expect(await db.select().from(classTeachers).where(eq(classTeachers.userId, leaving.id))).toEqual([]);
  expect((await db.select().from(classes).where(eq(classes.id, alone.id)))[0]).toMatchObject({ status: "active" });
  // The colleague keeps both classes and now owns them.
  for (const klass of [alone, shared]) {
    expect(
      (await db.select().from(classTeachers).where(eq(classTeachers.classId, klass.id))).map((t) => [t.userId, t.role]),
    ).toEqual([[colleague.id, "owner"]]);
  }
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, String(leaving.id)));
  expect(event).toMatchObject({ action: "user.delete", details: { classesKept: 2, classesWithoutTeacher: 0 } });
});
