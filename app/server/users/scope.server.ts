/**
 * Which staff records an admin may see: a platform admin (role admin, no
 * school) every user; a school admin the users of their own school. Anyone
 * else sees none. A record outside the scope does not exist (404, never 403).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import { users } from "../db/schema.server";
import { notFound } from "../errors.server";

/** A SQL condition on `users` keeping only the records in the actor's scope. */
export function staffScopeCondition(actor: Actor): SQL | undefined {
  if (isPlatformAdmin(actor)) return undefined;
  if (actor.role === "admin" && actor.schoolId !== null) return eq(users.schoolId, actor.schoolId);
  return sql`false`;
}

/** Admin screens and the admin API: anyone else gets NOT_FOUND. */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw notFound();
}

/** The schools an admin may act in: all for a platform admin, else their own. */
export function schoolInScope(actor: Actor, schoolId: number | null): boolean {
  if (isPlatformAdmin(actor)) return true;
  return actor.role === "admin" && schoolId !== null && schoolId === actor.schoolId;
}
