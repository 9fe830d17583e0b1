/**
 * The one check that a user is an active teacher of a given school: a class's
 * teacher (classes.server.ts) and a co-teacher (class-teachers.server.ts) must be.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { users } from "../db/schema.server";
import { notFound } from "../errors.server";

export async function requireSchoolTeacher(tx: Tx, schoolId: number, userId: number) {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.schoolId, schoolId), eq(users.role, "teacher"), eq(users.status, "active")),
    )
    .limit(1);
  // A user outside the school is not revealed either.
  if (!user) throw notFound("Teacher not found in this school");
  return user;
}
