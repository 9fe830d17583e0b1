/**
 * Whether an assignment is open, computed when it is read (issue #38): the status the teacher set by
 * hand and the schedule (opens_at, closes_at) against the time of the read. Nothing in memory and no
 * job decides it, so every instance, and an instance just restarted, says the same at the same moment.
 *
 * The rule, in order:
 * 1. closed by hand (status 'completed'): completed;
 * 2. the scheduled close has passed: completed (the specification's `completed`);
 * 3. started by hand (status 'active'): active;
 * 4. the scheduled opening has passed: active;
 * 5. otherwise: assigned (not started).
 * Starting by hand after a scheduled close clears the close (assignments.server.ts), so a reopen wins.
 *
 * `effectiveStatus` is the rule; `effectiveStatusSql` is the same rule for a WHERE clause or a column
 * that the database filters or pages on (effective-status.test.ts checks that both agree in every case).
 */
import { type AnyColumn, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AssignmentStatus } from "~/lib/statuses";

export interface ScheduleFields {
  status: AssignmentStatus;
  startedAt: Date | null;
  closedAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
}

function reached(at: Date | null, now: Date): at is Date {
  return at !== null && at.getTime() <= now.getTime();
}

/** The assignment's status at `now`: the one rule every screen, API, export and check reads. */
export function effectiveStatus(row: ScheduleFields, now: Date): AssignmentStatus {
  if (row.status === "completed") return "completed";
  if (reached(row.closesAt, now)) return "completed";
  if (row.status === "active") return "active";
  if (reached(row.opensAt, now)) return "active";
  return "assigned";
}

/**
 * The row as it stands at `now`: its effective status, when it started (by hand, else its scheduled
 * opening once passed) and when it closed (by hand, else its scheduled close once passed).
 */
export function atTime<T extends ScheduleFields>(row: T, now: Date): T {
  const status = effectiveStatus(row, now);
  const startedAt = row.startedAt ?? (status !== "assigned" && reached(row.opensAt, now) ? row.opensAt : null);
  const closedAt = status !== "completed" ? null : row.status === "completed" ? row.closedAt : row.closesAt;
  return { ...row, status, startedAt, closedAt };
}

/** The assignments table or an alias of it. */
interface AssignmentColumns {
  status: AnyColumn;
  opensAt: AnyColumn;
  closesAt: AnyColumn;
}

/**
 * effectiveStatus in SQL, for the database's filters and pages (the same order of rules). `now` may be
 * a placeholder of a prepared query, filled with the time as ISO 8601 text (`now.toISOString()`).
 */
export function effectiveStatusSql(table: AssignmentColumns, now: Date | Placeholder): SQL<AssignmentStatus> {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<AssignmentStatus>`(case
    when ${table.status} = 'completed' then 'completed'
    when ${table.closesAt} is not null and ${table.closesAt} <= ${at}::timestamptz then 'completed'
    when ${table.status} = 'active' then 'active'
    when ${table.opensAt} is not null and ${table.opensAt} <= ${at}::timestamptz then 'active'
    else 'assigned' end)`;
}

/** Open now (takes answers), in SQL. */
export function isOpenSql(table: AssignmentColumns, now: Date | Placeholder): SQL {
  return sql`${effectiveStatusSql(table, now)} = 'active'`;
}
