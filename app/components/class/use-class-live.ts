import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { ClassLiveState } from "~/server/classes/class-live.server";

/**
 * The class home, the Students page and the projector view stay live (issue
 * 36): they listen to the class's stream (/class/{id}/live) and reload their
 * data when its waiting devices or its class list change (a child joining
 * with the code is a class list change). The first snapshot is compared with
 * the waiting devices the page shows and, when the page knows it, the class
 * list's counter it was read at (`shownRoster`), so a change between the
 * page's read and the stream's start is not missed. Without JavaScript
 * nothing runs: the page's refresh link brings it up to date.
 */
export function useClassLive(classId: number, shownWaitingIds: number[], shownRoster?: number) {
  const shown = [...shownWaitingIds].sort((a, b) => a - b).join(",");
  return useLiveRevalidation<ClassLiveState>(`/class/${classId}/live`, {
    onSnapshot(next, previous) {
      const joinRequestsChanged = next.waiting.join(",") !== (previous ? previous.waiting.join(",") : shown);
      const rosterChanged = previous
        ? next.roster !== previous.roster
        : shownRoster !== undefined && next.roster !== shownRoster;
      return joinRequestsChanged || rosterChanged;
    },
  });
}
