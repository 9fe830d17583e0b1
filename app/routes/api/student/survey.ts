/** GET /api/student/v1/surveys/{surveyId} (bearer token): the survey content of an active assignment. */
import { parseId } from "~/server/api.server";
import { getAppFromContext } from "~/server/context.server";
import { getStudentSurvey } from "~/server/student-api/assignments.server";
import { handleStudentApi } from "~/server/student-api/errors.server";
import { authenticateStudent } from "~/server/student-api/tokens.server";
import type { Route } from "./+types/survey";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const surveyId = parseId(params.surveyId);
    return Response.json(await getStudentSurvey(db, content, student, surveyId));
  });
}
