/**
 * GET /api/surveys/{surveyId}/responses: a survey's responses across the
 * admin's classes. Query: schoolId, classId, status, from, to (YYYY-MM-DD,
 * UTC, inclusive), page, pageSize (≤ 200). A response to an anonymous
 * assignment comes without studentName, id or submittedAt (all null), after
 * the named ones. Admins only: others get 404
 * (the original had no check; we have one: docs/product.md#admin-surveys).
 */

import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { queryResponses, responseFiltersSchema } from "~/server/responses/responses.server";
import { handleApi, parseId } from "~/server/web/api.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import type { Route } from "./+types/survey-responses";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const surveyId = parseId(params.surveyId);
    const filters = parseSearchParams(responseFiltersSchema, new URL(request.url).searchParams);
    const { db } = getAppFromContext(context);
    const page = await queryResponses(db, user, surveyId, filters);
    return Response.json({
      data: page.responses.map((row) => ({ ...row, submittedAt: row.submittedAt?.toISOString() ?? null })),
      count: page.total,
      page: page.page,
      pageCount: page.pageCount,
      pageSize: page.pageSize,
      filters,
    });
  }, context);
}
