/**
 * /class/{classId}/surveys/results/{assignmentId}/stream: the results'
 * live counts as server-sent events (ADR 206). The results screen listens
 * and reloads its data when they move. Signed out 401; an assignment the
 * user may not see 404, as on the results screen (to an EventSource, an
 * `end` event: live-stream.server.ts). Events have ids; a
 * reconnect with `Last-Event-ID` resumes without a repeat (issue #37).
 */

import { getLiveResults } from "~/server/assignments/live-results.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import { assignmentEventStream } from "~/server/web/live-stream.server";
import type { Route } from "./+types/survey-results-stream";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const classId = parseId(params.classId);
    const assignmentId = parseId(params.assignmentId);
    const { db, content } = getAppFromContext(context);
    const lookup = createSurveyContentLookup(content);
    return assignmentEventStream(request, context, {
      assignmentId,
      readSnapshot: (user) => getLiveResults(db, user, { classId, assignmentId }, lookup),
      changeSeqOf: (snapshot) => snapshot.changeSeq,
    });
  }, context);
}
