/**
 * A self-signed-up school's name (issue 36): the teacher who signed up on
 * their own is its only staff member, and may rename it (it was named
 * "<Name>'s classes" in their language at sign-up). Only while the school is
 * still theirs alone: a school with other staff, a school that is not
 * self-signed-up, or an archived one is renamed by an admin as any other
 * (schools.server.ts renameSchool). Audited as school.rename.
 */
import { and, eq, ne } from "drizzle-orm";
import { schoolNameSchema } from "~/lib/schemas/admin";
import { recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { Db, Tx } from "../db/client.server";
import { schools, users } from "../db/schema.server";
import { conflict, forbidden } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";

export interface OwnSelfSchool {
  id: number;
  name: string;
}

/** The actor's own self-signed-up school when they may rename it (its only staff member, the school active); else null. */
export async function findOwnSelfSchool(db: Db | Tx, actor: Actor, lock = false): Promise<OwnSelfSchool | null> {
  if (actor.schoolId === null) return null;
  const query = db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, actor.schoolId), eq(schools.selfSignedUp, true), eq(schools.status, "active")));
  const [school] = lock ? await query.for("update") : await query;
  if (!school) return null;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, school.id), ne(users.id, actor.id)))
    .limit(1);
  return other ? null : school;
}

/** Renames the actor's own self-signed-up school; a name taken by another school is a conflict (409). */
export async function renameOwnSelfSchool(db: Db, actor: Actor, input: { name: string }): Promise<OwnSelfSchool> {
  const name = schoolNameSchema.parse(input.name);
  try {
    return await db.transaction(async (tx) => {
      const school = await findOwnSelfSchool(tx, actor, true);
      if (!school) throw forbidden("Only the teacher who signed up on their own can rename their school here.");
      if (school.name === name) return school;
      await tx.update(schools).set({ name, updatedAt: new Date() }).where(eq(schools.id, school.id));
      await recordAuditEvent(tx, actor, {
        action: "school.rename",
        targetType: "school",
        targetId: school.id,
        schoolId: school.id,
        details: { from: { name: school.name }, to: { name } },
      });
      return { id: school.id, name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw withSaying(conflict(""), (t) => t('A school called "{name}" already exists.', { name }));
    }
    throw error;
  }
}
