/** /class/{classId}/surveys/series/{seriesId}/csv: the series in long form, one row per round, question and option. */

import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { csvDownload } from "~/server/csv/csv.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { getSeriesTrend } from "~/server/trends/trends.server";
import { seriesTrendCsv } from "~/server/trends/trends-csv.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/series-trends-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const t = await getServerT(context, "staff");
  const seriesId = recordIdParam(params.seriesId);
  const trend = await orNotFound(getSeriesTrend(db, user, { classId, seriesId }, createSurveyContentLookup(content)));
  return csvDownload(
    `series-${trend.seriesId}-over-time.csv`,
    seriesTrendCsv(trend, (text, values) => t(text, values)),
  );
}
