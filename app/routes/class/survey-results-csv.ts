/** /class/{classId}/surveys/results/{assignmentId}/csv: every response as a CSV download. */

import { buildResponsesCsv } from "~/server/assignments/results.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { csvDownload } from "~/server/csv/csv.server";
import { isDomainError } from "~/server/errors.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/survey-results-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const t = await getServerT(context, "staff");
  const assignmentId = recordIdParam(params.assignmentId);
  try {
    const lookup = createSurveyContentLookup(content);
    const csv = await orNotFound(buildResponsesCsv(db, user, { classId, assignmentId }, lookup, (header) => t(header)));
    return csvDownload(csv.filename, csv.body);
  } catch (error) {
    // Small-group protection: back to the results page, which says why.
    if (isDomainError(error) && error.code === "CONFLICT") {
      return redirectWithError(`/class/${classId}/surveys/results/${assignmentId}`, error.message);
    }
    throw error;
  }
}
