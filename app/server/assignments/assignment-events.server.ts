/**
 * Change events of assignments, `assignment:<id>` (ADR 205): what the live
 * results stream (and the projector) subscribe to. The mechanism (one
 * listener per instance, the poll mode) is app/server/db/change-events.server.ts.
 *
 * The triggers of drizzle/0009_live_results.sql send
 * `pg_notify('assignment_changes', id)` when a response of the assignment is
 * written, replaced or deleted, when it is started or closed, when its
 * class's roster changes while it is open and when an answer is revealed.
 * The poll mode reads the per-assignment change counters
 * (assignment_changes.seq).
 */
import { inArray } from "drizzle-orm";
import {
  type ChangeEvents,
  type ChangeEventsOptions,
  createChangeEvents,
  type LiveResultsMode,
} from "../db/change-events.server";
import type { Database } from "../db/client.server";
import { assignmentChanges } from "../db/schema.server";

export type { LiveResultsMode };

/** The channel the triggers notify on; the payload is the assignment id. */
export const ASSIGNMENT_CHANGES_CHANNEL = "assignment_changes";

export interface AssignmentChange {
  assignmentId: number;
  /**
   * True when events may have been missed (the listener reconnected): the
   * subscriber should read its full state again, whatever it holds.
   */
  resync: boolean;
}

/** Every subscriber of one change gets the same object (live-stream.server.ts shares its reads by it). */
export type AssignmentChangeHandler = (change: AssignmentChange) => void;

export interface AssignmentEvents extends Omit<ChangeEvents<AssignmentChange>, "subscribe"> {
  /**
   * Calls `onChange` after every committed change of the assignment (several
   * changes close together may arrive as one). Resolves once the listener
   * is in place, so a subscriber that reads the state afterwards misses
   * nothing. Returns the unsubscribe function.
   */
  subscribeToAssignment(assignmentId: number, onChange: AssignmentChangeHandler): Promise<() => void>;
}

export type AssignmentEventsOptions = ChangeEventsOptions;

export function createAssignmentEvents(database: Database, options: AssignmentEventsOptions): AssignmentEvents {
  const events = createChangeEvents<AssignmentChange>(
    database,
    {
      channel: ASSIGNMENT_CHANGES_CHANNEL,
      async readCounters(db, ids) {
        const rows = await db
          .select({ assignmentId: assignmentChanges.assignmentId, seq: assignmentChanges.seq })
          .from(assignmentChanges)
          .where(inArray(assignmentChanges.assignmentId, ids));
        return new Map(rows.map((row) => [row.assignmentId, Number(row.seq)]));
      },
      toChange: (assignmentId, resync) => ({ assignmentId, resync }),
    },
    options,
  );
  return {
    mode: events.mode,
    subscribeToAssignment: (assignmentId, onChange) => events.subscribe(assignmentId, onChange),
    subscriberCount: events.subscriberCount,
    close: events.close,
  };
}
