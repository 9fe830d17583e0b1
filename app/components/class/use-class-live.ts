import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { ClassLiveState } from "~/server/classes/class-live.server";

/** What a page shows of the class's live state: the waiting devices' ids and the class list's counter it was read at. */
export interface ShownClassLive {
  waiting: number[];
  /** class_changes.roster_seq as read with the page's class list (rosterSeqOf); absent when the page has none. */
  roster?: number;
}

/**
 * Whether a snapshot of the class's stream says the page's data is out of
 * date. The first one (`previous` null) is compared with what the page
 * shows: a device that asked, was decided or left, or a class list change,
 * between the page's loader run and the stream's start (issue 35); every
 * later one with the snapshot before it.
 */
export function classLiveChanged(next: ClassLiveState, previous: ClassLiveState | null, shown: ShownClassLive) {
  const waitingBefore = previous ? previous.waiting : [...shown.waiting].sort((a, b) => a - b);
  const rosterBefore = previous ? previous.roster : shown.roster;
  return (
    next.waiting.join(",") !== waitingBefore.join(",") || (rosterBefore !== undefined && next.roster !== rosterBefore)
  );
}

/**
 * The class home, the Students page and the projector view stay live (issue
 * 36): they listen to the class's stream (/class/{id}/live) and reload their
 * data when its waiting devices or its class list change (a child joining
 * with the code is a class list change). The first snapshot is compared with
 * what the page shows (classLiveChanged), so a change between the page's
 * read and the stream's start is not missed. Without JavaScript nothing
 * runs: the page's refresh link brings it up to date.
 */
export function useClassLive(classId: number, shown: ShownClassLive) {
  return useLiveRevalidation<ClassLiveState>(`/class/${classId}/live`, {
    onSnapshot: (next, previous) => classLiveChanged(next, previous, shown),
  });
}
