/**
 * The projector view of results (ADR 208, ADR 209) on a real database: bars
 * from the running totals, written answers listed without their words until
 * a teacher of the class reveals each one, reveals that lapse when the answer
 * changes or a new release replaces the old one, who may reveal and hide, the
 * audit, and an anonymous assignment's threshold (ADR 188). The browser flows
 * are in tests/e2e/results-projector.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import * as projectorRoute from "~/routes/class/results-projector";
import {
  ANSWER_GONE_MESSAGE,
  getProjectorResults,
  hideAnswer,
  type ProjectorQuestion,
  type ProjectorResults,
  revealAnswer,
} from "~/server/assignments/projector.server";
import type { Actor } from "~/server/classes/class-scope.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, responses, resultReveals, students } from "~/server/db/schema.server";
import type { StudentPrincipal } from "~/server/students/student-tokens.server";
import { createTestDatabase } from "../support/database";
import { actorOf, createClass, createResponse, createUser } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";
import { createAnsweringClass, openSchoolYearSurvey, type SurveyContext } from "../support/survey-class-world";

/** The shipped survey's questions: an option question, a written answer, a choice and a drawing. */
const OPTION_UID = "sy-excited";
const TEXT_UID = "sy-q1-a1";
const DRAWING_UID = "sy-art";

let database: Database;
let context: SurveyContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openSchoolYearSurvey(database);
});

async function world(size: number, options: { anonymous: boolean; threshold?: number }) {
  const { db } = database;
  const created = await createAnsweringClass(database, context, { size, ...options });
  const scope = { classId: created.klass.id, assignmentId: created.assignment.id };
  const answer = (student: StudentPrincipal, answers: Record<string, unknown>) =>
    createResponse(db, { assignmentId: created.assignment.id, studentId: student.studentId, answers });
  const view = (actor: Actor = created.teacher) => getProjectorResults(db, actor, scope, context.lookup);
  const question = async <K extends ProjectorQuestion["kind"]>(uid: string, kind: K, actor?: Actor) => {
    const found = (await view(actor)).questions.find((q) => q.uid === uid);
    if (found?.kind !== kind) throw new Error(`no ${kind} question ${uid}`);
    return found as Extract<ProjectorQuestion, { kind: K }>;
  };
  return { ...created, scope, answer, view, question };
}

test("a named assignment: bars and counts from the totals, written answers listed without their words or names", async () => {
  const w = await world(3, { anonymous: false });
  await w.answer(w.students[0], { [OPTION_UID]: 0, [TEXT_UID]: "I like the new classroom" });
  await w.answer(w.students[1], { [OPTION_UID]: 0, [TEXT_UID]: "   " });
  await w.answer(w.students[2], { [OPTION_UID]: 2, [TEXT_UID]: "Lunch is too short" });

  const results = await w.view();
  expect(results.respondedCount).toBe(3);
  expect(results.hidden).toBeNull();
  const bars = results.questions.find((q) => q.uid === OPTION_UID);
  if (bars?.kind !== "option") throw new Error("the survey needs an option question");
  expect([bars.answeredCount, bars.options[0].count, bars.options[1].count, bars.options[2].count]).toEqual([
    3, 2, 0, 1,
  ]);
  const text = await w.question(TEXT_UID, "freetext");
  // The blank answer is no answer to list; the rest oldest first, numbered.
  expect(text.answers.map((a) => [a.number, a.revealed, a.text])).toEqual([
    [1, false, null],
    [2, false, null],
  ]);
  const serialized = JSON.stringify(results);
  expect(serialized).not.toContain("classroom");
  expect(serialized).not.toContain("Lunch");
  const names = await database.db.select({ first: students.firstName, last: students.lastName }).from(students);
  for (const name of names.filter((n) => n.first.length > 2)) expect(serialized).not.toContain(name.first);
});

test("Reveal shows one answer's words, Hide takes them away again; both are audited without the words", async () => {
  const w = await world(2, { anonymous: false });
  await w.answer(w.students[0], { [TEXT_UID]: "Reading corner" });
  const second = await w.answer(w.students[1], { [TEXT_UID]: "Football at break" });
  const ref = `r:${second.id}`;

  await revealAnswer(database.db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: ref });
  expect((await w.question(TEXT_UID, "freetext")).answers.map((a) => [a.ref, a.text])).toEqual([
    [expect.stringMatching(/^r:/), null],
    [ref, "Football at break"],
  ]);
  // Revealing twice is the same as once.
  await revealAnswer(database.db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: ref });

  await hideAnswer(database.db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: ref });
  expect((await w.question(TEXT_UID, "freetext")).answers.every((a) => a.text === null && !a.revealed)).toBe(true);

  const events = await database.db
    .select({ action: auditEvents.action, details: auditEvents.details, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "assignment"), eq(auditEvents.targetId, String(w.assignment.id))));
  expect(events.map((e) => e.action)).toEqual(["result.reveal", "result.reveal", "result.hide"]);
  expect(events[0]).toMatchObject({
    actor: w.teacher.id,
    details: { classId: w.klass.id, questionUid: TEXT_UID, answerRef: ref },
  });
  expect(JSON.stringify(events)).not.toContain("Football");
});

test("a changed answer is hidden again until the teacher reveals the new words", async () => {
  const w = await world(1, { anonymous: false });
  const response = await w.answer(w.students[0], { [TEXT_UID]: "Maths is fun" });
  await revealAnswer(database.db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: `r:${response.id}` });
  expect((await w.question(TEXT_UID, "freetext")).answers[0].text).toBe("Maths is fun");

  // The student changes the answer (a resubmission writes the new time).
  await database.db
    .update(responses)
    .set({ answers: { [TEXT_UID]: "Something unkind" }, submittedAt: new Date(Date.now() + 1000) })
    .where(eq(responses.id, response.id));
  const [shown] = (await w.question(TEXT_UID, "freetext")).answers;
  expect(shown).toMatchObject({ revealed: false, text: null });
});

test("a drawing's image address is given only once revealed", async () => {
  const w = await world(1, { anonymous: false });
  const response = await w.answer(w.students[0], { [DRAWING_UID]: { drawingId: "d0000000000000000000000001" } });
  const before = await w.question(DRAWING_UID, "drawing");
  expect(before.answers).toEqual([{ ref: `r:${response.id}`, number: 1, revealed: false, text: null, imageUrl: null }]);
  await revealAnswer(database.db, w.teacher, { ...w.scope, questionUid: DRAWING_UID, answerRef: `r:${response.id}` });
  expect((await w.question(DRAWING_UID, "drawing")).answers[0].imageUrl).toBe(
    `/class/${w.klass.id}/drawings/d0000000000000000000000001.png`,
  );
});

test("a drawing described instead (issue 37): listed with the drawings, its words only once revealed, through the loader too", async () => {
  const w = await world(4, { anonymous: false });
  const words = await w.answer(w.students[0], { [DRAWING_UID]: { description: "A tree house by a river" } });
  const both = await w.answer(w.students[1], {
    [DRAWING_UID]: { drawingId: "d0000000000000000000000002", description: "My dog" },
  });
  await w.answer(w.students[2], { [DRAWING_UID]: { description: "   " } }); // nothing to list
  await w.answer(w.students[3], { [OPTION_UID]: 1 });

  const before = await w.question(DRAWING_UID, "drawing");
  expect(before.answers.map((a) => [a.ref, a.revealed, a.text, a.imageUrl])).toEqual([
    [`r:${words.id}`, false, null, null],
    [`r:${both.id}`, false, null, null],
  ]);
  expect(JSON.stringify(await w.view())).not.toMatch(/tree house|My dog/);

  for (const response of [words, both])
    await revealAnswer(database.db, w.teacher, { ...w.scope, questionUid: DRAWING_UID, answerRef: `r:${response.id}` });
  // What the page's loader gives the screen.
  const cookie = await signIn(database, w.teacher.id);
  const loaded = await callRoute(projectorRoute, database, {
    path: `/class/${w.klass.id}/assignments/${w.assignment.id}/projector`,
    params: { classId: w.klass.id, assignmentId: w.assignment.id },
    cookie,
  });
  expect(loaded.status).toBe(200);
  const { results } = (await loaded.json()) as { results: ProjectorResults };
  const drawing = results.questions.find((q) => q.uid === DRAWING_UID);
  expect(drawing?.kind === "drawing" ? drawing.answers.map((a) => [a.number, a.text, a.imageUrl]) : null).toEqual([
    [1, "A tree house by a river", null],
    [2, "My dog", `/class/${w.klass.id}/drawings/d0000000000000000000000002.png`],
  ]);
});

test("anonymous: drawings described instead come from the release only, and only as revealed", async () => {
  const w = await world(8, { anonymous: true, threshold: 5 });
  for (const [i, student] of w.students.slice(0, 4).entries())
    await w.answer(student, { [DRAWING_UID]: { description: `described ${i}` } });
  expect((await w.view()).questions).toEqual([]);

  await w.answer(w.students[4], { [DRAWING_UID]: { description: "described 4" } });
  const listed = await w.question(DRAWING_UID, "drawing");
  expect(listed.answers).toHaveLength(5);
  expect(listed.answers.every((a) => a.text === null && /^p:[1-5]$/.test(a.ref))).toBe(true);
  await revealAnswer(database.db, w.teacher, {
    ...w.scope,
    questionUid: DRAWING_UID,
    answerRef: listed.answers[1].ref,
  });
  expect((await w.question(DRAWING_UID, "drawing")).answers.filter((a) => a.revealed)).toEqual([
    {
      ref: listed.answers[1].ref,
      number: 2,
      revealed: true,
      text: expect.stringMatching(/^described [0-4]$/),
      imageUrl: null,
    },
  ]);

  // Given after the release: counted as waiting, never listed or shown.
  await w.answer(w.students[5], { [DRAWING_UID]: { description: "after the release" } });
  const waiting = await w.view();
  expect(waiting.unreleased).toEqual({ threshold: 5, count: 1 });
  expect(JSON.stringify(waiting)).not.toContain("after the release");
  expect((await w.question(DRAWING_UID, "drawing")).answers).toHaveLength(5);
});

test("only a teacher of the class (or an admin of its school) may see, reveal or hide: anyone else gets NOT_FOUND", async () => {
  const { db } = database;
  const w = await world(1, { anonymous: false });
  const response = await w.answer(w.students[0], { [TEXT_UID]: "Secret words" });
  const input = { ...w.scope, questionUid: TEXT_UID, answerRef: `r:${response.id}` };

  const colleague = actorOf(await createUser(db, { schoolId: w.school.id }));
  await createClass(db, { schoolId: w.school.id, teacherIds: [colleague.id] });
  const other = await createAnsweringClass(database, context, { size: 0, anonymous: false });
  for (const outsider of [colleague, other.teacher, other.admin]) {
    await expect(w.view(outsider)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revealAnswer(db, outsider, input)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(hideAnswer(db, outsider, input)).rejects.toMatchObject({ code: "NOT_FOUND" });
  }
  expect(await db.select().from(resultReveals).where(eq(resultReveals.assignmentId, w.assignment.id))).toEqual([]);

  // The class's own teacher, and the school's admin, may.
  await revealAnswer(db, w.admin, input);
  expect((await w.question(TEXT_UID, "freetext")).answers[0].text).toBe("Secret words");

  // An assignment of another class, through this class: not found either.
  await expect(revealAnswer(db, w.teacher, { ...input, assignmentId: other.assignment.id })).rejects.toMatchObject({
    code: "NOT_FOUND",
  });
});

test("only an answer the projector lists can be revealed: nothing is written otherwise", async () => {
  const { db } = database;
  const w = await world(2, { anonymous: false });
  const answered = await w.answer(w.students[0], { [TEXT_UID]: "Yes" });
  const blank = await w.answer(w.students[1], { [OPTION_UID]: 1 });
  const other = await world(1, { anonymous: false });
  const elsewhere = await other.answer(other.students[0], { [TEXT_UID]: "Elsewhere" });
  for (const [questionUid, answerRef] of [
    [TEXT_UID, `r:${blank.id}`], // no written answer in it
    [OPTION_UID, `r:${blank.id}`], // not a listed question
    [TEXT_UID, `r:${elsewhere.id}`], // another assignment's response
    [TEXT_UID, `p:1`], // a released position, on a named assignment
    [TEXT_UID, "r:2147483648"], // past any record id
    ["no-such-question", `r:${answered.id}`],
  ]) {
    await expect(revealAnswer(db, w.teacher, { ...w.scope, questionUid, answerRef }), answerRef).rejects.toMatchObject({
      code: "CONFLICT",
      message: ANSWER_GONE_MESSAGE,
    });
  }
  expect(await db.select().from(resultReveals).where(eq(resultReveals.assignmentId, w.assignment.id))).toEqual([]);
});

test("anonymous: nothing before the threshold, released answers only as revealed, and a new release hides them again", async () => {
  const { db } = database;
  const w = await world(10, { anonymous: true, threshold: 5 });
  for (const [i, student] of w.students.slice(0, 4).entries())
    await w.answer(student, { [OPTION_UID]: 1, [TEXT_UID]: `first ${i}` });

  const before = await w.view();
  expect(before.respondedCount).toBe(4);
  expect(before.questions).toEqual([]);
  expect(before.hidden).toEqual({ reason: "small-group", threshold: 5, count: 4 });
  await expect(
    revealAnswer(db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: "p:1" }),
  ).rejects.toMatchObject({ code: "CONFLICT" });

  await w.answer(w.students[4], { [OPTION_UID]: 1, [TEXT_UID]: "first 4" });
  const released = await w.view();
  expect(released.hidden).toBeNull();
  const bars = released.questions.find((q) => q.uid === OPTION_UID);
  expect(bars?.kind === "option" ? bars.options[1].count : null).toBe(5);
  const listed = await w.question(TEXT_UID, "freetext");
  expect(listed.answers).toHaveLength(5);
  expect(listed.answers.every((a) => a.text === null && /^p:[1-5]$/.test(a.ref))).toBe(true);
  // Named references mean nothing on an anonymous assignment.
  await expect(
    revealAnswer(db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: "r:1" }),
  ).rejects.toMatchObject({ code: "CONFLICT" });

  const third = listed.answers[2];
  await revealAnswer(db, w.teacher, { ...w.scope, questionUid: TEXT_UID, answerRef: third.ref });
  const shown = (await w.question(TEXT_UID, "freetext")).answers;
  expect(shown.filter((a) => a.revealed)).toEqual([
    { ref: third.ref, number: 3, revealed: true, text: expect.stringMatching(/^first [0-4]$/), imageUrl: null },
  ]);

  // Answers after the release are counted, not shown.
  await w.answer(w.students[5], { [TEXT_UID]: "late 5" });
  const waiting = await w.view();
  expect(waiting.respondedCount).toBe(6);
  expect(waiting.unreleased).toEqual({ threshold: 5, count: 1 });
  expect(JSON.stringify(waiting)).not.toContain("late 5");

  // A new release puts the answers in a new order: the old reveal no longer shows anything.
  for (const [i, student] of w.students.slice(6, 10).entries()) await w.answer(student, { [TEXT_UID]: `late ${i}` });
  const rereleased = await w.question(TEXT_UID, "freetext");
  expect(rereleased.answers).toHaveLength(10);
  expect(rereleased.answers.every((a) => !a.revealed && a.text === null)).toBe(true);
});
