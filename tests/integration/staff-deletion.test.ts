/** Issue 12: delete-user for staff keeps the classes working (the teacher leaves class_teachers), and says so. */
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

test("a teacher deletes their account: sessions and credentials go, classes stay with their students, the confirmation says so", async () => {
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

  await expect(deleteOwnAccount(db, { id: leaving.id, schoolId: school.id }, "wrong")).rejects.toMatchObject({
    code: "BAD_REQUEST",
  });
  const result = await deleteOwnAccount(db, { id: leaving.id, schoolId: school.id }, "Leaving-Pass-1");
  expect(result).toMatchObject({ classesKept: 2, classesWithoutTeacher: 1 });
  expect(result.message).toContain(
    "2 classes stay, with their students and answers; you were removed as teacher, and 1 now has no teacher",
  );

  expect(await db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
  expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
  expect(await db.select().from(credentials).where(eq(credentials.userId, leaving.id))).toEqual([]);
  expect(await db.select().from(classTeachers).where(eq(classTeachers.userId, leaving.id))).toEqual([]);
  expect((await db.select().from(classes).where(eq(classes.id, alone.id)))[0]).toMatchObject({ status: "active" });
  expect(
    (await db.select().from(classTeachers).where(eq(classTeachers.classId, shared.id))).map((t) => t.userId),
  ).toEqual([colleague.id]);
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, String(leaving.id)));
  expect(event).toMatchObject({ action: "user.delete", details: { classesKept: 2, classesWithoutTeacher: 1 } });
});
