/**
 * `npm run load`'s data: the demo seed, a few teachers, and classes of
 * students who have joined (each holds a student token) with every survey
 * assigned and started. Each (student, assignment) pair is submitted once,
 * so every successful submission must leave exactly one new response.
 *
 * The students and tokens are written here, not through POST /join, to keep
 * the stream about answering (the school morning, school-morning.ts, joins
 * through /join). Tokens are made the way issueStudentToken makes them
 * (prefix, 256 random bits, SHA-256 stored).
 */
import { eq, isNull } from "drizzle-orm";
import { listAnswerFields } from "~/lib/survey-content";
import { hashPassword } from "~/server/auth/password.server";
import { hashToken, newToken } from "~/server/auth/session.server";
import type { Db } from "~/server/db/client.server";
import {
  assignments,
  classCodes,
  classes,
  classStudents,
  classTeachers,
  credentials,
  students,
  studentTokens,
  surveys,
  users,
} from "~/server/db/schema.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { STUDENT_TOKEN_PREFIX } from "~/server/students/student-tokens.server";
import { createLocalContentSource } from "~/server/surveys/local-source.server";
import { answersFor } from "../bench/fixtures";

export interface LoadClass {
  id: number;
  /** Index into LoadData.teachers: the class's owner. */
  teacher: number;
  /** One per student, in roster order. */
  tokens: string[];
  /** Every survey, assigned and active; body is a valid submission (JSON). */
  assignments: { id: number; body: string }[];
}

/** A class whose students answer through the web form: they join with its class code first. */
export interface WebLoadClass {
  code: string;
  /** Roster names, to join with. */
  students: { firstName: string; lastName: string }[];
  /** Every survey, assigned and active; form is a valid answering-form body (urlencoded, without formToken). */
  assignments: { id: number; form: string }[];
}

export interface LoadData {
  teachers: { email: string; password: string }[];
  classes: LoadClass[];
  webClasses: WebLoadClass[];
}

export const LOAD_PASSWORD = "Load-Teacher-1";

export async function prepareLoadData(
  db: Db,
  options: { contentDir: string; submissions: number; classSize: number; teacherCount: number; webClassCount?: number },
): Promise<LoadData> {
  await seedDemoData(db, { contentDir: options.contentDir });
  const demoTeacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
  const [{ schoolId }] = await db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.email, demoTeacher.email));

  // Teachers (kept when the database already has them from an earlier run).
  const passwordHash = await hashPassword(LOAD_PASSWORD);
  const teachers: { id: number; email: string; password: string }[] = [];
  for (let n = 1; n <= options.teacherCount; n++) {
    const email = `load-teacher-${n}@riverside.example`;
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) {
      [user] = await db
        .insert(users)
        .values({ name: `Load Teacher ${n}`, email, role: "teacher", emailVerified: true, schoolId })
        .returning({ id: users.id });
      await db.insert(credentials).values({ userId: user.id, passwordHash });
    }
    teachers.push({ id: user.id, email, password: LOAD_PASSWORD });
  }

  const stories = await createLocalContentSource(options.contentDir).listStories();
  const surveyRows = await db.select().from(surveys).where(isNull(surveys.removedAt)).orderBy(surveys.fullSlug);
  const bodies = new Map(
    surveyRows.map((survey, n) => {
      const story = stories.find((candidate) => candidate.full_slug === survey.fullSlug)!;
      return [survey.id, JSON.stringify({ answers: answersFor(listAnswerFields(story.content), n) })];
    }),
  );

  // Enough classes for `submissions` distinct (student, assignment) pairs.
  const classCount = Math.ceil(options.submissions / (options.classSize * surveyRows.length));
  const loadClasses: LoadClass[] = [];
  for (let c = 0; c < classCount; c++) {
    const teacher = c % teachers.length;
    loadClasses.push(
      await db.transaction(async (tx) => {
        const [classRow] = await tx
          .insert(classes)
          .values({ name: `Load ${c + 1}`, schoolId: schoolId! })
          .returning({ id: classes.id });
        await tx.insert(classTeachers).values({ classId: classRow.id, userId: teachers[teacher].id, role: "owner" });
        const studentRows = await tx
          .insert(students)
          .values(
            Array.from({ length: options.classSize }, (_, i) => ({
              schoolId: schoolId!,
              firstName: "Load",
              lastName: `Pupil ${c + 1}.${i + 1}`,
            })),
          )
          .returning({ id: students.id });
        await tx.insert(classStudents).values(studentRows.map((row) => ({ classId: classRow.id, studentId: row.id })));
        const tokens = studentRows.map(() => `${STUDENT_TOKEN_PREFIX}${newToken()}`);
        await tx
          .insert(studentTokens)
          .values(
            studentRows.map((row, i) => ({ studentId: row.id, classId: classRow.id, tokenHash: hashToken(tokens[i]) })),
          );
        const assignmentRows = await tx
          .insert(assignments)
          .values(
            surveyRows.map((survey) => ({
              classId: classRow.id,
              surveyId: survey.id,
              status: "active" as const,
              startedAt: new Date(),
            })),
          )
          .returning({ id: assignments.id, surveyId: assignments.surveyId });
        return {
          id: classRow.id,
          teacher,
          tokens,
          assignments: assignmentRows.map((row) => ({ id: row.id, body: bodies.get(row.surveyId)! })),
        };
      }),
    );
  }
  // Classes for the web stream: a live class code each; their students join through /join.
  const forms = new Map(
    surveyRows.map((survey, n) => {
      const story = stories.find((candidate) => candidate.full_slug === survey.fullSlug)!;
      const answers = answersFor(listAnswerFields(story.content), n);
      return [
        survey.id,
        new URLSearchParams(Object.entries(answers).map(([uid, value]) => [`answer.${uid}`, String(value)])).toString(),
      ];
    }),
  );
  const webClasses: WebLoadClass[] = [];
  for (let c = 0; c < (options.webClassCount ?? 0); c++) {
    webClasses.push(
      await db.transaction(async (tx) => {
        const [classRow] = await tx
          .insert(classes)
          .values({ name: `Load web ${c + 1}`, schoolId: schoolId! })
          .returning({ id: classes.id });
        await tx.insert(classTeachers).values({ classId: classRow.id, userId: teachers[0].id, role: "owner" });
        const names = Array.from({ length: options.classSize }, (_, i) => ({
          firstName: "Web",
          lastName: `Pupil ${c + 1}.${i + 1}`,
        }));
        const studentRows = await tx
          .insert(students)
          .values(names.map((name) => ({ schoolId: schoolId!, ...name })))
          .returning({ id: students.id });
        await tx.insert(classStudents).values(studentRows.map((row) => ({ classId: classRow.id, studentId: row.id })));
        const code = `LOADWEB-${1000 + c}`;
        await tx
          .insert(classCodes)
          .values({ classId: classRow.id, code, expiresAt: new Date(Date.now() + 86_400_000) });
        const assignmentRows = await tx
          .insert(assignments)
          .values(
            surveyRows.map((survey) => ({
              classId: classRow.id,
              surveyId: survey.id,
              status: "active" as const,
              startedAt: new Date(),
            })),
          )
          .returning({ id: assignments.id, surveyId: assignments.surveyId });
        return {
          code,
          students: names,
          assignments: assignmentRows.map((row) => ({ id: row.id, form: forms.get(row.surveyId)! })),
        };
      }),
    );
  }
  return { teachers, classes: loadClasses, webClasses };
}
