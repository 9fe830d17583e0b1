/**
 * The /admin index: counts for the admin's scope and the recent activity
 * from the audit log (who, what, target, when).
 */
import { type SQL, sql } from "drizzle-orm";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { assignments, classes, responses, schools, students, users } from "../db/schema.server";
import { assertAdmin } from "../users/scope.server";
import { selectAuditEventsInScope } from "./audit-log.server";

export interface AdminCounts {
  schools: number;
  staff: number;
  archivedStaff: number;
  classes: number;
  students: number;
  responses: number;
}

export async function getAdminCounts(db: Db, actor: Actor): Promise<AdminCounts> {
  assertAdmin(actor);
  const platform = isPlatformAdmin(actor);
  const schoolId = actor.schoolId ?? -1;
  const inSchool = (column: SQL) => (platform ? sql`true` : sql`${column} = ${schoolId}`);
  const [row] = await db
    .select({
      schools: sql<number>`(select count(*)::int from ${schools} where ${inSchool(sql`${schools.id}`)} and ${schools.status} = 'active')`,
      staff: sql<number>`(select count(*)::int from ${users} where ${inSchool(sql`${users.schoolId}`)} and ${users.status} = 'active')`,
      archivedStaff: sql<number>`(select count(*)::int from ${users} where ${inSchool(sql`${users.schoolId}`)} and ${users.status} = 'archived')`,
      classes: sql<number>`(select count(*)::int from ${classes} where ${inSchool(sql`${classes.schoolId}`)} and ${classes.status} = 'active')`,
      students: sql<number>`(select count(*)::int from ${students} where ${inSchool(sql`${students.schoolId}`)})`,
      responses: sql<number>`(select count(*)::int from ${responses} r join ${assignments} a on a.id = r.assignment_id
        join ${classes} c on c.id = a.class_id where ${inSchool(sql`c.school_id`)})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

function summarise(action: string, details: Record<string, unknown>): string | null {
  if (action === "user.bulk_create")
    return `${details.createdCount ?? 0} created, ${details.refusedCount ?? 0} refused`;
  if (typeof details.name === "string") return details.name;
  return null;
}

/** The newest audit events in scope: all for a platform admin, their school's for a school admin. */
export async function listRecentActivity(db: Db, actor: Actor, limit = 20) {
  assertAdmin(actor);
  const rows = await selectAuditEventsInScope(db, actor).limit(limit);
  // The admin home names the actor only: who acted by id and whether a student did are the audit log's.
  return rows.map(({ details, actorUserId: _id, byStudent: _student, ...row }) => ({
    ...row,
    summary: summarise(row.action, details),
  }));
}
export type ActivityItem = Awaited<ReturnType<typeof listRecentActivity>>[number];
