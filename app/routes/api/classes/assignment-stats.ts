/** GET /api/classes/{classId}/assignments/{assignmentId}/stats: the results, computed in SQL. */

import { getAssignmentResults } from "~/server/assignments/results.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/assignment-stats";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const assignmentId = parseId(params.assignmentId);
    const { db, content } = getAppFromContext(context);
    return Response.json(
      await getAssignmentResults(db, user, { classId, assignmentId }, createSurveyContentLookup(content)),
    );
  }, context);
}
