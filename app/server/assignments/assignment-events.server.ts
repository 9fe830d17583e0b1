/**
 * Change events of assignments, `assignment:<id>` (ADR 205): what the live
 * results stream (and the projector) subscribe to.
 *
 * PostgreSQL announces every change itself: the triggers of
 * drizzle/0009_live_results.sql send `pg_notify('assignment_changes', id)`
 * when a response of the assignment is written, replaced or deleted, when it
 * is started or closed, when its class's roster changes while it is open and
 * when an answer is revealed. NOTIFY is delivered at COMMIT and dropped on
 * rollback, so an event always follows a committed change.
 *
 * Each app instance holds ONE listener (Database.listen: a dedicated `pg`
 * connection, or PGlite's own listen) and fans the events out in process to
 * its subscribers. Behind a pooler that cannot LISTEN (PgBouncer in
 * transaction mode), LIVE_RESULTS_MODE=poll reads the per-assignment change
 * counters (assignment_changes.seq) of the subscribed assignments instead,
 * one primary-key lookup per assignment every LIVE_RESULTS_POLL_MS.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import type { StopListening } from "../db/notifications.server";
import { assignmentChanges } from "../db/schema.server";
import type { Logger } from "../logger.server";

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

export type LiveResultsMode = "listen" | "poll";

export interface AssignmentEvents {
  readonly mode: LiveResultsMode;
  /**
   * Calls `onChange` after every committed change of the assignment (several
   * changes close together may arrive as one). Resolves once the listener
   * is in place, so a subscriber that reads the state afterwards misses
   * nothing. Returns the unsubscribe function.
   */
  subscribeToAssignment(assignmentId: number, onChange: AssignmentChangeHandler): Promise<() => void>;
  /** How many subscriptions are open on this instance (for the bench and the logs). */
  subscriberCount(): number;
  /** Stops listening or polling. */
  close(): Promise<void>;
}

export interface AssignmentEventsOptions {
  mode: LiveResultsMode;
  /** Poll mode: how often the counters are read (ms). */
  pollIntervalMs: number;
  logger?: Pick<Logger, "warn">;
}

export function createAssignmentEvents(database: Database, options: AssignmentEventsOptions): AssignmentEvents {
  const subscribers = new Map<number, Set<AssignmentChangeHandler>>();
  let closed = false;

  const deliver = (assignmentId: number, resync: boolean) => {
    const handlers = subscribers.get(assignmentId);
    if (!handlers) return;
    // One object for every subscriber of this change: live streams share the reads it causes by it.
    const change: AssignmentChange = { assignmentId, resync };
    for (const handler of [...handlers]) {
      try {
        handler(change);
      } catch (error) {
        options.logger?.warn("live.subscriber_failed", { assignmentId, error: String(error) });
      }
    }
  };
  const deliverAll = (resync: boolean) => {
    for (const assignmentId of [...subscribers.keys()]) deliver(assignmentId, resync);
  };

  const add = (assignmentId: number, onChange: AssignmentChangeHandler) => {
    let handlers = subscribers.get(assignmentId);
    if (!handlers) {
      handlers = new Set();
      subscribers.set(assignmentId, handlers);
    }
    handlers.add(onChange);
    return () => {
      handlers.delete(onChange);
      if (handlers.size === 0 && subscribers.get(assignmentId) === handlers) subscribers.delete(assignmentId);
    };
  };

  const subscriberCount = () => {
    let count = 0;
    for (const handlers of subscribers.values()) count += handlers.size;
    return count;
  };

  if (options.mode === "poll") {
    return createPoller(
      database,
      options,
      { add, deliver, subscriberCount, subscribers, isClosed: () => closed },
      () => {
        closed = true;
      },
    );
  }

  // Listen mode: the one listener starts with the first subscription and stays.
  let listening: Promise<StopListening | null> | null = null;
  const startListening = () => {
    listening ??= database
      .listen(ASSIGNMENT_CHANGES_CHANNEL, {
        onNotify(payload) {
          const assignmentId = Number(payload);
          if (Number.isSafeInteger(assignmentId)) deliver(assignmentId, false);
        },
        onReconnect() {
          options.logger?.warn("live.listener_reconnected", { subscribers: subscriberCount() });
          deliverAll(true);
        },
      })
      .catch((error: unknown) => {
        options.logger?.warn("live.listen_failed", { error: String(error) });
        // Try again with the next subscription.
        listening = null;
        return null;
      });
    return listening;
  };

  return {
    mode: "listen",
    async subscribeToAssignment(assignmentId, onChange) {
      if (closed) throw new Error("The assignment events are closed.");
      const remove = add(assignmentId, onChange);
      await startListening();
      return remove;
    },
    subscriberCount,
    async close() {
      closed = true;
      subscribers.clear();
      const stop = await listening;
      await stop?.();
    },
  };
}

interface Fanout {
  add(assignmentId: number, onChange: AssignmentChangeHandler): () => void;
  deliver(assignmentId: number, resync: boolean): void;
  subscriberCount(): number;
  subscribers: Map<number, Set<AssignmentChangeHandler>>;
  isClosed(): boolean;
}

/**
 * Poll mode: every `pollIntervalMs` while anything is subscribed, one query
 * reads the change counters of the subscribed assignments; a counter that
 * moved is an event. The counter is compared per assignment, never against a
 * global high-water mark, so a transaction that commits after a later-numbered
 * one is not missed.
 */
function createPoller(
  database: Database,
  options: AssignmentEventsOptions,
  fanout: Fanout,
  markClosed: () => void,
): AssignmentEvents {
  const seen = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;

  const readCounters = async (ids: number[]) => {
    const rows = await database.db
      .select({ assignmentId: assignmentChanges.assignmentId, seq: assignmentChanges.seq })
      .from(assignmentChanges)
      .where(inArray(assignmentChanges.assignmentId, ids));
    return new Map(rows.map((row) => [row.assignmentId, Number(row.seq)]));
  };

  const poll = async () => {
    const ids = [...fanout.subscribers.keys()];
    if (ids.length === 0) return;
    let counters: Map<number, number>;
    try {
      counters = await readCounters(ids);
    } catch (error) {
      options.logger?.warn("live.poll_failed", { error: String(error) });
      return;
    }
    for (const id of ids) {
      const seq = counters.get(id) ?? 0;
      if (seen.get(id) !== seq) {
        seen.set(id, seq);
        fanout.deliver(id, false);
      }
    }
  };

  const schedule = () => {
    if (timer || fanout.isClosed()) return;
    timer = setTimeout(async () => {
      polling = poll();
      await polling;
      polling = null;
      timer = undefined;
      if (fanout.subscribers.size > 0) schedule();
    }, options.pollIntervalMs);
    timer.unref();
  };

  return {
    mode: "poll",
    async subscribeToAssignment(assignmentId, onChange) {
      if (fanout.isClosed()) throw new Error("The assignment events are closed.");
      // The counter as of now, so that only later changes are events.
      if (!fanout.subscribers.has(assignmentId)) {
        const counters = await readCounters([assignmentId]);
        seen.set(assignmentId, counters.get(assignmentId) ?? 0);
      }
      const remove = fanout.add(assignmentId, onChange);
      schedule();
      return () => {
        remove();
        if (!fanout.subscribers.has(assignmentId)) seen.delete(assignmentId);
      };
    },
    subscriberCount: fanout.subscriberCount,
    async close() {
      markClosed();
      clearTimeout(timer);
      timer = undefined;
      fanout.subscribers.clear();
      await polling;
    },
  };
}
