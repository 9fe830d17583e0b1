/**
 * Change events of classes, `class:<id>` (issue 36): what the live class
 * home and Students page subscribe to. The triggers of
 * drizzle/0016_class_changes_reminders.sql send `pg_notify('class_changes', id)` when
 * the class's join requests change (a device asks, is admitted or refused)
 * or its class list does (a child added or removed); the poll mode reads the
 * class's counters (class_changes). The mechanism is
 * app/server/db/change-events.server.ts.
 */
import { inArray, sql } from "drizzle-orm";
import { type ChangeEvents, type ChangeEventsOptions, createChangeEvents } from "../db/change-events.server";
import type { Database } from "../db/client.server";
import { classChanges } from "../db/schema.server";

/** The channel the triggers notify on; the payload is the class id. */
export const CLASS_CHANGES_CHANNEL = "class_changes";

export interface ClassChange {
  classId: number;
  /** Events may have been missed (the listener reconnected): read everything again. */
  resync: boolean;
}

export type ClassEvents = ChangeEvents<ClassChange>;

export function createClassEvents(database: Database, options: ChangeEventsOptions): ClassEvents {
  return createChangeEvents<ClassChange>(
    database,
    {
      channel: CLASS_CHANGES_CHANNEL,
      async readCounters(db, ids) {
        const rows = await db
          .select({
            classId: classChanges.classId,
            seq: sql<number>`greatest(${classChanges.joinRequestsSeq}, ${classChanges.rosterSeq})`.mapWith(Number),
          })
          .from(classChanges)
          .where(inArray(classChanges.classId, ids));
        return new Map(rows.map((row) => [row.classId, row.seq]));
      },
      toChange: (classId, resync) => ({ classId, resync }),
    },
    options,
  );
}
