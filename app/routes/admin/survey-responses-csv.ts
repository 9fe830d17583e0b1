/** /admin/survey/{surveyId}/responses.csv: the filtered responses (every page) as a CSV download. */

import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { csvDownload } from "~/server/csv/csv.server";
import { buildSurveyResponsesCsv, getSurveyRecord, responseFiltersSchema } from "~/server/responses/responses.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import type { Route } from "./+types/survey-responses-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db, content } = getAppFromContext(context);
  // A bad id or another school's survey is 404; a filter out of range is a 400 that says which (parseSearchParams).
  const surveyId = recordIdParam(params.surveyId);
  const survey = await orNotFound(getSurveyRecord(db, user, surveyId));
  const { snapshot } = await content.read();
  const surveyContent = snapshot?.bySlug.get(survey.fullSlug)?.content ?? null;
  const filters = parseSearchParams(responseFiltersSchema, new URL(request.url).searchParams);
  const csv = await orNotFound(buildSurveyResponsesCsv(db, user, surveyId, filters, surveyContent));
  return csvDownload(csv.filename, csv.body);
}
