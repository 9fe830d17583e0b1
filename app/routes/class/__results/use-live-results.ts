import { useState } from "react";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { LiveResults } from "~/server/assignments/live-results.server";

/**
 * Live results (ADR 206): the page reloads its data when the stream's counts
 * move; screen readers hear one polite summary per change ("3 new answers").
 */
export function useLiveResults(
  streamUrl: string | null,
  shown: { respondedCount: number; assignment: { status: string } },
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const [announcement, setAnnouncement] = useState("");
  const { connected } = useLiveRevalidation<LiveResults>(streamUrl, {
    onSnapshot(next, previous) {
      // The first snapshot is compared with what the page shows.
      const before = previous ?? { responseCount: shown.respondedCount, status: shown.assignment.status };
      const added = next.responseCount - before.responseCount;
      if (next.status !== before.status && next.status === "completed") setAnnouncement(t("The survey is closed."));
      else if (added > 0)
        setAnnouncement(t("{count, plural, one {# new answer} other {# new answers}}", { count: added }));
      return previous === null ? added !== 0 || next.status !== before.status : undefined;
    },
  });
  return { announcement, connected };
}
