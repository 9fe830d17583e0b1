/** /admin/survey/{surveyId}/responses.csv: the filtered responses (every page) as a CSV download. */

import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { csvDownload } from "~/server/csv/csv.server";
import { isDomainError } from "~/server/errors.server";
import {
  buildSurveyResponsesCsv,
  getSurveyRecord,
  responseFiltersFromSearch,
} from "~/server/responses/responses.server";
import { parseId } from "~/server/web/api.server";
import type { Route } from "./+types/survey-responses-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db, content } = getAppFromContext(context);
  try {
    const surveyId = parseId(params.surveyId);
    const survey = await getSurveyRecord(db, user, surveyId);
    const { snapshot } = await content.read();
    const surveyContent = snapshot?.bySlug.get(survey.fullSlug)?.content ?? null;
    const filters = responseFiltersFromSearch(new URL(request.url).searchParams);
    const csv = await buildSurveyResponsesCsv(db, user, surveyId, filters, surveyContent);
    return csvDownload(csv.filename, csv.body);
  } catch (error) {
    // A filter out of range is a 400 that says which (parseSearchParams); a bad id or another school's survey is 404.
    if (error instanceof Response && error.status === 400) throw error;
    if (error instanceof Response || (isDomainError(error) && error.code === "NOT_FOUND")) {
      return new Response("Not Found", { status: 404, statusText: "Not Found" });
    }
    throw error;
  }
}
