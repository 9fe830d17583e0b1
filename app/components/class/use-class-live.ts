import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { ClassLiveState } from "~/server/classes/class-live.server";

/**
 * The class home, the Students page and the projector view stay live (issue
 * 36): they listen to the class's stream (/class/{id}/live) and reload their
 * data when its waiting devices or its class list change (a child joining
 * with the code is a class list change). The first snapshot is compared with
 * the waiting devices the page shows: their ids, or only how many (the
 * projector). Without JavaScript nothing runs: the page's refresh link brings
 * it up to date.
 */
export function useClassLive(classId: number, shownWaiting: number[] | number) {
  const shown = typeof shownWaiting === "number" ? null : [...shownWaiting].sort((a, b) => a - b).join(",");
  return useLiveRevalidation<ClassLiveState>(`/class/${classId}/live`, {
    onSnapshot(next, previous) {
      const joinRequestsChanged = previous
        ? next.waiting.join(",") !== previous.waiting.join(",")
        : shown === null
          ? next.waiting.length !== shownWaiting
          : next.waiting.join(",") !== shown;
      const rosterChanged = previous !== null && next.roster !== previous.roster;
      return joinRequestsChanged || rosterChanged;
    },
  });
}
