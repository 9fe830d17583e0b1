/**
 * Series and rounds for the trends and school views' tests (issue #38), made
 * straight in the database: the forms that make them are another screen's.
 * A round is an assignment with `series_id`, started a given number of days ago.
 */
import type { Db } from "~/server/db/client.server";
import { assignmentSeries, assignments } from "~/server/db/schema.server";

const DAY = 86_400_000;

export async function createSeries(
  db: Db,
  values: { classId: number; surveyId: number; anonymous?: boolean; rounds: number },
) {
  const [series] = await db
    .insert(assignmentSeries)
    .values({ classId: values.classId, surveyId: values.surveyId, anonymous: values.anonymous ?? false })
    .returning();
  const rounds = [];
  for (let i = 0; i < values.rounds; i++) {
    const startedAt = new Date(Date.now() - (values.rounds - i) * 14 * DAY);
    const [round] = await db
      .insert(assignments)
      .values({
        classId: values.classId,
        surveyId: values.surveyId,
        seriesId: series.id,
        anonymous: values.anonymous ?? false,
        status: "completed",
        startedAt,
        closedAt: new Date(startedAt.getTime() + DAY),
      })
      .returning();
    rounds.push(round);
  }
  return { series, rounds };
}
