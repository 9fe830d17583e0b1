/**
 * Anonymous assignments and small-group protection (docs/product.md#results-and-anonymity), on a real
 * database: the mode is fixed once started, and for an anonymous assignment
 * no result, student page or export carries a student's name or id; answers
 * stay hidden below the school's threshold (tested at 4 and 5 responses).
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import {
  ANONYMOUS_FIXED_MESSAGE,
  assignSurvey,
  setAssignmentAnonymous,
  setAssignmentStatus,
} from "~/server/assignments/assignments.server";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import type { Db } from "~/server/db/client.server";
import { schools } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { buildSurveyResponsesCsv, queryResponses } from "~/server/responses/responses.server";
import { getStudent } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import {
  actorOf,
  type ClassWorld,
  createAssignment,
  createClass,
  createClassWorld,
  createResponse,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { optionsQuestion, surveyOf, textQuestions } from "../support/survey-fixtures";

let db: Db;
let world: ClassWorld;

const survey = surveyOf("Wellbeing", [
  optionsQuestion("mood", "How do you feel?", ["Great", "Sad"]),
  textQuestions("text", "Tell us", [{ uid: "free", prompt: "Anything to say?", freetext: true }]),
]);
const lookup: SurveyContentLookup = async () => survey;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

/** A class with `respondents` anonymous responses from students with unmistakable names, plus one who has not answered. */
async function anonymousClass(respondents: number, options: { schoolId?: number; teacherId?: number } = {}) {
  const schoolId = options.schoolId ?? world.riverside.id;
  const klass = await createClass(db, { schoolId, teacherIds: [options.teacherId ?? world.users.teacher.id] });
  const record = await createSurvey(db, { title: "Wellbeing" });
  const assignment = await createAssignment(db, {
    classId: klass.id,
    surveyId: record.id,
    status: "active",
    anonymous: true,
  });
  const roster = [];
  for (let i = 0; i < respondents; i++) {
    const student = await createStudent(db, {
      schoolId,
      classId: klass.id,
      firstName: `Zebedee${i}`,
      lastName: `Quixwell${i}`,
    });
    roster.push(student);
    await createResponse(db, {
      assignmentId: assignment.id,
      studentId: student.id,
      answers: { mood: i % 2, free: `I feel thing ${i}` },
    });
  }
  const quiet = await createStudent(db, { schoolId, classId: klass.id, firstName: "Ottoline", lastName: "Nevermore" });
  return { klass, record, assignment, roster: [...roster, quiet], quiet };
}

/** No student name, and no field that could carry a student's id. */
function expectNoStudentIdentity(text: string, roster: { id: number; firstName: string; lastName: string }[]) {
  for (const student of roster) {
    expect(text).not.toContain(student.firstName);
    expect(text).not.toContain(student.lastName);
  }
  expect(text).not.toMatch(/"(studentId|studentName|firstName|lastName)":\s*("[^"]|\d)/);
  const ids = roster.map((s) => s.id);
  // Any object with an id equal to a student's id would be a link to them.
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (/student/i.test(key) && !/count|total/i.test(key) && typeof inner === "number")
          expect(ids).not.toContain(inner);
        walk(inner);
      }
    }
  };
  try {
    walk(JSON.parse(text));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
}

async function codeAndMessage(promise: Promise<unknown>) {
  try {
    await promise;
    return { code: "OK", message: "" };
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
}

test("a teacher assigns anonymously; the mode can change before the start and is fixed afterwards (409)", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const record = await createSurvey(db);
  const assigned = await assignSurvey(db, world.actors.teacher, {
    classId: klass.id,
    surveyId: record.id,
    anonymous: true,
  });
  expect(assigned).toMatchObject({ anonymous: true, status: "assigned" });
  const named = await setAssignmentAnonymous(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assigned.id,
    anonymous: false,
  });
  expect(named.anonymous).toBe(false);
  await setAssignmentAnonymous(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assigned.id,
    anonymous: true,
  });
  await setAssignmentStatus(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assigned.id,
    status: "active",
  });
  const afterStart = await codeAndMessage(
    setAssignmentAnonymous(db, world.actors.teacher, {
      classId: klass.id,
      assignmentId: assigned.id,
      anonymous: false,
    }),
  );
  expect(afterStart).toEqual({ code: "CONFLICT", message: ANONYMOUS_FIXED_MESSAGE });
  // Closed is still fixed.
  await setAssignmentStatus(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: assigned.id,
    status: "completed",
  });
  expect(
    (
      await codeAndMessage(
        setAssignmentAnonymous(db, world.actors.teacher, {
          classId: klass.id,
          assignmentId: assigned.id,
          anonymous: false,
        }),
      )
    ).code,
  ).toBe("CONFLICT");
  // Another teacher's class: not found, never a hint.
  expect(
    (
      await codeAndMessage(
        setAssignmentAnonymous(db, world.actors.colleague, {
          classId: klass.id,
          assignmentId: assigned.id,
          anonymous: false,
        }),
      )
    ).code,
  ).toBe("NOT_FOUND");
});

test("anonymous results at 5 responses: distributions and written answers, with no student name or id anywhere", async () => {
  const { klass, assignment, roster } = await anonymousClass(5);
  const results = await getAssignmentResults(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  expect(results.groupProtection).toMatchObject({ threshold: 5, hidden: false, releasedCount: 5, unreleasedCount: 0 });
  expect(results).toMatchObject({
    respondedCount: 5,
    respondedTotal: 5,
    notRespondedTotal: 1,
    responded: [],
    notResponded: [],
  });
  const [mood, free] = results.questions;
  expect(mood).toMatchObject({
    kind: "option",
    options: [
      { label: "Great", count: 3 },
      { label: "Sad", count: 2 },
    ],
  });
  if (free.kind !== "freetext") throw new Error("expected free text");
  expect(free.answers.map((a) => a.text).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `I feel thing ${i}`));
  expect(free.answers.every((a) => a.studentName === null)).toBe(true);
  expectNoStudentIdentity(JSON.stringify(results), roster);

  const csv = await buildResponsesCsv(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  const lines = csv.body.trim().split("\r\n");
  expect(lines[0]).toBe("How do you feel?,1. Anything to say?");
  expect(lines).toHaveLength(6);
  expect(csv.body).not.toContain("Submitted at");
  expectNoStudentIdentity(csv.body, roster);
});

test("anonymous results at 4 responses (default threshold 5): answers hidden with a reason, the CSV refused", async () => {
  const { klass, assignment, roster } = await anonymousClass(4);
  const results = await getAssignmentResults(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  expect(results.groupProtection).toMatchObject({ threshold: 5, hidden: true, releasedCount: 0, unreleasedCount: 4 });
  expect(results.questions).toEqual([]);
  expect(results.respondedCount).toBe(4);
  expect(JSON.stringify(results)).not.toContain("I feel thing");
  expectNoStudentIdentity(JSON.stringify(results), roster);
  const refused = await codeAndMessage(
    buildResponsesCsv(db, world.actors.teacher, { classId: klass.id, assignmentId: assignment.id }, lookup),
  );
  expect(refused.code).toBe("CONFLICT");
  expect(refused.message).toContain("at least 5 students have responded (4 so far)");
});

test("a school's own threshold (here 3) applies; named assignments are never held back", async () => {
  const school = await createSchool(db);
  await db.update(schools).set({ minGroupSize: 3 }).where(eq(schools.id, school.id));
  const teacher = await createUser(db, { schoolId: school.id });
  const three = await anonymousClass(3, { schoolId: school.id, teacherId: teacher.id });
  const shown = await getAssignmentResults(
    db,
    actorOf(teacher),
    { classId: three.klass.id, assignmentId: three.assignment.id },
    lookup,
  );
  expect(shown.groupProtection).toMatchObject({ threshold: 3, hidden: false, releasedCount: 3 });
  const two = await anonymousClass(2, { schoolId: school.id, teacherId: teacher.id });
  const hidden = await getAssignmentResults(
    db,
    actorOf(teacher),
    { classId: two.klass.id, assignmentId: two.assignment.id },
    lookup,
  );
  expect(hidden.groupProtection).toMatchObject({ threshold: 3, hidden: true, releasedAt: null });
  // The database refuses a threshold below 3.
  await expect(db.update(schools).set({ minGroupSize: 2 }).where(eq(schools.id, school.id))).rejects.toThrow();

  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const record = await createSurvey(db);
  const named = await createAssignment(db, { classId: klass.id, surveyId: record.id, status: "active" });
  const student = await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName: "Named" });
  await createResponse(db, { assignmentId: named.id, studentId: student.id, answers: { mood: 0 } });
  const namedResults = await getAssignmentResults(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: named.id },
    lookup,
  );
  expect(namedResults.groupProtection).toBeNull();
  expect(namedResults.questions).toHaveLength(2);
});

test("a student's page does not say whether the student answered an anonymous assignment", async () => {
  const { klass, roster, quiet } = await anonymousClass(5);
  const responder = await getStudent(db, world.actors.teacher, klass.id, roster[0].id);
  expect(responder.responses).toEqual([
    expect.objectContaining({ anonymous: true, responded: null, submittedAt: null, answerCount: 0 }),
  ]);
  // Answered or not, the same (issue #35: a "Responded" mark told a teacher's puppets when to answer).
  const silent = await getStudent(db, world.actors.teacher, klass.id, quiet.id);
  expect(silent.responses).toEqual(responder.responses);
});

test("admin responses view and export: no names, ids or times for anonymous rows; answers hidden below the threshold", async () => {
  const small = await anonymousClass(4);
  const big = await anonymousClass(5);
  for (const { record, roster, count, hidden } of [
    { ...small, count: 4, hidden: true },
    { ...big, count: 5, hidden: false },
  ]) {
    for (const admin of [world.actors.schoolAdmin, world.actors.platformAdmin]) {
      const page = await queryResponses(db, admin, record.id, {});
      expect(page.total).toBe(count);
      expect(page.responses.every((row) => row.studentName === null && row.anonymous)).toBe(true);
      expectNoStudentIdentity(JSON.stringify(page), roster);
      const csv = await buildSurveyResponsesCsv(db, admin, record.id, {}, survey);
      expectNoStudentIdentity(csv.body, roster);
      const rows = csv.body.trim().split("\r\n").slice(1);
      expect(rows).toHaveLength(count);
      if (hidden) {
        expect(csv.body).not.toContain("I feel thing");
        expect(rows[0]).toContain("(hidden: fewer than 5 responses)");
      } else {
        expect(csv.body).toContain("I feel thing 4");
        // No response id and no submission time on anonymous rows.
        expect(rows.every((row) => row.startsWith(","))).toBe(true);
        expect(csv.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      }
    }
  }
});
