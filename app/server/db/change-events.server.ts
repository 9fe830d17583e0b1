/**
 * Change events by key (ADR 205), for the live streams: `assignment:<id>`
 * (assignment-events.server.ts) and `class:<id>` (class-events.server.ts).
 *
 * PostgreSQL announces every change itself: triggers send
 * `pg_notify(channel, key)` at COMMIT (dropped on rollback), so an event
 * always follows a committed change. Each app instance holds ONE listener per
 * channel (Database.listen: a dedicated `pg` connection, or PGlite's own
 * listen) and fans the events out in process to its subscribers. Behind a
 * pooler that cannot LISTEN (PgBouncer in transaction mode),
 * LIVE_RESULTS_MODE=poll reads the subscribed keys' change counters instead,
 * one primary-key lookup per key every LIVE_RESULTS_POLL_MS.
 */

import type { Logger } from "../logger.server";
import type { Database, Db } from "./client.server";
import type { StopListening } from "./notifications.server";

export interface KeyedChange {
  /**
   * True when events may have been missed (the listener reconnected): the
   * subscriber should read its full state again, whatever it holds.
   */
  resync: boolean;
}

export type LiveResultsMode = "listen" | "poll";

export interface ChangeEvents<C extends KeyedChange> {
  readonly mode: LiveResultsMode;
  /**
   * Calls `onChange` after every committed change of the key (an assignment,
   * a class; several changes close together may arrive as one). Resolves
   * once the listener is in place, so a subscriber that reads the state
   * afterwards misses nothing. Returns the unsubscribe function.
   */
  subscribe(key: number, onChange: (change: C) => void): Promise<() => void>;
  /** How many subscriptions are open on this instance (for the bench and the logs). */
  subscriberCount(): number;
  /** Stops listening or polling. */
  close(): Promise<void>;
}

export interface ChangeEventsOptions {
  mode: LiveResultsMode;
  /** Poll mode: how often the counters are read (ms). */
  pollIntervalMs: number;
  logger?: Pick<Logger, "warn">;
}

/** What is announced and how: the channel the triggers notify on (payload: the key), the counters the poll mode reads. */
export interface ChangeSource<C extends KeyedChange> {
  channel: string;
  /** The change counters of these keys (a key without a row: no change yet). */
  readCounters(db: Db, keys: number[]): Promise<Map<number, number>>;
  /** The one object every subscriber of a change gets. */
  toChange(key: number, resync: boolean): C;
}

export function createChangeEvents<C extends KeyedChange>(
  database: Database,
  source: ChangeSource<C>,
  options: ChangeEventsOptions,
): ChangeEvents<C> {
  type Handler = (change: C) => void;
  const subscribers = new Map<number, Set<Handler>>();
  let closed = false;

  const deliver = (key: number, resync: boolean) => {
    const handlers = subscribers.get(key);
    if (!handlers) return;
    // One object for every subscriber of this change: live streams share the reads it causes by it.
    const change = source.toChange(key, resync);
    for (const handler of [...handlers]) {
      try {
        handler(change);
      } catch (error) {
        options.logger?.warn("live.subscriber_failed", { key, error: String(error) });
      }
    }
  };
  const deliverAll = (resync: boolean) => {
    for (const key of [...subscribers.keys()]) deliver(key, resync);
  };

  const add = (key: number, onChange: Handler) => {
    let handlers = subscribers.get(key);
    if (!handlers) {
      handlers = new Set();
      subscribers.set(key, handlers);
    }
    handlers.add(onChange);
    return () => {
      handlers.delete(onChange);
      if (handlers.size === 0 && subscribers.get(key) === handlers) subscribers.delete(key);
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
      source,
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
      .listen(source.channel, {
        onNotify(payload) {
          const key = Number(payload);
          if (Number.isSafeInteger(key)) deliver(key, false);
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
    async subscribe(key, onChange) {
      if (closed) throw new Error("The change events are closed.");
      const remove = add(key, onChange);
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

interface Fanout<C> {
  add(key: number, onChange: (change: C) => void): () => void;
  deliver(key: number, resync: boolean): void;
  subscriberCount(): number;
  subscribers: Map<number, Set<(change: C) => void>>;
  isClosed(): boolean;
}

/**
 * Poll mode: every `pollIntervalMs` while anything is subscribed, one query
 * reads the change counters of the subscribed assignments; a counter that
 * moved is an event. The counter is compared per assignment, never against a
 * global high-water mark, so a transaction that commits after a later-numbered
 * one is not missed.
 */
function createPoller<C extends KeyedChange>(
  database: Database,
  source: ChangeSource<C>,
  options: ChangeEventsOptions,
  fanout: Fanout<C>,
  markClosed: () => void,
): ChangeEvents<C> {
  const seen = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;

  const readCounters = (ids: number[]) => source.readCounters(database.db, ids);

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
    async subscribe(key, onChange) {
      if (fanout.isClosed()) throw new Error("The change events are closed.");
      // The counter as of now, so that only later changes are events.
      if (!fanout.subscribers.has(key)) {
        const counters = await readCounters([key]);
        seen.set(key, counters.get(key) ?? 0);
      }
      const remove = fanout.add(key, onChange);
      schedule();
      return () => {
        remove();
        if (!fanout.subscribers.has(key)) seen.delete(key);
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
