/** /admin/schools/{schoolId}/survey/{surveyId}/csv: the school view in long form, one row per class (or total), question and option. */

import { csvDownload } from "~/server/csv/csv.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { schoolSurveyCsv } from "~/server/trends/trends-csv.server";
import { loadSchoolSurveyView } from "./__survey/school-survey-view.server";
import type { Route } from "./+types/school-survey-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const view = await loadSchoolSurveyView(request, context, params);
  const t = await getServerT(context, "staff");
  return csvDownload(
    `survey-${view.surveyId}-across-classes.csv`,
    schoolSurveyCsv(view, (text, values) => t(text, values)),
  );
}
