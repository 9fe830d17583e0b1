/**
 * The bench's data: the demo seed plus one large class whose active
 * assignment has thousands of responses, so the results screen can be
 * measured at 30 and at 5,000 responses in the same run.
 */
import { and, asc, eq } from "drizzle-orm";
import { listAnswerFields } from "~/lib/survey-content";
import type { Db } from "~/server/db/client.server";
import { assignments, classes, classStudents, classTeachers, responses, students, surveys, users } from "~/server/db/schema.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { createLocalContentSource } from "~/server/surveys/local-source.server";

export const LARGE_CLASS_NAME = "Bench: whole-year assembly";

export interface BenchData {
  classId: number;
  smallResultsAssignmentId: number;
  smallResponses: number;
  largeClassId: number;
  largeResultsAssignmentId: number;
  largeResponses: number;
}

const BATCH = 500;

/** Seeds the demo data (if empty) and adds the large class once. */
export async function prepareBenchData(db: Db, options: { contentDir: string; largeResponses: number }): Promise<BenchData> {
  await seedDemoData(db, { contentDir: options.contentDir });
  const teacherEmail = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!.email;
  const [teacher] = await db.select().from(users).where(eq(users.email, teacherEmail));

  // The demo teacher's first class and its completed (closed) assignment: about 30 responses or fewer.
  const [small] = await db
    .select({ classId: classes.id, assignmentId: assignments.id })
    .from(classes)
    .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
    .innerJoin(assignments, eq(assignments.classId, classes.id))
    .where(and(eq(classTeachers.userId, teacher.id), eq(assignments.status, "completed")))
    .orderBy(asc(classes.name))
    .limit(1);
  const smallResponses = await db.$count(responses, eq(responses.assignmentId, small.assignmentId));

  const [existing] = await db.select().from(classes).where(eq(classes.name, LARGE_CLASS_NAME));
  const large = existing ? await findLarge(db, existing.id) : await createLarge(db, teacher, options);
  return { classId: small.classId, smallResultsAssignmentId: small.assignmentId, smallResponses, ...large };
}

async function findLarge(db: Db, classId: number) {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.classId, classId));
  return {
    largeClassId: classId,
    largeResultsAssignmentId: assignment.id,
    largeResponses: await db.$count(responses, eq(responses.assignmentId, assignment.id)),
  };
}

async function createLarge(db: Db, teacher: typeof users.$inferSelect, options: { contentDir: string; largeResponses: number }) {
  const stories = await createLocalContentSource(options.contentDir).listStories();
  const [survey] = await db.select().from(surveys).orderBy(asc(surveys.fullSlug)).limit(1);
  const story = stories.find((candidate) => candidate.full_slug === survey.fullSlug)!;
  const fields = listAnswerFields(story.content);

  return db.transaction(async (tx) => {
    const [classRow] = await tx.insert(classes).values({ name: LARGE_CLASS_NAME, schoolId: teacher.schoolId! }).returning();
    await tx.insert(classTeachers).values({ classId: classRow.id, userId: teacher.id, role: "owner" });
    const [assignment] = await tx
      .insert(assignments)
      .values({ classId: classRow.id, surveyId: survey.id, status: "active", startedAt: new Date() })
      .returning();
    for (let offset = 0; offset < options.largeResponses; offset += BATCH) {
      const count = Math.min(BATCH, options.largeResponses - offset);
      const rows = await tx
        .insert(students)
        .values(Array.from({ length: count }, (_, i) => ({ schoolId: teacher.schoolId!, firstName: "Pupil", lastName: `No. ${offset + i + 1}` })))
        .returning({ id: students.id });
      await tx.insert(classStudents).values(rows.map((row) => ({ classId: classRow.id, studentId: row.id })));
      await tx.insert(responses).values(
        rows.map((row, i) => ({
          assignmentId: assignment.id,
          studentId: row.id,
          answers: answersFor(fields, offset + i),
        })),
      );
    }
    return { largeClassId: classRow.id, largeResultsAssignmentId: assignment.id, largeResponses: options.largeResponses };
  });
}

/** Varied but deterministic answers: every option and choice gets some, half write text. */
export function answersFor(fields: ReturnType<typeof listAnswerFields>, n: number): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === "option" && field.options.length) answers[field.uid] = field.options[n % field.options.length].index;
    if (field.kind === "choice" && field.choices.length) answers[field.uid] = field.choices[(n * 7) % field.choices.length];
    if (field.kind === "freetext" && n % 2 === 0) answers[field.uid] = `Answer number ${n}: the lesson was ${n % 3 ? "fun" : "hard"}.`;
  }
  return answers;
}
