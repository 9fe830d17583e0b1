/**
 * Retention (docs/product.md#privacy): each school keeps responses and drawings for
 * `schools.retention_months` (default 24). This job deletes older ones and
 * records per school how many went, in the audit log. It runs at start and
 * daily; several instances may run it at the same moment: a transaction-level
 * advisory lock lets exactly one do the work, the others skip.
 * docs/decisions/070-students-privacy.md (retention)
 *
 * The same run deletes student tokens that expired more than
 * STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS ago (ADR 190): they work nowhere, and
 * the teacher's screens take "has joined" from the class roster, not from
 * tokens.
 *
 * It also deletes drawings no submitted answer names once they are
 * UNATTACHED_DRAWING_KEEP_MS old (ADR 201): an upload the student never sent
 * (or replaced by a new drawing) is of no use to anyone, and without this it
 * would stay for the whole retention period.
 */
import { lt, sql } from "drizzle-orm";
import { withdrawReleasesBefore } from "../assignments/releases.server";
import type { Db } from "../db/client.server";
import { selectRows } from "../db/json-rows.server";
import { auditEvents, schools, studentTokens } from "../db/schema.server";
import type { Logger } from "../logger.server";

/** An arbitrary, fixed 64-bit key for pg_try_advisory_xact_lock: "retention". */
export const RETENTION_LOCK_KEY = 7_212_003_001;
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** An expired student token is kept this long (for the student's data export and troubleshooting), then deleted. */
export const STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;
/** A drawing no response names is kept this long (time to send the answers), then deleted. */
export const UNATTACHED_DRAWING_KEEP_MS = 24 * 60 * 60 * 1000;

export interface RetentionSchoolResult {
  schoolId: number;
  retentionMonths: number;
  cutoff: string;
  responses: number;
  drawings: number;
}

export interface RetentionDone {
  ran: true;
  schools: RetentionSchoolResult[];
  /** How many long-expired student tokens were deleted. */
  studentTokens: number;
  /** How many drawings no response names were deleted (older than UNATTACHED_DRAWING_KEEP_MS). */
  unattachedDrawings: number;
}

export type RetentionRun = { ran: false } | RetentionDone;

/** Deletes what is past each school's retention period, as of `now`. */
export async function runRetention(db: Db, now: Date = new Date()): Promise<RetentionRun> {
  return db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return { ran: false } as const;
    const all = await tx.select({ id: schools.id, retentionMonths: schools.retentionMonths }).from(schools);
    const results: RetentionSchoolResult[] = [];
    for (const school of all) {
      const [{ cutoff }] = await selectRows<{ cutoff: string }>(
        tx,
        sql`select to_char((${now.toISOString()}::timestamptz - make_interval(months => ${school.retentionMonths})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as cutoff`,
      );
      const inSchool = sql`a.class_id in (select c.id from classes c where c.school_id = ${school.id})`;
      const drawings = await selectRows<{ id: string }>(
        tx,
        sql`delete from response_drawings d using assignments a
            where d.assignment_id = a.id and ${inSchool} and d.created_at < ${cutoff}::timestamptz
            returning d.id`,
      );
      const responses = await selectRows<{ id: number }>(
        tx,
        sql`delete from responses r using assignments a
            where r.assignment_id = a.id and ${inSchool} and r.submitted_at < ${cutoff}::timestamptz
            returning r.id`,
      );
      // Anonymous assignments' released answers go with the responses they copy (ADR 188).
      await withdrawReleasesBefore(tx, school.id, new Date(cutoff));
      if (responses.length === 0 && drawings.length === 0) continue;
      const result = {
        schoolId: school.id,
        retentionMonths: school.retentionMonths,
        cutoff,
        responses: responses.length,
        drawings: drawings.length,
      };
      results.push(result);
      await tx.insert(auditEvents).values({
        actorUserId: null,
        action: "retention.purge",
        targetType: "school",
        targetId: String(school.id),
        schoolId: school.id,
        details: {
          retentionMonths: school.retentionMonths,
          cutoff,
          responses: responses.length,
          drawings: drawings.length,
        },
        createdAt: now,
      });
    }
    const purgedTokens = await tx
      .delete(studentTokens)
      .where(lt(studentTokens.expiresAt, new Date(now.getTime() - STUDENT_TOKEN_KEEP_AFTER_EXPIRY_MS)))
      .returning({ id: studentTokens.id });
    // A drawing is attached when a response of its assignment names it: { "<field uid>": { drawingId } }.
    const unattached = await selectRows<{ id: string }>(
      tx,
      sql`delete from response_drawings d
          where d.created_at < ${new Date(now.getTime() - UNATTACHED_DRAWING_KEEP_MS).toISOString()}::timestamptz
            and not exists (
              select 1 from responses r
              where r.assignment_id = d.assignment_id and r.answers -> d.field_uid ->> 'drawingId' = d.id
            )
          returning d.id`,
    );
    return {
      ran: true,
      schools: results,
      studentTokens: purgedTokens.length,
      unattachedDrawings: unattached.length,
    } as const;
  });
}

/** Runs the job now (without failing start-up) and then daily; the timer never keeps the process alive. */
export function scheduleRetention(db: Db, logger: Pick<Logger, "info" | "error">): { stop(): void } {
  const run = () =>
    runRetention(db)
      .then((outcome) => {
        if (
          outcome.ran &&
          (outcome.schools.length > 0 || outcome.studentTokens > 0 || outcome.unattachedDrawings > 0)
        ) {
          logger.info("retention.purged", {
            schools: outcome.schools,
            studentTokens: outcome.studentTokens,
            unattachedDrawings: outcome.unattachedDrawings,
          });
        }
      })
      .catch((error) =>
        logger.error("retention.failed", { error: error instanceof Error ? error.message : String(error) }),
      );
  void run();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
