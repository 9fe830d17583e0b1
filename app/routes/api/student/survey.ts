/**
 * GET /api/student/v1/surveys/{surveyId} (bearer token): the survey content of
 * an active assignment, in the student's language where the survey has a
 * version in it (ADR 241); `language` and Content-Language say which.
 */

import { getStudentSurvey } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { studentApiLanguage } from "~/server/i18n/i18n.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { parseId } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/survey";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const surveyId = parseId(params.surveyId);
    const language = await studentApiLanguage(request, context, student.classId);
    const survey = await getStudentSurvey(db, content, student, surveyId, language);
    return Response.json(survey, { headers: { "Content-Language": survey.language, Vary: "Accept-Language" } });
  }, context);
}
