/** /class/{classId}/surveys/results/{assignmentId}/csv: every response as a CSV download. */

import { parseId } from "~/server/api.server";
import { buildResponsesCsv } from "~/server/assignments/results.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { requireClassTeacher } from "~/server/classes/class-screen.server";
import { csvDownload } from "~/server/csv.server";
import { isDomainError } from "~/server/errors.server";
import { redirectWithError } from "~/server/redirects.server";
import { notFoundPage } from "~/server/screen-errors.server";
import type { Route } from "./+types/survey-results-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = parseId(params.assignmentId);
  try {
    const csv = await buildResponsesCsv(db, user, { classId, assignmentId }, createSurveyContentLookup(content));
    return csvDownload(csv.filename, csv.body);
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") throw notFoundPage();
    // Small-group protection: back to the results page, which says why.
    if (isDomainError(error) && error.code === "CONFLICT") {
      return redirectWithError(`/class/${classId}/surveys/results/${assignmentId}`, error.message);
    }
    throw error;
  }
}
