/**
 * The live streams' budget (issue #35): an open results stream holds memory
 * (its buffers, its subscription, its last snapshot: about 300 kB measured by
 * `BENCH_PARTS=live npm run bench`) for as long as the screen is open, so
 * their number is capped per session, per staff member and, through the
 * memory they cost, per server instance. At the session's or the user's cap
 * the newest view wins: the oldest stream of that session (or user) is ended
 * with the reason "replaced" and its page falls back to reloading its data
 * every few seconds, so a stream whose device vanished without a goodbye
 * (held by TCP for up to 15 minutes) never locks its owner out. Past the
 * server's budget a stream is answered at once with 503 and Retry-After, and
 * an info line, never an error one; 429 only if no place could be freed.
 */
import { jsonError } from "./json-error.server";

export const LIVE_STREAM_LIMITS = {
  /** Streams of one sign-in: a teacher's results tabs and the projector, with room. */
  perSession: 10,
  /** Streams of one staff member over all their sessions (a laptop, a phone, the classroom's screen). */
  perUser: 20,
  /** What one open stream costs the server, as the bench measures it (docs/performance.md). */
  bytesPerStream: 300 * 1024,
  /**
   * The memory all open streams of an instance may hold together: about 870 streams. The default of
   * `LIVE_STREAMS_MEMORY_MB`, which sets it per instance (liveStreamBudgetOf).
   */
  memoryBytes: 256 * 1024 * 1024,
};
export type LiveStreamLimits = typeof LIVE_STREAM_LIMITS;

/** Seconds a refused viewer waits before trying again. */
const RETRY_SECONDS = "30";

export type LiveStreamBudget = ReturnType<typeof createLiveStreamBudget>;

interface Place {
  sessionKey: string;
  userId: number;
  evict: () => void;
}

export function createLiveStreamBudget(limits: LiveStreamLimits = LIVE_STREAM_LIMITS) {
  const bySession = new Map<string, number>();
  const byUser = new Map<number, number>();
  /** Every open place, oldest first (a Set keeps its insertion order). */
  const places = new Set<Place>();
  let open = 0;
  const add = <K>(map: Map<K, number>, key: K, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const sessionFull = (sessionKey: string) => (bySession.get(sessionKey) ?? 0) >= limits.perSession;
  const userFull = (userId: number) => (byUser.get(userId) ?? 0) >= limits.perUser;
  /** Ends the oldest stream of the full session (else of the full user): its evict gives its place back. */
  const evictOldest = (sessionKey: string, userId: number) => {
    const bySessionFull = sessionFull(sessionKey);
    for (const place of places) {
      if (bySessionFull ? place.sessionKey === sessionKey : place.userId === userId) {
        place.evict();
        return;
      }
    }
  };
  return {
    /**
     * Takes a place for a stream of the session and user, or returns the answer that refuses it.
     * At the session's or user's cap, `evict` of the oldest stream there is called first; it must
     * end that stream and call its `release` before it returns. `release` gives the place back
     * (call it once; more calls do nothing).
     */
    take(sessionKey: string, userId: number, evict: () => void): { release: () => void } | { refusal: Response } {
      if (sessionFull(sessionKey) || userFull(userId)) evictOldest(sessionKey, userId);
      if (sessionFull(sessionKey) || userFull(userId)) {
        return {
          refusal: jsonError(
            429,
            "RATE_LIMITED",
            "Too many live views are open for this account. Close some results tabs and try again.",
            { headers: { "Retry-After": RETRY_SECONDS, "Cache-Control": "no-store" } },
          ),
        };
      }
      if ((open + 1) * limits.bytesPerStream > limits.memoryBytes) {
        return {
          refusal: jsonError(
            503,
            "SERVICE_UNAVAILABLE",
            "Too many live views are open on the server right now. Reload the page to see the latest results.",
            { headers: { "Retry-After": RETRY_SECONDS, "Cache-Control": "no-store" } },
          ),
        };
      }
      add(bySession, sessionKey, 1);
      add(byUser, userId, 1);
      open++;
      const place: Place = { sessionKey, userId, evict };
      places.add(place);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          places.delete(place);
          add(bySession, sessionKey, -1);
          add(byUser, userId, -1);
          open--;
        },
      };
    },
    usage: () => ({ open, sessions: bySession.size, users: byUser.size }),
  };
}

const budgets = new WeakMap<object, LiveStreamBudget>();

/** The budget of one App (each test app has its own), with the instance's memory from its configuration. */
export function liveStreamBudgetOf(app: { config: { LIVE_STREAMS_MEMORY_MB: number } }): LiveStreamBudget {
  let budget = budgets.get(app);
  if (!budget) {
    budget = createLiveStreamBudget({
      ...LIVE_STREAM_LIMITS,
      memoryBytes: app.config.LIVE_STREAMS_MEMORY_MB * 1024 * 1024,
    });
    budgets.set(app, budget);
  }
  return budget;
}
