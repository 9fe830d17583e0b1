/**
 * The trends bench's data (issue #38): a class of 30 with a series of 20 rounds of the ready-made
 * wellbeing check-in, every round answered by all 30, and 40 classes of 30 in the demo teacher's
 * school that answered it once, across four year groups: the series over time and the school view.
 * The 40 classes belong to another teacher of the school (SCHOOL_VIEW_TEACHER_EMAIL), not to the
 * demo teacher: the school view counts every class of the school, and the demo teacher's own pages
 * (the class home's class switcher) are measured with the classes a real teacher has (issue 34).
 */
import { eq } from "drizzle-orm";
import { listAnswerFields } from "~/lib/survey-content";
import type { Db } from "~/server/db/client.server";
import {
  assignmentSeries,
  assignments,
  classes,
  classStudents,
  classTeachers,
  responses,
  students,
  surveys,
  users,
} from "~/server/db/schema.server";
import { createLocalContentSource } from "~/server/surveys/local-source.server";
import { answersFor } from "./fixtures";

export const TRENDS_SLUG = "surveys/your-school/wellbeing-check-in";
export const TRENDS_CLASS_NAME = "Bench: twenty rounds";
const SCHOOL_CLASS_PREFIX = "Bench: school view";
export const TRENDS_ROUNDS = 20;
export const SCHOOL_CLASSES = 40;
const CLASS_SIZE = 30;
const DAY = 86_400_000;
/** The owner of the school view's 40 classes: a teacher of the demo school who never signs in. */
export const SCHOOL_VIEW_TEACHER_EMAIL = "bench.school-view@bench.example";

export interface TrendsBenchData {
  trendsClassId: number;
  trendsSeriesId: number;
  schoolId: number;
  schoolSurveyId: number;
}

type Teacher = typeof users.$inferSelect;

async function classWithStudents(tx: Db, teacher: Teacher, name: string, yearGroup: string | null) {
  const [klass] = await tx.insert(classes).values({ name, schoolId: teacher.schoolId!, yearGroup }).returning();
  await tx.insert(classTeachers).values({ classId: klass.id, userId: teacher.id, role: "owner" });
  const rows = await tx
    .insert(students)
    .values(
      Array.from({ length: CLASS_SIZE }, (_, i) => ({
        schoolId: teacher.schoolId!,
        firstName: "Pupil",
        lastName: `${name} ${i + 1}`,
      })),
    )
    .returning({ id: students.id });
  await tx.insert(classStudents).values(rows.map((row) => ({ classId: klass.id, studentId: row.id })));
  return { klass, studentIds: rows.map((row) => row.id) };
}

/** Made once (found by name on later runs). */
export async function prepareTrendsBenchData(db: Db, teacher: Teacher, contentDir: string): Promise<TrendsBenchData> {
  const [survey] = await db.select().from(surveys).where(eq(surveys.fullSlug, TRENDS_SLUG));
  if (!survey) throw new Error(`The bench needs the survey ${TRENDS_SLUG} in the content.`);
  const [existing] = await db.select().from(classes).where(eq(classes.name, TRENDS_CLASS_NAME));
  if (existing) {
    const [series] = await db.select().from(assignmentSeries).where(eq(assignmentSeries.classId, existing.id));
    return {
      trendsClassId: existing.id,
      trendsSeriesId: series.id,
      schoolId: existing.schoolId,
      schoolSurveyId: survey.id,
    };
  }
  const story = (await createLocalContentSource(contentDir).listStories()).find((s) => s.full_slug === TRENDS_SLUG)!;
  const fields = listAnswerFields(story.content);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const answer = async (assignmentId: number, studentIds: number[], salt: number) =>
      tx
        .insert(responses)
        .values(
          studentIds.map((studentId, i) => ({ assignmentId, studentId, answers: answersFor(fields, i * 3 + salt) })),
        );
    const { klass, studentIds } = await classWithStudents(tx, teacher, TRENDS_CLASS_NAME, "Year 4");
    const [series] = await tx.insert(assignmentSeries).values({ classId: klass.id, surveyId: survey.id }).returning();
    for (let round = 0; round < TRENDS_ROUNDS; round++) {
      const startedAt = new Date(Date.now() - (TRENDS_ROUNDS - round) * 14 * DAY);
      const [assignment] = await tx
        .insert(assignments)
        .values({ classId: klass.id, surveyId: survey.id, seriesId: series.id, status: "completed", startedAt })
        .returning();
      await answer(assignment.id, studentIds, round);
    }
    const [owner] = await tx
      .insert(users)
      .values({
        name: "Bench School-view Teacher",
        email: SCHOOL_VIEW_TEACHER_EMAIL,
        role: "teacher",
        schoolId: teacher.schoolId,
        emailVerified: true,
      })
      .returning();
    for (let c = 0; c < SCHOOL_CLASSES; c++) {
      const year = `Year ${3 + (c % 4)}`;
      const made = await classWithStudents(tx, owner, `${SCHOOL_CLASS_PREFIX} ${c + 1}`, year);
      const [assignment] = await tx
        .insert(assignments)
        .values({ classId: made.klass.id, surveyId: survey.id, status: "active", startedAt: new Date() })
        .returning();
      await answer(assignment.id, made.studentIds, c);
    }
    return { trendsClassId: klass.id, trendsSeriesId: series.id, schoolId: klass.schoolId, schoolSurveyId: survey.id };
  });
}
