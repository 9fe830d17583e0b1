/**
 * With JavaScript: tells the server every minute, while the page is visible,
 * that the student is still here (the class's "online now"). Nothing renders.
 * Used where React renders a student page; a page served without the client
 * bundle gets the same from app/client/plain-page.ts (ADR 170).
 */
import { useEffect } from "react";
import { HEARTBEAT_INTERVAL_MS } from "~/lib/plain-page-behaviour";
import { STUDENT_HEARTBEAT_PATH } from "~/lib/student-paths";

export function StudentHeartbeat() {
  useEffect(() => {
    const beat = () => {
      if (document.visibilityState !== "visible") return;
      fetch(STUDENT_HEARTBEAT_PATH, { method: "POST", credentials: "same-origin" }).catch(() => {});
    };
    const timer = window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") beat();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return null;
}
