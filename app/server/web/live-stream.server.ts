/**
 * A live view's server-sent event stream (ADR 206), for any screen that shows
 * an assignment as it changes (the results screen, the projector) or a class
 * (the class home and Students page: its waiting devices and class list,
 * issue 36; liveEventStream with the class's events).
 *
 *   return assignmentEventStream(request, context, {
 *     assignmentId,
 *     readSnapshot: (user) => getLiveResults(db, user, scope, lookup),
 *   });
 *
 * - Signed out: 401; the snapshot's domain permission decides the rest (a
 *   NotFound is a 404, as on the screen itself). A browser's EventSource
 *   (`Accept: text/event-stream`) is told the same in the stream instead: a
 *   200 with only `end` ("signed-out", "no-access"), as when the session or
 *   the access goes later, so its page handles both alike and the browser
 *   logs no failed connection.
 * - Events: `snapshot` (JSON of what readSnapshot returns) at once, after
 *   every change of the assignment whose snapshot differs from the last one
 *   sent, and after a listener reconnect; `end` (`{"reason": ...}`) just
 *   before the server closes the stream because the session ended or the
 *   viewer lost access.
 * - A `: heartbeat` comment every 15 s (LIVE_RESULTS_HEARTBEAT_MS; under
 *   common proxies' idle timeouts),
 *   which also re-checks the session and the access.
 * - `Cache-Control: private, no-store, no-transform` (compression would
 *   buffer the stream otherwise; the root middleware keeps no-transform)
 *   and `X-Accel-Buffering: no` (nginx).
 * - Bounded: one snapshot is read at a time per stream, changes during it
 *   fold into one more; the streams a change reaches share its reads, one
 *   session check per session and one snapshot per viewer (a teacher's ten
 *   tabs cost one read, not ten); a client that stops reading is dropped once 64 KB
 *   wait for it (its EventSource reconnects and gets a fresh snapshot).
 * - Resuming (issue #37): a snapshot has the id snapshotEventId gives. A
 *   reconnect whose `Last-Event-ID` is the id of the snapshot as it is now
 *   missed nothing and gets no snapshot at once (nothing is repeated); any
 *   other gets the snapshot as it is now, which holds every change since (a
 *   snapshot is the whole state, so "what came after" is one event).
 */
import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { eventStream } from "remix-utils/sse/server";
import type { App } from "../app-type.server";
import type { CurrentUser } from "../auth/current-user.server";
import { isBlocked, loadSessionUser } from "../auth/current-user.server";
import { requireApiUser } from "../auth/guards.server";
import { hashToken, readSessionToken } from "../auth/session.server";
import { getAppFromContext } from "../context.server";
import type { KeyedChange } from "../db/change-events.server";
import { isDomainError } from "../errors.server";
import { toApiResponse } from "./api.server";
import { liveStreamBudgetOf } from "./live-budget.server";

/** What may wait for a slow client before its stream is dropped. */
export const STREAM_QUEUE_BYTES = 64 * 1024;

export interface AssignmentStreamOptions<T> {
  assignmentId: number;
  /** What the viewer may see now; throws the domain's NotFound when they may not. */
  readSnapshot(user: CurrentUser): Promise<T>;
  heartbeatMs?: number;
  /**
   * The assignment's change counter in a snapshot (monotonic per
   * assignment): with it every snapshot event has an id, and a reconnect
   * with `Last-Event-ID` resumes (below).
   */
  changeSeqOf?(snapshot: T): number;
}

/**
 * A snapshot event's id: the assignment's change counter, then a digest of
 * what it says (the counter does not move with everything a snapshot shows,
 * e.g. the roster's size). A browser's EventSource sends the last id it got
 * as `Last-Event-ID` when it reconnects after a dropped connection.
 */
export function snapshotEventId(changeSeq: number, data: string): string {
  return `${changeSeq}.${createHash("sha256").update(data).digest("base64url").slice(0, 12)}`;
}

export interface LiveStreamOptions<T> {
  /** Subscribes to the changes the view follows (app.assignmentEvents, app.classEvents); returns the unsubscribe. */
  subscribe(app: App, onChange: (change: KeyedChange) => void): Promise<() => void>;
  /** What the viewer may see now; throws the domain's NotFound when they may not. */
  readSnapshot(user: CurrentUser): Promise<T>;
  heartbeatMs?: number;
  /** Said in the logs with a failed read ({ assignmentId }, { classId }). */
  logContext: Record<string, number>;
  /** The change counter in a snapshot, for event ids and `Last-Event-ID` resuming (AssignmentStreamOptions). */
  changeSeqOf?(snapshot: T): number;
}

/** Why the server ends a stream: "replaced" when a newer view of the same session or user took its place (live-budget.server.ts). */
export type StreamEndReason = "signed-out" | "no-access" | "replaced";

/** The end a refusal at the stream's start is told as: signed out (or blocked), or no access to what it shows. */
function endReasonOf(error: unknown): StreamEndReason | null {
  if (!isDomainError(error)) return null;
  if (error.code === "UNAUTHORIZED" || error.code === "BLOCKED") return "signed-out";
  if (error.code === "NOT_FOUND") return "no-access";
  return null;
}

function acceptsEventStream(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/event-stream");
}

/** A stream that only says why it ends: its page closes it and reloads once, as for an `end` later on. */
function endedAtStart(reason: StreamEndReason): Response {
  return new Response(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * The reads one change caused, by what they read: every stream the change
 * reaches joins a read another stream started for it. Such a read began after
 * the change arrived, so it is as fresh for all of them; it is kept only as
 * long as the change object is. A heartbeat's reads are shared the same way,
 * by the beat (heartbeatBeat).
 */
const readsByChange = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The beat a heartbeat belongs to: one object per app and heartbeat period.
 * The streams of one viewer (a teacher's tabs) beating in the same period
 * share one session check and one snapshot, as they share a change's; streams
 * opened at different moments beat at different moments, so their reads are
 * spread over the period, not all at once (issue #35).
 */
const beats = new WeakMap<object, { period: number; beat: object }>();

function heartbeatBeat(app: object, heartbeatMs: number): object {
  const period = Math.floor(Date.now() / heartbeatMs);
  const current = beats.get(app);
  if (current?.period === period) return current.beat;
  const next = { period, beat: {} };
  beats.set(app, next);
  return next.beat;
}

function sharedRead<R>(change: object | undefined, key: string, read: () => Promise<R>): Promise<R> {
  if (!change) return read();
  let reads = readsByChange.get(change);
  if (!reads) {
    reads = new Map();
    readsByChange.set(change, reads);
  }
  let pending = reads.get(key) as Promise<R> | undefined;
  if (!pending) {
    pending = read();
    reads.set(key, pending);
  }
  return pending;
}

export function assignmentEventStream<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: AssignmentStreamOptions<T>,
): Promise<Response> {
  const { assignmentId, readSnapshot, heartbeatMs, changeSeqOf } = options;
  return liveEventStream(request, context, {
    subscribe: (app, onChange) => app.assignmentEvents.subscribeToAssignment(assignmentId, onChange),
    readSnapshot,
    heartbeatMs,
    changeSeqOf,
    logContext: { assignmentId },
  });
}

export async function liveEventStream<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: LiveStreamOptions<T>,
): Promise<Response> {
  const app = getAppFromContext(context);
  const heartbeatMs = options.heartbeatMs ?? app.config.LIVE_RESULTS_HEARTBEAT_MS;
  let first: T;
  let unsubscribe: () => void = () => {};
  let onChange: (change: KeyedChange) => void = () => {};
  let release: () => void = () => {};
  /** Ends this stream when a newer one takes its place; before the stream has started, just gives the place back. */
  let replace: () => void = () => release();
  let replaced = false;
  const token = await readSessionToken(app.sessionCookie, request);
  const resumeFrom = request.headers.get("last-event-id");
  try {
    const user = await requireApiUser(request, context);
    // A place in the streams' budget (per session, per user, the instance's memory), or an answer at once.
    const place = liveStreamBudgetOf(app).take(token ? hashToken(token) : "", user.id, () => {
      replaced = true;
      replace();
    });
    if ("refusal" in place) {
      app.logger.info("live.stream_refused", { userId: user.id, status: place.refusal.status });
      return place.refusal;
    }
    release = place.release;
    // Listen first, then read: a change between the two is an event, never lost.
    unsubscribe = await options.subscribe(app, (change) => onChange(change));
    first = await options.readSnapshot(user);
  } catch (error) {
    unsubscribe();
    release();
    const reason = endReasonOf(error);
    // A browser's EventSource is told in the stream, as later on: a refused start is a failed
    // connection to it, which it reports as an error (Firefox in its console) and never retries.
    return reason && acceptsEventStream(request) ? endedAtStart(reason) : toApiResponse(error);
  }
  /** What the snapshot is of: streams share a read only for the same viewer and the same address. */
  const view = new URL(request.url).pathname;

  const encoder = new TextEncoder();
  let comments: TransformStreamDefaultController<Uint8Array> | undefined;
  const withComments = new TransformStream<Uint8Array, Uint8Array>(
    {
      start(controller) {
        comments = controller;
      },
    },
    undefined,
    new ByteLengthQueuingStrategy({ highWaterMark: STREAM_QUEUE_BYTES }),
  );

  const response = eventStream(request.signal, (send, close) => {
    let lastSent = "";
    let reading = false;
    let again = false;
    let ended = false;
    /** The change (or the heartbeat's beat) the next read answers: streams with the same cause share reads. */
    let cause: object | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    const stop = () => {
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      release();
    };
    // The client may be gone already (its body cancelled before the request's abort arrives):
    // writing then throws, and the stream just stops.
    const write = (chunk: () => void): boolean => {
      try {
        chunk();
        return true;
      } catch {
        stop();
        return false;
      }
    };
    const finish = () => {
      stop();
      write(close);
    };
    const isBacklogged = () => (comments?.desiredSize ?? 1) <= 0;
    const end = (reason: StreamEndReason) => {
      if (ended) return;
      if (write(() => send({ event: "end", data: JSON.stringify({ reason }) }))) finish();
    };
    // A newer view of the session or user took this one's place (it must be given back at once).
    replace = () => {
      end("replaced");
      stop();
    };
    if (replaced) {
      end("replaced");
      return stop;
    }
    const idOf = (snapshot: T, data: string) =>
      options.changeSeqOf ? snapshotEventId(options.changeSeqOf(snapshot), data) : undefined;
    const sendSnapshot = (snapshot: T, force: boolean) => {
      const data = JSON.stringify(snapshot);
      if (ended || (!force && data === lastSent)) return;
      // Nobody reads this stream: drop it rather than queue without end.
      if (isBacklogged()) return finish();
      lastSent = data;
      write(() => send({ event: "snapshot", data, id: idOf(snapshot, data) }));
    };
    // The session and the access, checked again; then the counts as of now.
    const refresh = async (force: boolean) => {
      if (ended) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const change = cause;
          cause = undefined;
          const tokenHash = token ? hashToken(token) : null;
          const found = tokenHash
            ? await sharedRead(change, `session:${tokenHash}`, () => loadSessionUser(app.db, tokenHash))
            : null;
          const user = found?.loaded.user;
          if (!user || isBlocked(user)) return end("signed-out");
          let snapshot: T;
          try {
            snapshot = await sharedRead(change, `snapshot:${user.id}:${view}`, () => options.readSnapshot(user));
          } catch (error) {
            if (isDomainError(error) && error.code === "NOT_FOUND") return end("no-access");
            throw error;
          }
          sendSnapshot(snapshot, force);
        } while (again && !ended);
      } catch (error) {
        // A database hiccup: the next event or heartbeat tries again.
        app.logger.warn("live.snapshot_failed", { ...options.logContext, error: String(error) });
      } finally {
        reading = false;
      }
    };
    onChange = (change) => {
      cause = change;
      void refresh(change.resync);
    };
    heartbeat = setInterval(() => {
      if (ended) return;
      if (isBacklogged()) return finish();
      if (!write(() => comments?.enqueue(encoder.encode(": heartbeat\n")))) return;
      // A change waiting to be read keeps its own (fresher) read.
      cause ??= heartbeatBeat(app, heartbeatMs);
      void refresh(false);
    }, heartbeatMs);
    const firstData = JSON.stringify(first);
    // A reconnect that had this very snapshot already: nothing to send until the next change.
    if (resumeFrom !== null && resumeFrom === idOf(first, firstData)) lastSent = firstData;
    else sendSnapshot(first, true);
    return stop;
  });

  const headers = new Headers(response.headers);
  // eventStream says only no-cache: compression would then buffer every event until the end.
  headers.set("Cache-Control", "private, no-store, no-transform");
  headers.set("X-Accel-Buffering", "no");
  if (!response.body) return new Response(null, { status: 500 });
  // preventCancel: eventStream closes its own stream when the request aborts (closing a cancelled one throws).
  return new Response(response.body.pipeThrough(withComments, { preventCancel: true }), { status: 200, headers });
}
