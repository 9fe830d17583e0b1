/**
 * Over time and across classes (issue #38, docs/product.md#over-time-and-across-classes):
 * a series' rounds and one survey across a school's classes and year groups,
 * counted from the running totals (anonymous: the releases only), with the
 * small-group rule in every cell and total, and the long CSVs.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { SurveyBlock } from "~/lib/survey-content";
import { loadSurveyStory } from "~/server/assignments/student-assignments.server";
import { updateClassSettings } from "~/server/classes/admin-classes.server";
import { yearGroupSchema } from "~/server/classes/year-group.server";
import type { Database } from "~/server/db/client.server";
import { classes, schools } from "~/server/db/schema.server";
import { isDomainError } from "~/server/errors.server";
import { listVersionLanguages } from "~/server/surveys/translations.server";
import { getSchoolSurveyView } from "~/server/trends/school-survey.server";
import { getSeriesTrend } from "~/server/trends/trends.server";
import { schoolSurveyCsv, seriesTrendCsv } from "~/server/trends/trends-csv.server";
import { createTestDatabase } from "../support/database";
import {
  actorOf,
  createAssignment,
  createClass,
  createClassWorld,
  createResponse,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { createSeries } from "../support/series-world";
import { openShippedSurvey } from "../support/survey-class-world";
import { optionsQuestion, surveyOf } from "../support/survey-fixtures";

const SLUG = "surveys/test/trends";
const content: SurveyBlock = surveyOf("Check-in", [
  optionsQuestion("mood", "How are you?", ["Fine", "Not fine"]),
  {
    _uid: "face",
    component: "response-faces",
    prompt: "How was the week?",
    faces: ["Bad", "Okay", "Good"].map((label, i) => ({ _uid: `face-${i}`, component: "response-faces-item", label })),
  },
]);
const lookup = async (slug: string) => (slug === SLUG ? content : null);

let database: Database;
let surveyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  surveyId = (await createSurvey(database.db, { fullSlug: SLUG, title: "Check-in" })).id;
});

/** `answers` respondents in the class answer the assignment: [mood, face] each. */
async function answer(classId: number, schoolId: number, assignmentId: number, answers: [number, number][]) {
  for (const [mood, face] of answers) {
    const student = await createStudent(database.db, { schoolId, classId });
    await createResponse(database.db, { assignmentId, studentId: student.id, answers: { mood, face } });
  }
}

async function notFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error) && error.code).toBe("NOT_FOUND");
}

test("a series round by round: shares, face counts with mean and median, and a small round hidden", async () => {
  const world = await createClassWorld(database.db);
  const { class5A, riverside, actors } = world;
  const { series, rounds } = await createSeries(database.db, { classId: class5A.id, surveyId, rounds: 3 });
  await answer(class5A.id, riverside.id, rounds[0].id, [
    [0, 2],
    [0, 2],
    [1, 0],
    [0, 1],
    [0, 2],
  ]);
  await answer(class5A.id, riverside.id, rounds[1].id, [
    [1, 0],
    [1, 1],
  ]);
  await answer(class5A.id, riverside.id, rounds[2].id, [
    [0, 2],
    [0, 2],
    [0, 2],
    [0, 1],
    [1, 1],
    [0, 0],
  ]);
  const trend = await getSeriesTrend(database.db, actors.teacher, { classId: class5A.id, seriesId: series.id }, lookup);
  expect(trend.threshold).toBe(5);
  expect(trend.questions.map((q) => [q.uid, q.labels, q.faceScale])).toEqual([
    ["mood", ["Fine", "Not fine"], false],
    ["face", ["Bad", "Okay", "Good"], true],
  ]);
  expect(trend.rounds.map((r) => [r.number, r.assignmentId])).toEqual(rounds.map((r, i) => [i + 1, r.id]));
  const [first, second, third] = trend.rounds.map((r) => r.cell);
  expect(first).toEqual({
    shown: true,
    respondents: 5,
    questions: [
      { uid: "mood", answered: 5, counts: [4, 1], mean: null, median: null },
      { uid: "face", answered: 5, counts: [1, 1, 3], mean: 2.4, median: 3 },
    ],
  });
  // Two respondents: nothing, not even how many.
  expect(second).toEqual({ shown: false, respondents: null, questions: null });
  expect(third.shown && third.questions[1]).toEqual({
    uid: "face",
    answered: 6,
    counts: [1, 2, 3],
    mean: 2.33,
    median: 2.5,
  });

  const csv = seriesTrendCsv(trend).split("\r\n");
  expect(csv[0]).toBe("level,round,round_date,class,year_group,question,option,count,respondents,note");
  expect(csv.filter((line) => line.startsWith("round,1,"))).toHaveLength(5);
  expect(csv.filter((line) => line.startsWith("round,2,"))).toEqual([
    expect.stringMatching(/^round,2,\d{4}-\d\d-\d\d,5A Sunflowers,,How are you\?,,,,too few answers to show$/),
    expect.stringMatching(/,How was the week\?,,,,too few answers to show$/),
  ]);
  expect(csv).toContainEqual(expect.stringMatching(/^round,3,[\d-]+,5A Sunflowers,,How was the week\?,Good,3,6,$/));

  // The school's admin sees it; another class's teacher, another school's admin, or the wrong class: not found.
  await expect(
    getSeriesTrend(database.db, actors.schoolAdmin, { classId: class5A.id, seriesId: series.id }, lookup),
  ).resolves.toMatchObject({ seriesId: series.id });
  await notFound(getSeriesTrend(database.db, actors.colleague, { classId: class5A.id, seriesId: series.id }, lookup));
  await notFound(getSeriesTrend(database.db, actors.otherAdmin, { classId: class5A.id, seriesId: series.id }, lookup));
  await notFound(
    getSeriesTrend(database.db, actors.schoolAdmin, { classId: world.class6.id, seriesId: series.id }, lookup),
  );
});

test("an anonymous series counts only what is released: answers since the last release move nothing", async () => {
  const world = await createClassWorld(database.db);
  const { class5A, riverside, actors } = world;
  await database.db.update(schools).set({ minGroupSize: 3 }).where(eq(schools.id, riverside.id));
  const { series, rounds } = await createSeries(database.db, {
    classId: class5A.id,
    surveyId,
    anonymous: true,
    rounds: 2,
  });
  const input = { classId: class5A.id, seriesId: series.id };
  await answer(class5A.id, riverside.id, rounds[0].id, [
    [0, 0],
    [0, 1],
  ]);
  // Two of three: nothing released yet.
  expect((await getSeriesTrend(database.db, actors.teacher, input, lookup)).rounds[0].cell.shown).toBe(false);
  await answer(class5A.id, riverside.id, rounds[0].id, [[1, 2]]);
  const released = (await getSeriesTrend(database.db, actors.teacher, input, lookup)).rounds[0].cell;
  expect(released).toMatchObject({
    shown: true,
    respondents: 3,
    questions: [{ counts: [2, 1] }, { counts: [1, 1, 1] }],
  });
  // Two more answers: not a release yet, so the round shows what it showed.
  await answer(class5A.id, riverside.id, rounds[0].id, [
    [1, 0],
    [1, 0],
  ]);
  expect((await getSeriesTrend(database.db, actors.teacher, input, lookup)).rounds[0].cell).toEqual(released);
  await answer(class5A.id, riverside.id, rounds[0].id, [[1, 0]]);
  expect((await getSeriesTrend(database.db, actors.teacher, input, lookup)).rounds[0].cell).toMatchObject({
    respondents: 6,
    questions: [{ counts: [2, 4] }, { counts: [4, 1, 1] }],
  });
});

test("across a school's classes and year groups: totals only over the classes shown, never a hidden class", async () => {
  const world = await createClassWorld(database.db);
  const { riverside, actors } = world;
  const admin = actors.schoolAdmin;
  const make = async (name: string, yearGroup: string | null) => {
    const klass = await createClass(database.db, { schoolId: riverside.id, name });
    await database.db.update(classes).set({ yearGroup }).where(eq(classes.id, klass.id));
    return klass;
  };
  const a = await make("Y5 Ash", "Year 5");
  const b = await make("Y5 Birch", " Year 5 ");
  const c = await make("Y6 Cedar", "Year 6");
  const d = await make("Y6 Dogwood", "Year 6");
  const e = await make("Elm", null);
  const fine = (n: number, notFine: number) => [
    ...Array.from({ length: n }, () => [0, 2] as [number, number]),
    ...Array.from({ length: notFine }, () => [1, 0] as [number, number]),
  ];
  const give = async (classId: number, answers: [number, number][]) => {
    const assignment = await createAssignment(database.db, { classId, surveyId, status: "active" });
    await answer(classId, riverside.id, assignment.id, answers);
    return assignment;
  };
  await give(a.id, fine(4, 2)); // 6: shown
  await give(b.id, fine(1, 1)); // 2: hidden
  await give(c.id, fine(3, 1)); // 4: hidden
  await give(d.id, fine(2, 2)); // 4: hidden
  // A class's series counts with its latest started round.
  const { rounds } = await createSeries(database.db, { classId: e.id, surveyId, rounds: 2 });
  await answer(e.id, riverside.id, rounds[0].id, fine(1, 0));
  await answer(e.id, riverside.id, rounds[1].id, fine(5, 0));
  // Not started: not a column.
  await createAssignment(database.db, { classId: world.class6.id, surveyId });

  const view = await getSchoolSurveyView(database.db, admin, { schoolId: riverside.id, surveyId }, lookup);
  expect(view.classes.map((column) => [column.className, column.yearGroup, column.cell.respondents])).toEqual([
    ["Elm", null, 5],
    ["Y5 Ash", "Year 5", 6],
    ["Y5 Birch", "Year 5", null],
    ["Y6 Cedar", "Year 6", null],
    ["Y6 Dogwood", "Year 6", null],
  ]);
  expect(view.classes[0].assignmentId).toBe(rounds[1].id);
  const groups = view.yearGroups.map((g) => [g.yearGroup, g.classes.length, g.total.classesShown, g.total.respondents]);
  // Year 5 is Ash alone (Birch hidden, never added); Year 6 has 8 respondents but no class shown: hidden.
  expect(groups).toEqual([
    ["Year 5", 2, 1, 6],
    ["Year 6", 2, 0, null],
    [null, 1, 1, 5],
  ]);
  expect(view.yearGroups[0].total.questions).toEqual(view.classes[1].cell.questions);
  expect(view.school).toMatchObject({ shown: true, respondents: 11, classesShown: 2, classes: 5 });
  expect(view.school.shown && view.school.questions[0].counts).toEqual([9, 2]);

  const csv = schoolSurveyCsv(view).split("\r\n");
  expect(csv).toContainEqual(
    expect.stringMatching(/^class,,[\d-]+,Y5 Birch,Year 5,How are you\?,,,,too few answers to show$/),
  );
  expect(csv).toContainEqual("year group,,,,Year 5,How are you?,Not fine,2,6,total of the classes shown: 1 of 2");
  expect(csv).toContainEqual("year group,,,,Year 6,How are you?,,,,too few answers to show");
  expect(csv).toContainEqual("school,,,,,How are you?,Fine,9,11,total of the classes shown: 2 of 5");

  // Scope: a teacher, another school's admin, an unknown survey: not found; a platform admin sees any school.
  await notFound(getSchoolSurveyView(database.db, actors.teacher, { schoolId: riverside.id, surveyId }, lookup));
  await notFound(getSchoolSurveyView(database.db, actors.otherAdmin, { schoolId: riverside.id, surveyId }, lookup));
  await notFound(getSchoolSurveyView(database.db, admin, { schoolId: riverside.id, surveyId: 987654 }, lookup));
  const platform = actorOf(await createUser(database.db, { schoolId: null, role: "admin" }));
  await expect(
    getSchoolSurveyView(database.db, platform, { schoolId: riverside.id, surveyId }, lookup),
  ).resolves.toMatchObject({ school: { respondents: 11 } });
});

test("the two ready-made series ship in all six languages; the wellbeing check-in asks with faces and reads over time", async () => {
  const climate = await openShippedSurvey(database, "surveys/your-school/class-climate-check", "How our class feels");
  const wellbeing = await openShippedSurvey(database, "surveys/your-school/wellbeing-check-in", "How my week was");
  for (const context of [climate, wellbeing]) {
    const slug =
      context === climate ? "surveys/your-school/class-climate-check" : "surveys/your-school/wellbeing-check-in";
    const story = await loadSurveyStory(context.app.content, slug);
    expect(await listVersionLanguages(context.app.content, story), slug).toEqual(["en", "de", "fr", "es", "pl", "ar"]);
  }
  expect(climate.fields.map((field) => field.kind)).toEqual([...Array(7).fill("option"), "choice"]);
  const faces = wellbeing.fields.filter((field) => field.kind === "option" && field.options.every((o) => o.face));
  expect(faces).toHaveLength(6);

  const world = await createClassWorld(database.db);
  const { class5A, riverside, actors } = world;
  const { series, rounds } = await createSeries(database.db, {
    classId: class5A.id,
    surveyId: wellbeing.surveyId,
    rounds: 2,
  });
  for (const [round, face] of [
    [0, 1],
    [1, 4],
  ]) {
    for (let i = 0; i < 5; i++) {
      const student = await createStudent(database.db, { schoolId: riverside.id, classId: class5A.id });
      await createResponse(database.db, {
        assignmentId: rounds[round].id,
        studentId: student.id,
        answers: { "ywb-energy": face },
      });
    }
  }
  const trend = await getSeriesTrend(
    database.db,
    actors.teacher,
    { classId: class5A.id, seriesId: series.id },
    wellbeing.lookup,
  );
  expect(trend.questions[0]).toMatchObject({ uid: "ywb-energy", faceScale: true });
  expect(trend.rounds.map((round) => round.cell.shown && round.cell.questions[0].median)).toEqual([2, 5]);
});

test("the year group is set and cleared on Edit Class, by the school's admins only", async () => {
  const world = await createClassWorld(database.db);
  const { class5A, actors, users } = world;
  const yearGroupOf = async () =>
    (await database.db.select({ y: classes.yearGroup }).from(classes).where(eq(classes.id, class5A.id)))[0].y;
  const input = { name: class5A.name, teacherIds: [users.teacher.id] };
  expect(yearGroupSchema.parse("  Year 5 ")).toBe("Year 5");
  expect(yearGroupSchema.parse("")).toBeNull();
  expect(yearGroupSchema.safeParse("x".repeat(41)).success).toBe(false);
  await updateClassSettings(database.db, actors.schoolAdmin, class5A.id, { ...input, yearGroup: "Year 5" });
  expect(await yearGroupOf()).toBe("Year 5");
  await updateClassSettings(database.db, actors.schoolAdmin, class5A.id, { ...input, yearGroup: null });
  expect(await yearGroupOf()).toBeNull();
  await notFound(updateClassSettings(database.db, actors.otherAdmin, class5A.id, { ...input, yearGroup: "Y6" }));
  await notFound(updateClassSettings(database.db, actors.teacher, class5A.id, { ...input, yearGroup: "Y6" }));
  expect(await yearGroupOf()).toBeNull();
});
