import { type ContextType, useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, useRevalidator } from "react-router";
import { useRevalidateWhileVisible } from "./use-revalidate-while-visible";

/** While the stream is down: the page's data every few seconds, while visible. */
export const LIVE_FALLBACK_MS = 4000;

export interface LiveRevalidationOptions<T> {
  /**
   * Called with every snapshot the stream sends (`previous` null for the
   * first one). Returns whether the page's data should be reloaded; by
   * default whenever a snapshot differs from the one before it.
   */
  onSnapshot?(snapshot: T, previous: T | null): boolean | undefined;
}

export interface LiveRevalidation {
  /** The event stream is open (false while it connects, reconnects, or has failed). */
  connected: boolean;
}

/**
 * Keeps a page's loader data live (ADR 206): listens to a server-sent event
 * stream (app/server/web/live-stream.server.ts) and revalidates the loaders
 * when a `snapshot` event says something changed. One revalidation at a
 * time: events during one fold into one more, so a busy class never keeps
 * the page loading. Nor while the page navigates (a form's post and the
 * loaders after its redirect): a revalidation then would interrupt those
 * loaders, and with them the toast their answer carries (read once from its
 * flash cookie, so it was lost); it runs once the navigation has ended. The
 * router's own state says whether it navigates (React Router renders its
 * state in a transition, so what a render saw may be behind). While the stream is down (a proxy that cuts it, no
 * EventSource) the page falls back to reloading its data every few seconds
 * while visible. An `end` event (signed out, access lost) closes the stream
 * and reloads once, so the page shows where the user stands; ended because a
 * newer view of the same account took its place ("replaced"), the page falls
 * back to reloading every few seconds. A hidden tab
 * reloads nothing: what changed meanwhile is reloaded once it is shown.
 * Without JavaScript nothing runs; the page works on reload.
 */
export function useLiveRevalidation<T = unknown>(
  url: string | null,
  options: LiveRevalidationOptions<T> = {},
): LiveRevalidation {
  const revalidator = useRevalidator();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useRef({ revalidator, router, options });
  latest.current = { revalidator, router, options };
  const pending = useRef(false);
  const [connected, setConnected] = useState(false);
  const [failed, setFailed] = useState(false);

  // A revalidation asked for while one ran, or while the page navigated, starts once the router is idle again
  // (its own subscription: React may render a navigation's states together, or not at all).
  useEffect(() => {
    if (!router) return;
    const runPending = () => {
      if (!pending.current || !isIdle(router)) return;
      pending.current = false;
      void latest.current.revalidator.revalidate();
    };
    // Not from inside the router's own update: just after it.
    return router.subscribe(() => {
      if (pending.current) queueMicrotask(runPending);
    });
  }, [router]);

  useEffect(() => {
    if (!url) return;
    if (typeof EventSource === "undefined") {
      setFailed(true);
      return;
    }
    // A hidden tab asks for nothing: a change seen while hidden is caught up when the tab is shown.
    let missed = false;
    const reload = () => {
      if (document.visibilityState === "hidden") {
        missed = true;
        return;
      }
      const { revalidator: current, router: now } = latest.current;
      if (now ? isIdle(now) : current.state === "idle") void current.revalidate();
      else pending.current = true;
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden" || !missed) return;
      missed = false;
      reload();
    };
    document.addEventListener("visibilitychange", onVisibility);
    let previous: T | null = null;
    let previousData: string | null = null;
    const source = new EventSource(url);
    source.addEventListener("open", () => {
      setConnected(true);
      setFailed(false);
    });
    source.addEventListener("error", () => {
      setConnected(false);
      // CLOSED: the browser gives up (a non-200 answer); CONNECTING: it retries by itself.
      setFailed(true);
    });
    source.addEventListener("snapshot", (event) => {
      const data = (event as MessageEvent<string>).data;
      const snapshot = JSON.parse(data) as T;
      const decided = latest.current.options.onSnapshot?.(snapshot, previous);
      const changed = decided ?? (previousData !== null && data !== previousData);
      previous = snapshot;
      previousData = data;
      setConnected(true);
      setFailed(false);
      if (changed) reload();
    });
    source.addEventListener("end", (event) => {
      source.close();
      setConnected(false);
      // A newer view of this account took the stream's place: this page goes on reloading every few seconds.
      if (endReasonOf((event as MessageEvent<string>).data) === "replaced") setFailed(true);
      reload();
    });
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      source.close();
      setConnected(false);
    };
  }, [url]);

  useRevalidateWhileVisible(LIVE_FALLBACK_MS, url !== null && failed && !connected);
  return { connected };
}

type DataRouter = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/** Whether a revalidation may start now, as the router says now: none runs and the page is not navigating. */
function isIdle(router: DataRouter): boolean {
  return router.state.navigation.state === "idle" && router.state.revalidation === "idle";
}

function endReasonOf(data: string): string | undefined {
  try {
    return (JSON.parse(data) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}
