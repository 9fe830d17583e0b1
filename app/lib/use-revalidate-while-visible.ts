import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's loader data every `intervalMs` while the tab is visible
 * (a hidden tab asks nothing of the server), and once at once when the tab
 * comes back. Without JavaScript nothing runs: a reload brings the page up
 * to date. `enabled` false stops it (a live page polls only while its event
 * stream is down).
 */
export function useRevalidateWhileVisible(intervalMs: number, enabled = true): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      timer = setInterval(refresh, intervalMs);
    };
    const onVisibilityChange = () => {
      if (document.hidden) {
        stop();
      } else {
        refresh();
        start();
      }
    };
    if (!document.hidden) start();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [intervalMs, enabled]);
}
