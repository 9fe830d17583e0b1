/** GET /api/student/v1/surveys/{surveyId} (bearer token): the survey content of an active assignment. */

import { getStudentSurvey } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { parseId } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/survey";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const surveyId = parseId(params.surveyId);
    return Response.json(await getStudentSurvey(db, content, student, surveyId));
  }, context);
}
