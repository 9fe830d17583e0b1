/**
 * The bench's data: the demo seed plus two classes whose active assignment
 * of one survey has 30 and thousands of responses, so the results screen
 * can be measured at 30 and at 5,000 responses in the same run.
 */
import { and, asc, eq } from "drizzle-orm";
import { listAnswerFields } from "~/lib/survey-content";
import { hashPassword } from "~/server/auth/password.server";
import type { Db } from "~/server/db/client.server";
import {
  assignments,
  classes,
  classStudents,
  classTeachers,
  credentials,
  responses,
  students,
  surveys,
  users,
} from "~/server/db/schema.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { createLocalContentSource } from "~/server/surveys/local-source.server";
import { prepareTrendsBenchData, type TrendsBenchData } from "./trends-fixtures";

export const SMALL_CLASS_NAME = "Bench: one class's worth";
export const LARGE_CLASS_NAME = "Bench: whole-year assembly";
/** The "one with 30": a class's worth of responses. */
export const SMALL_RESPONSES = 30;

export interface BenchData extends TrendsBenchData {
  /** The demo teacher's first class (students with contacts, a live code): class home and students screen. */
  classId: number;
  smallClassId: number;
  smallResultsAssignmentId: number;
  smallResponses: number;
  largeClassId: number;
  largeResultsAssignmentId: number;
  largeResponses: number;
  /**
   * Co-teachers of the small class, to open many streams as many viewers: a viewer may hold
   * LIVE_STREAM_LIMITS.perSession streams a session and perUser in all (issue #35).
   */
  liveViewers: { email: string; password: string }[];
  /** The demo class's active assignment: its answering page, as a student who joined with the demo code. */
  answerAssignmentId: number;
}

/** The demo class's code (seedDemoData): the bench joins with it as a student. */
export const DEMO_CLASS_CODE = "SUNNY-4821";

/** Viewers enough for 800 streams at 10 a session. */
const LIVE_VIEWERS = 80;
const LIVE_VIEWER_PASSWORD = "Bench-Viewer-2026";

const BATCH = 500;

/**
 * Seeds the demo data (if empty) and adds, once, two classes whose active
 * assignment of the same survey has 30 and `largeResponses` responses made
 * the same way: the results screen at both sizes, and nothing else different.
 */
export async function prepareBenchData(
  db: Db,
  options: { contentDir: string; largeResponses: number },
): Promise<BenchData> {
  await seedDemoData(db, { contentDir: options.contentDir });
  const teacherEmail = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!.email;
  const [teacher] = await db.select().from(users).where(eq(users.email, teacherEmail));
  const [demoClass] = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
    .where(eq(classTeachers.userId, teacher.id))
    .orderBy(asc(classes.name))
    .limit(1);
  const small = await benchClass(db, teacher, {
    name: SMALL_CLASS_NAME,
    responses: SMALL_RESPONSES,
    contentDir: options.contentDir,
  });
  const large = await benchClass(db, teacher, {
    name: LARGE_CLASS_NAME,
    responses: options.largeResponses,
    contentDir: options.contentDir,
  });
  const liveViewers = await benchViewers(db, teacher, small.classId);
  const trends = await prepareTrendsBenchData(db, teacher, options.contentDir);
  const [answering] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.classId, demoClass.id), eq(assignments.status, "active")))
    .limit(1);
  return {
    ...trends,
    liveViewers,
    answerAssignmentId: answering.id,
    classId: demoClass.id,
    smallClassId: small.classId,
    smallResultsAssignmentId: small.assignmentId,
    smallResponses: small.responses,
    largeClassId: large.classId,
    largeResultsAssignmentId: large.assignmentId,
    largeResponses: large.responses,
  };
}

/** The small class's co-teachers (made on the first run), each with a password. */
async function benchViewers(db: Db, teacher: typeof users.$inferSelect, classId: number) {
  const viewers = Array.from({ length: LIVE_VIEWERS }, (_, i) => ({
    email: `bench.viewer.${i}@bench.example`,
    password: LIVE_VIEWER_PASSWORD,
  }));
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.email, viewers[0].email));
  if (first) return viewers;
  const passwordHash = await hashPassword(LIVE_VIEWER_PASSWORD);
  for (const [i, viewer] of viewers.entries()) {
    const [user] = await db
      .insert(users)
      .values({
        name: `Bench Viewer ${i}`,
        email: viewer.email,
        role: "teacher",
        schoolId: teacher.schoolId,
        emailVerified: true,
      })
      .returning({ id: users.id });
    await db.insert(credentials).values({ userId: user.id, passwordHash });
    await db.insert(classTeachers).values({ classId, userId: user.id, role: "co-teacher" });
  }
  return viewers;
}

interface BenchClass {
  classId: number;
  assignmentId: number;
  responses: number;
}

/** The class of this name, made on the first run: one student per response. */
async function benchClass(
  db: Db,
  teacher: typeof users.$inferSelect,
  options: { name: string; responses: number; contentDir: string },
): Promise<BenchClass> {
  const [existing] = await db.select().from(classes).where(eq(classes.name, options.name));
  if (existing) {
    const [assignment] = await db.select().from(assignments).where(eq(assignments.classId, existing.id));
    return {
      classId: existing.id,
      assignmentId: assignment.id,
      responses: await db.$count(responses, eq(responses.assignmentId, assignment.id)),
    };
  }
  const stories = await createLocalContentSource(options.contentDir).listStories();
  const [survey] = await db.select().from(surveys).orderBy(asc(surveys.fullSlug)).limit(1);
  const story = stories.find((candidate) => candidate.full_slug === survey.fullSlug)!;
  const fields = listAnswerFields(story.content);

  return db.transaction(async (tx) => {
    const [classRow] = await tx.insert(classes).values({ name: options.name, schoolId: teacher.schoolId! }).returning();
    await tx.insert(classTeachers).values({ classId: classRow.id, userId: teacher.id, role: "owner" });
    const [assignment] = await tx
      .insert(assignments)
      .values({ classId: classRow.id, surveyId: survey.id, status: "active", startedAt: new Date() })
      .returning();
    for (let offset = 0; offset < options.responses; offset += BATCH) {
      const count = Math.min(BATCH, options.responses - offset);
      const rows = await tx
        .insert(students)
        .values(
          Array.from({ length: count }, (_, i) => ({
            schoolId: teacher.schoolId!,
            firstName: "Pupil",
            lastName: `No. ${offset + i + 1}`,
          })),
        )
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
    return { classId: classRow.id, assignmentId: assignment.id, responses: options.responses };
  });
}

/** Varied but deterministic answers: every option and choice gets some, half write text. */
export function answersFor(fields: ReturnType<typeof listAnswerFields>, n: number): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === "option" && field.options.length)
      answers[field.uid] = field.options[n % field.options.length].index;
    if (field.kind === "choice" && field.choices.length)
      answers[field.uid] = field.choices[(n * 7) % field.choices.length];
    if (field.kind === "freetext" && n % 2 === 0)
      answers[field.uid] = `Answer number ${n}: the lesson was ${n % 3 ? "fun" : "hard"}.`;
  }
  return answers;
}
