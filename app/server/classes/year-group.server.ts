/**
 * A class's year group (`classes.year_group`, free text such as "Year 5" or "4b"): the school's
 * survey views group classes by it (docs/product.md#over-time-and-across-classes). Set on the
 * admin's Edit Class form; blank means none.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.server";
import { classes } from "../db/schema.server";
import type { Actor } from "./class-scope.server";
import { getClass } from "./classes.server";

export const yearGroupSchema = z
  .string()
  .trim()
  .max(40, "A year group has at most 40 characters")
  .optional()
  .transform((value) => (value ? value : null));

/** The class's year group, if the class is in the actor's scope (else 404). */
export async function getClassYearGroup(db: Db, actor: Actor, classId: number): Promise<string | null> {
  await getClass(db, actor, classId);
  const [row] = await db.select({ yearGroup: classes.yearGroup }).from(classes).where(eq(classes.id, classId));
  return row?.yearGroup ?? null;
}

/**
 * Sets the year group (null: none). Not audited: it shows nothing new to anyone (the school's
 * views add up only classes shown on their own, whichever group a class is in).
 */
export async function setClassYearGroup(db: Db | Tx, actor: Actor, classId: number, yearGroup: string | null) {
  await getClass(db, actor, classId);
  await db.update(classes).set({ yearGroup, updatedAt: new Date() }).where(eq(classes.id, classId));
}
