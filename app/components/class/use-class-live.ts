import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { ClassLiveState } from "~/server/classes/class-live.server";

/**
 * The class home and the Students page stay live (issue 36): they listen to
 * the class's stream (/class/{id}/live) and reload their data when its
 * waiting devices or its class list change. The first snapshot is compared
 * with the waiting devices the page shows. Without JavaScript nothing runs:
 * the page's refresh link brings it up to date.
 */
export function useClassLive(classId: number, shownWaitingIds: number[]) {
  const shown = [...shownWaitingIds].sort((a, b) => a - b).join(",");
  return useLiveRevalidation<ClassLiveState>(`/class/${classId}/live`, {
    onSnapshot(next, previous) {
      const joinRequestsChanged = next.waiting.join(",") !== (previous ? previous.waiting.join(",") : shown);
      const rosterChanged = previous !== null && next.roster !== previous.roster;
      return joinRequestsChanged || rosterChanged;
    },
  });
}
