/**
 * A face scale question (docs/product.md#face-scales) answered through the real submission
 * function, from the answering page's form and from the API's JSON, on the shipped "Exit ticket":
 * the results count each face (with the face drawn), the CSV gives each face's label, an answer
 * that is not one of the faces is refused, and every language the survey ships asks the same
 * questions (so answers group across languages).
 */
import { beforeAll, expect, test } from "vitest";
import { answerFieldName } from "~/lib/answer-form";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import { loadSurveyStory } from "~/server/assignments/student-assignments.server";
import type { Database } from "~/server/db/client.server";
import { readAnswerForm } from "~/server/responses/answer-form.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { listVersionLanguages } from "~/server/surveys/translations.server";
import { createTestDatabase } from "../support/database";
import { createAnsweringClass, openShippedSurvey, type SurveyContext } from "../support/survey-class-world";

const SLUG = "surveys/young-readers/exit-ticket";
let database: Database;
let context: SurveyContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openShippedSurvey(database, SLUG, "Exit ticket");
});

test("the exit ticket's face scales are option questions whose faces are drawn from the scale's size", () => {
  const scales = context.fields.filter((field) => field.kind === "option");
  expect(scales.map((field) => [field.uid, field.options.map((option) => option.face)])).toEqual([
    ["et-understood", ["sad", "okay", "happy"]],
    ["et-enjoyed", ["very-sad", "sad", "okay", "happy", "very-happy"]],
  ]);
});

test("answered from the form and from JSON: the results count each face, the CSV gives its label", async () => {
  const world = await createAnsweringClass(database, context, { size: 3, anonymous: false });
  const [ana, ben, cleo] = world.students;
  const assignmentId = world.assignment.id;

  const form = new FormData();
  form.set(answerFieldName("et-understood"), "2");
  form.set(answerFieldName("et-enjoyed"), "4");
  const { answers } = readAnswerForm(form, context.fields);
  expect(answers).toEqual({ "et-understood": 2, "et-enjoyed": 4 });
  await submitResponse(database.db, context.app.content, ana, { assignmentId, answers, idempotencyKey: null });
  const json = { "et-understood": 2, "et-enjoyed": 0 };
  await submitResponse(database.db, context.app.content, ben, { assignmentId, answers: json, idempotencyKey: null });
  const onlyOne = { "et-understood": 0 };
  await submitResponse(database.db, context.app.content, cleo, {
    assignmentId,
    answers: onlyOne,
    idempotencyKey: null,
  });

  // Not a face of the scale, or not a number: refused, per field, nothing stored.
  for (const [value, message] of [
    [3, "There is no option 3. Choose one of 0, 1, 2."],
    ["2", "Give the number of the chosen option (0, 1, 2)."],
  ] as const) {
    await expect(
      submitResponse(database.db, context.app.content, cleo, {
        assignmentId,
        answers: { "et-understood": value },
        idempotencyKey: null,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { "et-understood": [message] } });
  }

  const input = { classId: world.klass.id, assignmentId };
  const results = await getAssignmentResults(database.db, world.teacher, input, context.lookup);
  const byUid = new Map(results.questions.map((question) => [question.uid, question]));
  expect(byUid.get("et-understood")).toMatchObject({
    kind: "option",
    answeredCount: 3,
    options: [
      { label: "I did not understand it", count: 1, face: "sad" },
      { label: "I understood some of it", count: 0, face: "okay" },
      { label: "I understood it", count: 2, face: "happy" },
    ],
  });
  expect(byUid.get("et-enjoyed")).toMatchObject({
    answeredCount: 2,
    options: [
      { label: "Not at all", count: 1, face: "very-sad" },
      { label: "Not much", count: 0, face: "sad" },
      { label: "It was okay", count: 0, face: "okay" },
      { label: "Quite a lot", count: 0, face: "happy" },
      { label: "Very much", count: 1, face: "very-happy" },
    ],
  });

  const csv = (await buildResponsesCsv(database.db, world.teacher, input, context.lookup)).body.split("\r\n");
  expect(csv[0]).toContain("How well did you understand today’s lesson?,How much did you enjoy the lesson?");
  const rows = csv.slice(1).filter(Boolean);
  expect(rows).toHaveLength(3);
  const cells = rows.map((row) => row.split(",").slice(3, 5).join(" | ")).sort();
  expect(cells).toEqual(["I did not understand it | ", "I understood it | Not at all", "I understood it | Very much"]);
});

test("both face scale surveys ship in all six languages, asking the same questions", async () => {
  for (const slug of [SLUG, "surveys/young-readers/daily-check-in"]) {
    const story = await loadSurveyStory(context.app.content, slug);
    expect(await listVersionLanguages(context.app.content, story), slug).toEqual(["en", "de", "fr", "es", "pl", "ar"]);
  }
});
