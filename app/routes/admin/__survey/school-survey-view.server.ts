import type { RouterContextProvider } from "react-router";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getSchoolSurveyView } from "~/server/trends/school-survey.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";

/** The school view of /admin/schools/{schoolId}/survey/{surveyId} and its CSV: admins in scope, else the 404 page. */
export async function loadSchoolSurveyView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { schoolId: string; surveyId: string },
) {
  const user = await requireAdmin(request, context);
  const { db, content } = getAppFromContext(context);
  const input = { schoolId: recordIdParam(params.schoolId), surveyId: recordIdParam(params.surveyId) };
  return orNotFound(getSchoolSurveyView(db, user, input, createSurveyContentLookup(content)));
}
