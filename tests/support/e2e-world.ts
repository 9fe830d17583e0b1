/**
 * The school an e2e test file makes for itself (run inside
 * `startAppServer({ fixtures })`, tests/support/app-fixtures.ts): the
 * permission cases of `createClassWorld` (tests/support/fixtures.ts), plus
 * what the screens need to show something:
 *
 *   riverside: teacher owns "5A Sunflowers" and "5B Oak Tree" (so JS on and
 *              JS off runs each get a class), colleague owns "6 Maple";
 *              each class has four students; 5A and 5B each have a
 *              completed survey that three of them answered and a running
 *              one that two of them answered
 *   hillside:  otherTeacher owns "7 Cedar"
 *   platformAdmin (no school)
 *
 * and one session per user (`sessions.teacher`, …), made as signing in makes
 * them. A test that signs out or changes a password ends its session: give
 * it its own with `sessionFor` instead.
 */
import { asc, isNull } from "drizzle-orm";
import { surveys } from "~/server/db/schema.server";
import type { FixtureKit, FixtureSession } from "./app-fixtures";
import {
  createAssignment,
  createClass,
  createClassCode,
  createClassWorld,
  createResponse,
  createStudent,
} from "./fixtures";

/** The live class code `createE2eWorldWithCode` gives 5A Sunflowers. */
export const CLASS_CODE = "SUNNY-4821";

const STUDENT_NAMES = [
  ["Aisha", "Adeyemi"],
  ["Ben", "Brennan"],
  ["Chloe", "Costa"],
  ["Dmitri", "Dubois"],
  ["Ella", "Evans"],
  ["Finn", "Fischer"],
  ["Grace", "Garcia"],
  ["Hamza", "Hughes"],
  ["Isla", "Ivanova"],
  ["Jonah", "Jensen"],
  ["Kemi", "Kowalski"],
  ["Liam", "Larsen"],
] as const;

export async function createE2eWorld({ db, sessionFor }: FixtureKit) {
  const world = await createClassWorld(db);
  const class5B = await createClass(db, {
    schoolId: world.riverside.id,
    name: "5B Oak Tree",
    teacherIds: [world.users.teacher.id],
  });
  const [survey, runningSurvey] = await db
    .select()
    .from(surveys)
    .where(isNull(surveys.removedAt))
    .orderBy(asc(surveys.title))
    .limit(2);
  if (!runningSurvey) throw new Error("The empty e2e template has no surveys: did the registry sync at its start?");

  let nextName = 0;
  const students: Record<string, Awaited<ReturnType<typeof createStudent>>[]> = {};
  for (const schoolClass of [world.class5A, class5B, world.class6]) {
    students[schoolClass.name] = [];
    for (let i = 0; i < 4; i++) {
      const [firstName, lastName] = STUDENT_NAMES[nextName++ % STUDENT_NAMES.length];
      students[schoolClass.name].push(
        await createStudent(db, { schoolId: world.riverside.id, classId: schoolClass.id, firstName, lastName }),
      );
    }
  }
  type Assignment = Awaited<ReturnType<typeof createAssignment>>;
  /** An assignment of the survey in the class, answered by the class's first `respondents` students. */
  const assignmentWithResponses = async (
    classId: number,
    surveyId: number,
    status: "completed" | "active",
    respondents: Awaited<ReturnType<typeof createStudent>>[],
  ) => {
    const assignment = await createAssignment(db, { classId, surveyId, status });
    for (const student of respondents) {
      await createResponse(db, { assignmentId: assignment.id, studentId: student.id, answers: {} });
    }
    return assignment;
  };
  const completed: Record<string, Assignment> = {};
  const running: Record<string, Assignment> = {};
  for (const schoolClass of [world.class5A, class5B]) {
    const classStudents = students[schoolClass.name];
    completed[schoolClass.name] = await assignmentWithResponses(
      schoolClass.id,
      survey.id,
      "completed",
      classStudents.slice(0, 3),
    );
    running[schoolClass.name] = await assignmentWithResponses(
      schoolClass.id,
      runningSurvey.id,
      "active",
      classStudents.slice(0, 2),
    );
  }

  const sessions = {} as Record<keyof typeof world.users, FixtureSession>;
  for (const [key, user] of Object.entries(world.users) as [keyof typeof world.users, { id: number }][]) {
    sessions[key] = await sessionFor(user);
  }
  return {
    ...world,
    class5B,
    surveys: { completed: survey, running: runningSurvey },
    students,
    completed,
    running,
    sessions,
  };
}

export type E2eWorld = Awaited<ReturnType<typeof createE2eWorld>>;

/** The e2e world, with a live code (`CLASS_CODE`) for 5A Sunflowers that students join with. */
export async function createE2eWorldWithCode(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  const classCode = await createClassCode(kit.db, {
    classId: world.class5A.id,
    code: CLASS_CODE,
    createdByUserId: world.users.teacher.id,
  });
  return { ...world, classCode };
}
