/** /admin/schools/{schoolId}/survey/{surveyId}/csv: the school view in long form, one row per class (or total), question and option. */

import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { csvDownload } from "~/server/csv/csv.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { getSchoolSurveyView } from "~/server/trends/school-survey.server";
import { schoolSurveyCsv } from "~/server/trends/trends-csv.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/school-survey-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const t = await getServerT(context, "staff");
  const { db, content } = getAppFromContext(context);
  const input = { schoolId: recordIdParam(params.schoolId), surveyId: recordIdParam(params.surveyId) };
  const view = await orNotFound(getSchoolSurveyView(db, user, input, createSurveyContentLookup(content)));
  return csvDownload(
    `survey-${view.surveyId}-across-classes.csv`,
    schoolSurveyCsv(view, (text, values) => t(text, values)),
  );
}
