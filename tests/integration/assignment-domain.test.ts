/** Assignments, status changes, results statistics and the CSV: the domain rules, on a real database. */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { SurveyBlock } from "~/lib/survey-content";
import {
  ALREADY_ASSIGNED_MESSAGE,
  assignSurvey,
  listAssignableSurveys,
  listClassAssignments,
  setAssignmentStatus,
} from "~/server/assignments/assignments.server";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import { csvCell } from "~/server/csv/csv.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassWorld,
  createResponse,
  createStudent,
  createSurvey,
} from "../support/fixtures";

let db: Db;
let world: ClassWorld;
let moodSurveyId: number;

const moodSurvey: SurveyBlock = {
  _uid: "root",
  component: "survey",
  title: "Mood",
  response: [
    {
      _uid: "mood",
      component: "response-options",
      prompt: "How do you feel?",
      response_options: [
        { _uid: "o0", component: "response-options-item", content: "Great" },
        { _uid: "o1", component: "response-options-item", content: "" },
        { _uid: "o2", component: "response-options-item", content: "Okay" },
        { _uid: "o3", component: "response-options-item", content: "Sad" },
      ],
    },
    {
      _uid: "text",
      component: "response-text",
      prompt: "Tell us",
      questions: [
        {
          _uid: "q1",
          component: "response-text-question",
          prompt: "What went well?",
          answers: [{ _uid: "free", component: "response-text-question-answer-freetext" }],
        },
        {
          _uid: "q2",
          component: "response-text-question",
          prompt: "Lunch?",
          answers: [{ _uid: "lunch", component: "response-text-question-answer-option", choices: ["Yes", "No"] }],
        },
      ],
    },
    { _uid: "art", component: "response-art", prompt: "Draw" },
  ],
};

const lookup: SurveyContentLookup = async (slug) => (slug === "surveys/mood" ? moodSurvey : null);

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
  moodSurveyId = (await createSurvey(db, { fullSlug: "surveys/mood", title: "Mood" })).id;
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

test("assignable surveys exclude assigned and removed ones; assigning creates an 'assigned' row, audited", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const a = await createSurvey(db, { title: "A survey" });
  const b = await createSurvey(db, { title: "B survey" });
  const removed = await createSurvey(db, { title: "Gone", removed: true });
  const before = (await listAssignableSurveys(db, world.actors.teacher, klass.id)).map((s) => s.id);
  expect(before).toEqual(expect.arrayContaining([a.id, b.id]));
  expect(before).not.toContain(removed.id);
  const assignment = await assignSurvey(db, world.actors.teacher, { classId: klass.id, surveyId: a.id });
  expect(assignment).toMatchObject({ surveyId: a.id, status: "assigned", responseCount: 0, surveyTitle: "A survey" });
  expect((await listAssignableSurveys(db, world.actors.teacher, klass.id)).map((s) => s.id)).not.toContain(a.id);
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "assignment.assign"), eq(auditEvents.targetId, String(assignment.id))));
  expect(events).toHaveLength(1);
  expect(await codeOf(assignSurvey(db, world.actors.teacher, { classId: klass.id, surveyId: removed.id }))).toBe(
    "NOT_FOUND",
  );
});

test("assigning the same survey twice is a CONFLICT with a clear message", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const survey = await createSurvey(db);
  await assignSurvey(db, world.actors.teacher, { classId: klass.id, surveyId: survey.id });
  const error = await assignSurvey(db, world.actors.teacher, { classId: klass.id, surveyId: survey.id }).catch(
    (e) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ code: "CONFLICT", status: 409, message: ALREADY_ASSIGNED_MESSAGE });
});

test("'completed' closes; any other value starts (and reopens); repeating is a CONFLICT", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const survey = await createSurvey(db);
  const { id } = await assignSurvey(db, world.actors.teacher, { classId: klass.id, surveyId: survey.id });
  const started = await setAssignmentStatus(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: id,
    status: "active",
  });
  expect(started).toMatchObject({
    change: "started",
    assignment: { status: "active", startedAt: expect.any(Date), closedAt: null },
  });
  expect(
    await codeOf(
      setAssignmentStatus(db, world.actors.teacher, { classId: klass.id, assignmentId: id, status: "started" }),
    ),
  ).toBe("CONFLICT");
  const closed = await setAssignmentStatus(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: id,
    status: "completed",
  });
  expect(closed).toMatchObject({ change: "closed", assignment: { status: "completed", closedAt: expect.any(Date) } });
  expect(
    await codeOf(
      setAssignmentStatus(db, world.actors.teacher, { classId: klass.id, assignmentId: id, status: "completed" }),
    ),
  ).toBe("CONFLICT");
  const reopened = await setAssignmentStatus(db, world.actors.teacher, {
    classId: klass.id,
    assignmentId: id,
    status: "anything",
  });
  expect(reopened.assignment).toMatchObject({
    status: "active",
    startedAt: started.assignment.startedAt,
    closedAt: null,
  });
  const actions = (
    await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(id)))
  ).map((e) => e.action);
  expect(actions).toEqual(["assignment.assign", "assignment.start", "assignment.close", "assignment.start"]);
});

test("an assignment of another class is NOT_FOUND through this class", async () => {
  const mine = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const survey = await createSurvey(db);
  const theirs = await createAssignment(db, { classId: world.class6.id, surveyId: survey.id });
  expect(
    await codeOf(
      setAssignmentStatus(db, world.actors.teacher, { classId: mine.id, assignmentId: theirs.id, status: "active" }),
    ),
  ).toBe("NOT_FOUND");
  expect(
    await codeOf(getAssignmentResults(db, world.actors.teacher, { classId: mine.id, assignmentId: theirs.id }, lookup)),
  ).toBe("NOT_FOUND");
});

test("permissions: colleague and other school's admin get NOT_FOUND; school admin and platform admin may", async () => {
  const survey = await createSurvey(db);
  for (const actor of [world.actors.colleague, world.actors.otherAdmin, world.actors.otherTeacher]) {
    expect(await codeOf(assignSurvey(db, actor, { classId: world.class5A.id, surveyId: survey.id }))).toBe("NOT_FOUND");
    expect(await codeOf(listClassAssignments(db, actor, world.class5A.id))).toBe("NOT_FOUND");
    expect(await codeOf(listAssignableSurveys(db, actor, world.class5A.id))).toBe("NOT_FOUND");
  }
  expect(
    await codeOf(assignSurvey(db, world.actors.schoolAdmin, { classId: world.class5A.id, surveyId: survey.id })),
  ).toBe("OK");
  expect(await codeOf(listClassAssignments(db, world.actors.platformAdmin, world.class5A.id))).toBe("OK");
});

test("the results (prepared per kind of scope) answer the class's teacher, its school's admin and the platform admin, and no one else", async () => {
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: world.class5A.id, surveyId: survey.id });
  const ref = { classId: world.class5A.id, assignmentId: assignment.id };
  for (const actor of [world.actors.teacher, world.actors.schoolAdmin, world.actors.platformAdmin]) {
    expect((await getAssignmentResults(db, actor, ref, lookup)).assignment.id).toBe(assignment.id);
  }
  for (const actor of [world.actors.colleague, world.actors.otherAdmin, world.actors.otherTeacher]) {
    expect(await codeOf(getAssignmentResults(db, actor, ref, lookup))).toBe("NOT_FOUND");
  }
});

/** The class results as the class's teacher reads them. */
const teacherResults = (
  classId: number,
  assignmentId: number,
  options?: { listLimit?: number; freetextLimit?: number },
) => getAssignmentResults(db, world.actors.teacher, { classId, assignmentId }, lookup, options);

async function classWithResponses(respondents: number, rosterExtra: number, options: { anonymous?: boolean } = {}) {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const assignment = await createAssignment(db, {
    classId: klass.id,
    surveyId: moodSurveyId,
    status: "active",
    anonymous: options.anonymous,
  });
  const answersFor = (i: number) => ({
    mood: [0, 0, 2, 3][i % 4],
    lunch: i % 3 === 0 ? "No" : "Yes",
    ...(i % 2 === 0 ? { free: `Answer ${i}` } : { free: "   " }),
    ...(i === 0 ? { art: { drawingId: "d1" } } : {}),
  });
  for (let i = 0; i < respondents; i++) {
    const student = await createStudent(db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: `R${i}`,
      lastName: `Responder${String(i).padStart(2, "0")}`,
    });
    await createResponse(db, {
      assignmentId: assignment.id,
      studentId: student.id,
      answers: answersFor(i),
      submittedAt: new Date(Date.UTC(2026, 0, 1, 9, i)),
    });
  }
  for (let i = 0; i < rosterExtra; i++) {
    await createStudent(db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: `N${i}`,
      lastName: `Quiet${i}`,
    });
  }
  return { klass, assignment };
}

test("results: response rate, option and choice distributions, free-text answers, who has and has not responded", async () => {
  const { klass, assignment } = await classWithResponses(8, 2);
  const results = await teacherResults(klass.id, assignment.id);
  expect(results.contentAvailable).toBe(true);
  expect(results).toMatchObject({
    studentCount: 10,
    respondedCount: 8,
    responseRatePercent: 80,
    respondedTotal: 8,
    notRespondedTotal: 2,
  });
  const [mood, free, lunch, art] = results.questions;
  expect(mood).toMatchObject({
    kind: "option",
    answeredCount: 8,
    options: [
      { label: "Great", count: 4 },
      { label: "Okay", count: 2 },
      { label: "Sad", count: 2 },
    ],
  });
  expect(lunch).toMatchObject({
    kind: "choice",
    questionNumber: 2,
    answeredCount: 8,
    options: [
      { label: "Yes", count: 5 },
      { label: "No", count: 3 },
    ],
  });
  expect(free).toMatchObject({ kind: "freetext", questionNumber: 1, answeredCount: 4 });
  if (free.kind !== "freetext") throw new Error("expected free text");
  expect(free.answers.map((a) => a.text)).toEqual(["Answer 6", "Answer 4", "Answer 2", "Answer 0"]);
  expect(free.answers[0].studentName).toBe("R6 Responder06");
  expect(art).toMatchObject({ kind: "drawing", answeredCount: 1 });
  expect(results.notResponded.map((s) => s.firstName)).toEqual(["N0", "N1"]);
});

test("results lists are capped in SQL, with the totals kept", async () => {
  const { klass, assignment } = await classWithResponses(5, 3);
  const results = await teacherResults(klass.id, assignment.id, { listLimit: 2, freetextLimit: 2 });
  // The first two by name, each with its own submission time as a Date.
  expect(results.responded).toEqual([
    expect.objectContaining({
      firstName: "R0",
      lastName: "Responder00",
      submittedAt: new Date(Date.UTC(2026, 0, 1, 9, 0)),
    }),
    expect.objectContaining({
      firstName: "R1",
      lastName: "Responder01",
      submittedAt: new Date(Date.UTC(2026, 0, 1, 9, 1)),
    }),
  ]);
  expect(results.respondedTotal).toBe(5);
  expect(results.notResponded).toEqual([
    { id: expect.any(Number), firstName: "N0", lastName: "Quiet0" },
    { id: expect.any(Number), firstName: "N1", lastName: "Quiet1" },
  ]);
  expect(results.notRespondedTotal).toBe(3);
  const free = results.questions.find((q) => q.kind === "freetext");
  expect(free && "answers" in free ? free.answers.length : -1).toBe(2);
});

test("results lists of many names walk the school's students in name order and list the same first names", async () => {
  // Over five candidates per name listed, both lists walk students_school_name_idx instead of sorting.
  const { klass, assignment } = await classWithResponses(12, 11);
  const results = await teacherResults(klass.id, assignment.id, { listLimit: 2 });
  expect(results.responded.map((s) => s.lastName)).toEqual(["Responder00", "Responder01"]);
  expect(results.responded[1].submittedAt).toEqual(new Date(Date.UTC(2026, 0, 1, 9, 1)));
  expect(results.notResponded.map((s) => s.lastName)).toEqual(["Quiet0", "Quiet1"]);
  expect([results.respondedTotal, results.notRespondedTotal]).toEqual([12, 11]);
});

test("results without survey content still give the counts", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const survey = await createSurvey(db, { fullSlug: "surveys/missing" });
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  const results = await teacherResults(klass.id, assignment.id);
  expect(results).toMatchObject({ contentAvailable: false, questions: [], studentCount: 0, responseRatePercent: 0 });
});

test("the CSV has one row per respondent, option labels, and safe cells", async () => {
  const { klass, assignment } = await classWithResponses(3, 1);
  const csv = await buildResponsesCsv(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  const lines = csv.body.trim().split("\r\n");
  expect(lines[0]).toBe("First name,Last name,Submitted at (UTC),How do you feel?,1. What went well?,2. Lunch?,Draw");
  expect(lines).toHaveLength(4);
  expect(lines[1]).toBe("R0,Responder00,2026-01-01T09:00:00Z,Great,Answer 0,No,drawing");
  expect(lines[3]).toBe("R2,Responder02,2026-01-01T09:02:00Z,Okay,Answer 2,Yes,");
  expect(csv.filename).toBe("mood-responses.csv");
  expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  expect(csvCell("a,b")).toBe('"a,b"');
});

test("anonymous assignments hide names in free text and the CSV", async () => {
  // Five respondents: the default small-group threshold (docs/product.md#small-group-protection) is met.
  const { klass, assignment } = await classWithResponses(5, 0, { anonymous: true });
  const results = await teacherResults(klass.id, assignment.id);
  const free = results.questions.find((q) => q.kind === "freetext");
  expect(free && "answers" in free ? free.answers[0].studentName : "x").toBeNull();
  const csv = await buildResponsesCsv(
    db,
    world.actors.teacher,
    { classId: klass.id, assignmentId: assignment.id },
    lookup,
  );
  expect(csv.body.startsWith("How do you feel?,")).toBe(true);
});
