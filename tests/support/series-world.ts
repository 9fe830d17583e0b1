/**
 * Series and rounds for the trends and school views' tests (issue #38), made
 * straight in the database: the forms that make them are another screen's.
 * A round is an assignment with `series_id`, started a given number of days ago.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { assignmentSeries, assignments, classes, surveys } from "~/server/db/schema.server";
import { createResponse, createSchool, createStudent } from "./fixtures";

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

/**
 * The e2e world's series (tests/e2e/class-area.test.ts): 6 Maple (Year 6) gets five more students
 * and a series of the ready-made wellbeing check-in in two rounds, the first answered by six
 * students (shown), the second by two (too few to show).
 */
export async function addWellbeingSeries(db: Db, world: { riverside: { id: number }; class6: { id: number } }) {
  const [survey] = await db
    .select()
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/your-school/wellbeing-check-in"));
  if (!survey) throw new Error("The e2e template has no ready-made wellbeing check-in: did the registry sync?");
  await db.update(classes).set({ yearGroup: "Year 6" }).where(eq(classes.id, world.class6.id));
  const respondents = [];
  for (let i = 0; i < 6; i++)
    respondents.push(await createStudent(db, { schoolId: world.riverside.id, classId: world.class6.id }));
  const { series, rounds } = await createSeries(db, { classId: world.class6.id, surveyId: survey.id, rounds: 2 });
  for (const [i, student] of respondents.entries())
    await createResponse(db, { assignmentId: rounds[0].id, studentId: student.id, answers: { "ywb-energy": i % 5 } });
  for (const student of respondents.slice(0, 2))
    await createResponse(db, { assignmentId: rounds[1].id, studentId: student.id, answers: { "ywb-energy": 4 } });
  return { series, rounds, surveyId: survey.id };
}

/**
 * First-time states of the trends and school views (tests/e2e/class-area.test.ts): 7 Cedar
 * (hillside) gets a series of the wellbeing check-in in two rounds nobody has answered yet, and a
 * school with no classes at all is made.
 */
export async function addFirstTimeViews(db: Db, world: { hillClass: { id: number } }) {
  const [survey] = await db
    .select()
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/your-school/wellbeing-check-in"));
  const { series } = await createSeries(db, { classId: world.hillClass.id, surveyId: survey.id, rounds: 2 });
  const [climate] = await db
    .select()
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/your-school/class-climate-check"));
  const noClasses = await createSchool(db, { name: "Lakeside (no classes yet)" });
  return { unansweredSeries: series, climateSurveyId: climate.id, noClasses };
}
