/** POST /api/classes/{classId}/surveys/{surveyId}/assign (empty body): assign the survey; twice is a 409. */
import { handleApi, jsonError, parseId } from "~/server/api.server";
import { assignSurvey } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import type { Route } from "./+types/assign-survey";

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return jsonError(405, "METHOD_NOT_ALLOWED", "Use POST.");
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const surveyId = parseId(params.surveyId);
    const { db } = getAppFromContext(context);
    const assignment = await assignSurvey(db, user, { classId, surveyId });
    return Response.json({ assignment, message: "Survey assigned successfully!" }, { status: 201 });
  });
}
