/**
 * POST /api/classes/{classId}/surveys/{surveyId}/assign: assign the survey; twice is a 409.
 * The body may be empty, or `{ "anonymous": true }` for an anonymous assignment (docs/product.md#anonymous-assignments).
 */
import { z } from "zod";
import { strictBody } from "~/lib/schemas/strict-body";
import { assignSurvey } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/assign-survey";

const assignBody = strictBody({ anonymous: z.boolean().optional() });

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const surveyId = parseId(params.surveyId);
    const body = parseInput(assignBody, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    const assignment = await assignSurvey(db, user, { classId, surveyId, anonymous: body.anonymous });
    return Response.json({ assignment, message: "Survey assigned successfully!" }, { status: 201 });
  }, context);
}
