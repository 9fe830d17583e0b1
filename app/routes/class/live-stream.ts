/**
 * /class/{classId}/live: the class's live state as server-sent events
 * (issue 36): its waiting devices and its class list. The class home and the
 * Students page listen and reload their data when it moves ("join requests
 * changed", "roster changed"). One stream per open page, in the live
 * streams' budget (docs/security.md). Signed out 401; a class the user may
 * not see 404 (to an EventSource, an `end` event: live-stream.server.ts).
 */
import { getClassLiveState } from "~/server/classes/class-live.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import { liveEventStream } from "~/server/web/live-stream.server";
import type { Route } from "./+types/live-stream";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const classId = parseId(params.classId);
    const { db } = getAppFromContext(context);
    return liveEventStream(request, context, {
      subscribe: (app, onChange) => app.classEvents.subscribe(classId, onChange),
      readSnapshot: (user) => getClassLiveState(db, user, classId),
      logContext: { classId },
    });
  }, context);
}
