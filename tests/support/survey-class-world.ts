/**
 * A class answering the shipped survey "Starting the school year" through
 * the real submission function: the content, the survey's record and, per
 * test, a school (with its own small-group threshold), a teacher, a school
 * admin, a class, an assignment and students who can submit
 * (tests/integration/anonymity-over-time.test.ts, anonymous-releases.test.ts).
 */
import { eq } from "drizzle-orm";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import type { App } from "~/server/app.server";
import { loadSurveyStory } from "~/server/assignments/student-assignments.server";
import { createSurveyContentLookup, type SurveyContentLookup } from "~/server/assignments/survey-content.server";
import type { Database } from "~/server/db/client.server";
import { schools } from "~/server/db/schema.server";
import {
  authenticateStudentToken,
  issueStudentToken,
  type StudentPrincipal,
} from "~/server/students/student-tokens.server";
import {
  actorOf,
  createAssignment,
  createClass,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "./fixtures";
import { createTestApp } from "./test-app";

export const SCHOOL_YEAR_SLUG = "surveys/starting-the-school-year";

export interface SurveyContext {
  app: App;
  surveyId: number;
  lookup: SurveyContentLookup;
  fields: AnswerField[];
}

/** The app (with the shipped content), the survey's record and its answer fields; once per test file. */
export async function openSchoolYearSurvey(database: Database): Promise<SurveyContext> {
  return openShippedSurvey(database, SCHOOL_YEAR_SLUG, "Starting the school year");
}

/** The same for any shipped survey (content/surveys/**) by its full slug. */
export async function openShippedSurvey(database: Database, fullSlug: string, title: string): Promise<SurveyContext> {
  const app = await createTestApp(database);
  const surveyId = (await createSurvey(database.db, { fullSlug, title })).id;
  const fields = listAnswerFields((await loadSurveyStory(app.content, fullSlug)).content);
  return { app, surveyId, lookup: createSurveyContentLookup(app.content), fields };
}

/** A school with `threshold` (default 5), its teacher and admin, a class of `size` students and a running assignment. */
export async function createAnsweringClass(
  database: Database,
  context: SurveyContext,
  options: { size: number; threshold?: number; anonymous?: boolean },
) {
  const { db } = database;
  const school = await createSchool(db);
  if (options.threshold !== undefined)
    await db.update(schools).set({ minGroupSize: options.threshold }).where(eq(schools.id, school.id));
  const teacher = actorOf(await createUser(db, { schoolId: school.id }));
  const admin = actorOf(await createUser(db, { schoolId: school.id, role: "admin" }));
  const klass = await createClass(db, { schoolId: school.id, teacherIds: [teacher.id] });
  const assignment = await createAssignment(db, {
    classId: klass.id,
    surveyId: context.surveyId,
    status: "active",
    anonymous: options.anonymous ?? true,
  });
  const students: StudentPrincipal[] = [];
  for (let i = 0; i < options.size; i++) {
    const student = await createStudent(db, { schoolId: school.id, classId: klass.id });
    // A real token each, so per-token limits count each student apart, as in the product.
    const token = await issueStudentToken(db, { studentId: student.id, classId: klass.id, kind: "app" });
    const principal = await authenticateStudentToken(db, token, { kind: "app" });
    if (!principal) throw new Error("a fresh student token must authenticate");
    students.push(principal);
  }
  return { school, teacher, admin, klass, assignment, students };
}
