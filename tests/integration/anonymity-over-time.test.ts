/**
 * Anonymity that holds against anyone watching over time (ADR 188, issue #24).
 *
 * fast-check plays random sequences of submissions, changed answers,
 * unchanged resubmissions, students' deletions and views on an anonymous
 * assignment, through the domain functions the screens and APIs call, on a
 * real database (PGlite here, PostgreSQL in CI). At every view it reads
 * everything a teacher or admin sees of the answers: the results (the
 * screen, its print view and the stats API return this one object), the
 * class CSV and the admin's survey CSV.
 *
 * The property: whenever what is seen changes between two views, the
 * students who might have caused it number at least the school's
 * threshold. Someone watching knows who answered when (the "Responded" marks
 * stay live), so the candidates for a change are the students who acted
 * between the last view before the earlier content first showed and the
 * view that shows the new content: nothing finer can be told from outside.
 *
 * A model of the rule (release when at least the threshold of students have
 * answered, changed or been deleted since the last release, with at least
 * the threshold in all) says what each view must show, so the test also
 * fails if answers are never released. At the end of each run, the audit log
 * holds none of the run's answers and no student's data export shows them.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import type { AnswerField } from "~/lib/survey-content";
import type { App } from "~/server/app.server";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import { loadSurveyStory } from "~/server/assignments/student-assignments.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents } from "~/server/db/schema.server";
import { isDomainError } from "~/server/errors.server";
import { exportStudentData } from "~/server/privacy/student-export.server";
import { buildSurveyResponsesCsv } from "~/server/responses/responses.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { deleteStudent } from "~/server/students/student-deletion.server";
import { createTestDatabase } from "../support/database";
import {
  createAnsweringClass,
  openSchoolYearSurvey,
  SCHOOL_YEAR_SLUG,
  type SurveyContext,
} from "../support/survey-class-world";

const SLUG = SCHOOL_YEAR_SLUG;
const STUDENTS = 8;
const WORDS = ["sunny", "tired", "happy", "hungry"];

let database: Database;
let context: SurveyContext;
let app: App;
let surveyId: number;
let lookup: SurveyContentLookup;
let option: Extract<AnswerField, { kind: "option" }>;
let freetext: Extract<AnswerField, { kind: "freetext" }>;
let run = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openSchoolYearSurvey(database);
  ({ app, surveyId, lookup } = context);
  const firstOption = context.fields.find((field) => field.kind === "option");
  const firstText = context.fields.find((field) => field.kind === "freetext");
  if (!firstOption || !firstText) throw new Error("the survey needs an option and a free-text question");
  option = firstOption;
  freetext = firstText;
});

type Step =
  | { kind: "submit"; who: number; choice: number; word: number }
  | { kind: "delete"; who: number }
  | { kind: "view" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("submit" as const),
      who: fc.nat(STUDENTS - 1),
      choice: fc.nat(3),
      word: fc.nat(WORDS.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), who: fc.nat(STUDENTS - 1) }) },
  { weight: 3, arbitrary: fc.constant({ kind: "view" as const }) },
);

interface Answer {
  choice: number;
  text: string;
}

/** The rule, written out independently of the SQL: what the screens must show after each step. */
class ReleaseModel {
  current = new Map<number, Answer>();
  released: Answer[] | null = null;
  private changedSinceRelease = new Set<number>();
  private releasedStudents = new Set<number>();
  private removedSinceRelease = 0;

  constructor(private threshold: number) {}

  submit(who: number, answer: Answer) {
    const before = this.current.get(who);
    if (before && before.choice === answer.choice && before.text === answer.text) return false;
    this.current.set(who, answer);
    this.changedSinceRelease.add(who);
    this.releaseIfDue();
    return true;
  }

  remove(who: number) {
    if (!this.current.has(who)) return false;
    this.current.delete(who);
    this.changedSinceRelease.delete(who);
    if (this.releasedStudents.delete(who)) this.removedSinceRelease++;
    this.releaseIfDue();
    return true;
  }

  private releaseIfDue() {
    if (this.changedSinceRelease.size + this.removedSinceRelease < this.threshold) return;
    if (this.current.size < this.threshold) return;
    this.released = [...this.current.values()];
    this.releasedStudents = new Set(this.current.keys());
    this.changedSinceRelease.clear();
    this.removedSinceRelease = 0;
  }
}

/** What a teacher and an admin see of the answers, in a form that ignores the (random) row order. */
async function seenContent(world: World) {
  const input = { classId: world.classId, assignmentId: world.assignmentId };
  const results = await getAssignmentResults(database.db, world.teacher, input, lookup);
  const questions = results.questions.map((question) =>
    question.kind === "freetext" ? { ...question, answers: question.answers.map((a) => a.text).sort() } : question,
  );
  let classCsv: string[];
  try {
    classCsv = (await buildResponsesCsv(database.db, world.teacher, input, lookup)).body.split("\r\n").slice(1).sort();
  } catch (error) {
    if (!isDomainError(error) || error.code !== "CONFLICT") throw error;
    classCsv = ["refused"];
  }
  const story = (await loadSurveyStory(app.content, SLUG)).content;
  const adminCsv = (
    await buildSurveyResponsesCsv(database.db, world.admin, surveyId, { classId: world.classId }, story)
  ).body
    .split("\r\n")
    .slice(1)
    // A row per response saying its answers are hidden tells how many answered (live anyway), not what.
    .filter((line) => !line.includes("(hidden: "))
    .sort();
  const optionCounts = questions.find((q) => q.uid === option.uid);
  const texts = questions.find((q) => q.uid === freetext.uid);
  return {
    key: JSON.stringify({ hidden: results.groupProtection?.hidden, questions, classCsv, adminCsv }),
    hidden: results.groupProtection?.hidden ?? false,
    texts: texts?.kind === "freetext" ? texts.answers : [],
    optionCounts: optionCounts && "options" in optionCounts ? optionCounts.options.map((o) => o.count) : [],
  };
}

type World = Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld(threshold: number) {
  const world = await createAnsweringClass(database, context, { size: STUDENTS, threshold });
  return { ...world, classId: world.klass.id, assignmentId: world.assignment.id };
}

test("what teachers and admins see of an anonymous survey changes only by groups of at least the threshold", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(3, 5, 6),
      fc.array(step, { minLength: 1, maxLength: 18 }),
      async (threshold, steps) => {
        run++;
        const world = await makeWorld(threshold);
        const model = new ReleaseModel(threshold);
        const deleted = new Set<number>();
        const allTexts = new Set<string>();
        /** Step index of each student's acts that changed what they had given (a deletion included). */
        const acts: { at: number; who: number }[] = [];
        const views: { at: number; key: string }[] = [];

        const view = async (at: number) => {
          const seen = await seenContent(world);
          // The model says what must be shown: exactly the last release, or nothing.
          if (model.released === null) {
            expect(seen.hidden).toBe(true);
          } else {
            expect(seen.hidden).toBe(false);
            expect(seen.texts).toEqual(model.released.map((a) => a.text).sort());
            const counts = option.options.map((o) => model.released!.filter((a) => a.choice === o.index).length);
            expect(seen.optionCounts).toEqual(counts);
          }
          views.push({ at, key: seen.key });
        };

        await view(-1);
        for (const [at, current] of steps.entries()) {
          if (current.kind === "view") {
            await view(at);
            continue;
          }
          const student = world.students[current.who];
          if (deleted.has(current.who)) continue;
          if (current.kind === "delete") {
            await deleteStudent(database.db, world.teacher, world.classId, student.studentId);
            deleted.add(current.who);
            if (model.remove(current.who)) acts.push({ at, who: current.who });
            continue;
          }
          const choice = option.options[current.choice % option.options.length].index;
          const text = `run ${run} ${WORDS[current.word]}`;
          allTexts.add(text);
          await submitResponse(database.db, app.content, student, {
            assignmentId: world.assignmentId,
            answers: { [option.uid]: choice, [freetext.uid]: text },
            idempotencyKey: null,
          });
          if (model.submit(current.who, { choice, text })) acts.push({ at, who: current.who });
        }
        await view(steps.length);

        // The property, from the outside: each change of what is seen, against the students who could have caused it.
        for (let b = 1; b < views.length; b++) {
          if (views[b].key === views[b - 1].key) continue;
          // p: the first view showing the earlier content; the release it shows was made after the view before p.
          let p = b - 1;
          while (p > 0 && views[p - 1].key === views[b - 1].key) p--;
          const from = p > 0 ? views[p - 1].at : Number.NEGATIVE_INFINITY;
          const candidates = new Set(
            acts.filter((act) => act.at > from && act.at <= views[b].at).map((act) => act.who),
          );
          expect(candidates.size).toBeGreaterThanOrEqual(threshold);
        }

        // The audit log keeps none of the answers, and no export shows them.
        const events = await database.db
          .select({ details: auditEvents.details })
          .from(auditEvents)
          .where(sql`${auditEvents.details} ->> 'assignmentId' = ${String(world.assignmentId)}`);
        for (const event of events)
          expect(event.details).toEqual({ assignmentId: world.assignmentId, anonymous: true });
        for (const [index, student] of world.students.entries()) {
          if (deleted.has(index)) continue;
          const exported = JSON.stringify(await exportStudentData(database.db, world.admin, student.studentId));
          for (const text of allTexts) expect(exported).not.toContain(text);
        }
      },
    ),
    { numRuns: 40 },
  );
}, 600_000);
