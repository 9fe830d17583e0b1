/**
 * The fields of an assignment as lists show it: its columns, its survey's
 * title and slug, and how many responses it has; of `assignments` and
 * `surveys` or of aliases of them, for a select or a JSON subquery.
 */
import type { Column, SQL } from "drizzle-orm";
import { responseCountOf } from "../responses/tallies.server";

export function assignmentSummaryFields<
  A extends {
    id: Column;
    surveyId: Column;
    status: Column;
    startedAt: Column;
    closedAt: Column;
    createdAt: Column;
    anonymous: Column;
    opensAt: Column;
    closesAt: Column;
    seriesId: Column;
  },
  S extends { title: Column; fullSlug: Column },
>(
  assignment: A,
  survey: S,
): Pick<
  A,
  | "id"
  | "surveyId"
  | "status"
  | "startedAt"
  | "closedAt"
  | "createdAt"
  | "anonymous"
  | "opensAt"
  | "closesAt"
  | "seriesId"
> & {
  surveyTitle: S["title"];
  surveyFullSlug: S["fullSlug"];
  responseCount: SQL<number>;
} {
  return {
    id: assignment.id,
    surveyId: assignment.surveyId,
    surveyTitle: survey.title,
    surveyFullSlug: survey.fullSlug,
    status: assignment.status,
    startedAt: assignment.startedAt,
    closedAt: assignment.closedAt,
    createdAt: assignment.createdAt,
    anonymous: assignment.anonymous,
    opensAt: assignment.opensAt,
    closesAt: assignment.closesAt,
    seriesId: assignment.seriesId,
    responseCount: responseCountOf(assignment.id),
  };
}
