/**
 * A drawing question answered in words (issue 37, docs/product.md#drawing-answers): "Describe it
 * instead" on the answering page's form, `{ description }` in the API's JSON, through the real
 * submission function, on the shipped "Drawing: my safe place". It is stored with the answer, the
 * teacher's results list it under the drawings (with names, or without in an anonymous survey's
 * release) and the CSV gives it; a blank one is no answer, a long one is refused.
 */
import { beforeAll, expect, test } from "vitest";
import { answerFieldName, descriptionFieldName } from "~/lib/answer-form";
import { MAX_DRAWING_DESCRIPTION_LENGTH } from "~/lib/student-api/limits";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import type { Database } from "~/server/db/client.server";
import { answersToValues, readAnswerForm } from "~/server/responses/answer-form.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { createTestDatabase } from "../support/database";
import { createAnsweringClass, openShippedSurvey, type SurveyContext } from "../support/survey-class-world";

const ART = "dr-art";
const FEEL = "dr-feel";
let database: Database;
let context: SurveyContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openShippedSurvey(database, "surveys/drawing-my-safe-place", "Drawing: my safe place");
});

function submit(student: Parameters<typeof submitResponse>[2], assignmentId: number, answers: Record<string, unknown>) {
  return submitResponse(database.db, context.app.content, student, { assignmentId, answers, idempotencyKey: null });
}

test("described instead, from the form and from JSON: stored with the answer, listed in the results, given in the CSV", async () => {
  const world = await createAnsweringClass(database, context, { size: 3, anonymous: false });
  const [ana, ben, cleo] = world.students;
  const assignmentId = world.assignment.id;

  // The form: no drawing (no JavaScript, or a child who cannot drag), a description.
  const form = new FormData();
  form.set(answerFieldName(FEEL), "0");
  form.set(descriptionFieldName(ART), "A tree house with a red roof");
  const read = readAnswerForm(form, context.fields);
  expect(read.answers).toEqual({ [FEEL]: 0, [ART]: { description: "A tree house with a red roof" } });
  const { response } = await submit(ana, assignmentId, read.answers);
  expect(response.answers[ART]).toEqual({ description: "A tree house with a red roof" });
  // Opened again, the form shows what was written.
  expect(answersToValues(response.answers)[descriptionFieldName(ART)]).toBe("A tree house with a red roof");

  // JSON, as the app sends it.
  await submit(ben, assignmentId, { [ART]: { description: "My grandma's kitchen" } });
  // A blank description and no drawing is no answer to the drawing question.
  const blank = new FormData();
  blank.set(answerFieldName(FEEL), "1");
  blank.set(descriptionFieldName(ART), "   ");
  const blankRead = readAnswerForm(blank, context.fields);
  expect(blankRead.answers).toEqual({ [FEEL]: 1 });
  expect(blankRead.values[descriptionFieldName(ART)]).toBe("   ");
  const stored = await submit(cleo, assignmentId, { ...blankRead.answers, [ART]: { description: " " } });
  expect(stored.response.answers).toEqual({ [FEEL]: 1 });

  // Too long, or nothing at all: refused for the field, nothing stored.
  for (const [value, message] of [
    [
      { description: "x".repeat(MAX_DRAWING_DESCRIPTION_LENGTH + 1) },
      "A description can be at most 500 characters long.",
    ],
    [{}, "A drawing answer must be { drawingId } from a drawing upload."],
  ] as const) {
    await expect(submit(cleo, assignmentId, { [ART]: value })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { [ART]: [message] },
    });
  }

  const input = { classId: world.klass.id, assignmentId };
  const results = await getAssignmentResults(database.db, world.teacher, input, context.lookup);
  const art = results.questions.find((question) => question.uid === ART);
  expect(art).toMatchObject({ kind: "drawing", answeredCount: 2 });
  expect(art?.kind === "drawing" ? art.descriptions.map((row) => row.text).sort() : null).toEqual([
    "A tree house with a red roof",
    "My grandma's kitchen",
  ]);
  expect(art?.kind === "drawing" && art.descriptions.every((row) => row.studentName !== null)).toBe(true);

  const csv = (await buildResponsesCsv(database.db, world.teacher, input, context.lookup)).body;
  expect(csv).toContain("Draw your safe place");
  expect(csv).toContain("A tree house with a red roof");
  expect(csv).toContain("My grandma's kitchen");
});

test("an anonymous survey's release lists the descriptions without names, and its CSV gives them", async () => {
  const world = await createAnsweringClass(database, context, { size: 3, threshold: 3, anonymous: true });
  const assignmentId = world.assignment.id;
  const texts = ["A beach at night", "Under my blanket", "The school garden"];
  for (const [index, student] of world.students.entries())
    await submit(student, assignmentId, { [FEEL]: 0, [ART]: { description: texts[index] } });
  const input = { classId: world.klass.id, assignmentId };
  const results = await getAssignmentResults(database.db, world.teacher, input, context.lookup);
  const art = results.questions.find((question) => question.uid === ART);
  expect(art?.kind === "drawing" ? art.descriptions : null).toEqual(
    expect.arrayContaining(texts.map((text) => ({ studentName: null, text }))),
  );
  const csv = (await buildResponsesCsv(database.db, world.teacher, input, context.lookup)).body;
  for (const text of texts) expect(csv).toContain(text);
});
