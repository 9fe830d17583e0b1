/**
 * Anonymity that holds against anyone watching over time (ADR 188, issue #24)
 * and against the class's own teacher (issue #35).
 *
 * fast-check plays random sequences of submissions, changed answers,
 * unchanged resubmissions, students' deletions and views on an anonymous
 * assignment, through the domain functions the screens and APIs call, on a
 * real database (PGlite here, PostgreSQL in CI).
 *
 * The first property: whenever what is seen of the answers changes between
 * two views, the students who might have caused it number at least the
 * school's threshold. A model of the rule (release when at least the
 * threshold of NEW respondents have answered since the last release) says
 * what each view must show, so the test also fails if answers are never
 * released. At the end of each run, the audit log holds none of the run's
 * answers and no student's data export shows them.
 *
 * The second: an adversary who controls threshold - 1 respondents (a
 * teacher's puppet students) and reads every screen, CSV, export, audit log
 * and live snapshot after every single act cannot tell two real children
 * apart. The same acts are played in two classes, the second with two real
 * children's behaviour swapped; everything the adversary sees, student by
 * student, must be the same in both, the reminders the teacher sends between
 * acts too (issue 38: what each child's page would show, the results' last
 * reminder, the audit log's counts). A "Responded" mark, a time of an
 * answer, an audit event or an export entry of one child would differ. And
 * the live results move only when a release is made.
 */
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import type { AnswerField } from "~/lib/survey-content";
import type { App } from "~/server/app.server";
import { getLiveResults } from "~/server/assignments/live-results.server";
import { getProjectorResults } from "~/server/assignments/projector.server";
import { getReminderSummary, sendReminder, studentRemindersFor } from "~/server/assignments/reminders.server";
import { buildResponsesCsv, getAssignmentResults } from "~/server/assignments/results.server";
import { listStudentAssignments, loadSurveyStory } from "~/server/assignments/student-assignments.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import { listAuditLog } from "~/server/audit/audit-log.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, classes, schools, students, users } from "~/server/db/schema.server";
import { isDomainError } from "~/server/errors.server";
import { exportStudentData } from "~/server/privacy/student-export.server";
import { buildSurveyResponsesCsv } from "~/server/responses/responses.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { deleteStudent } from "~/server/students/student-deletion.server";
import { getStudent } from "~/server/students/students.server";
import { getSchoolSurveyView } from "~/server/trends/school-survey.server";
import { getSeriesTrend, type SeriesTrend } from "~/server/trends/trends.server";
import { schoolSurveyCsv, seriesTrendCsv } from "~/server/trends/trends-csv.server";
import { createTestDatabase } from "../support/database";
import { actorOf, createClass, createSchool, createStudent, createUser } from "../support/fixtures";
import { createSeries } from "../support/series-world";
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
  /** How many releases were made. */
  releases = 0;
  /** Whose answers the last release held: not new respondents any more, whatever they change. */
  private releasedStudents = new Set<number>();

  constructor(private threshold: number) {}

  submit(who: number, answer: Answer) {
    const before = this.current.get(who);
    if (before && before.choice === answer.choice && before.text === answer.text) return false;
    this.current.set(who, answer);
    this.releaseIfDue();
    return true;
  }

  remove(who: number) {
    if (!this.current.has(who)) return false;
    this.current.delete(who);
    this.releasedStudents.delete(who);
    return true;
  }

  private releaseIfDue() {
    const fresh = [...this.current.keys()].filter((who) => !this.releasedStudents.has(who));
    if (fresh.length < this.threshold) return;
    this.released = [...this.current.values()];
    this.releasedStudents = new Set(this.current.keys());
    this.releases++;
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

        // The audit log keeps no event of an anonymous answer (its time would say when), and no export shows one.
        const events = await database.db
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(sql`${auditEvents.details} ->> 'assignmentId' = ${String(world.assignmentId)}`);
        expect(events.filter((event) => event.action.startsWith("response."))).toEqual([]);
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

/** The real children of the adversary's class; the teacher's puppets come after them on the roster. */
const CHILDREN = 4;

type Act = { by: "child" | "puppet"; who: number; choice: number; word: number; remind: boolean };

const act: fc.Arbitrary<Act> = fc.record({
  by: fc.constantFrom("child" as const, "puppet" as const),
  who: fc.nat(CHILDREN - 1),
  choice: fc.nat(3),
  word: fc.nat(WORDS.length - 1),
  // Then the teacher reminds "everyone who has not answered" (issue 38).
  remind: fc.boolean(),
});

/**
 * Keys whose numbers are record ids: not compared (ids of two classes differ, and tables' ids may meet).
 * Each student's own view is compared with the same student's, and names say who an event is about.
 */
const ID_KEYS = new Set([
  "id",
  "studentId",
  "classId",
  "assignmentId",
  "schoolId",
  "targetId",
  "actorUserId",
  "actorStudentId",
  "actorId",
]);
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;

/**
 * Everything the adversary (the class's teacher and the school's admin) can
 * read, as one string per reader and student, with the ids left out and the
 * names and clock times of this class replaced by what they stand for
 * ("child 2's name", "a time"),
 * so two classes can be compared. A time that appears or changes between
 * two acts still shows: the views are compared after every act.
 */
async function adversaryView(world: AdversaryWorld) {
  const { db } = database;
  const input = { classId: world.classId, assignmentId: world.assignmentId };
  const normalize = (value: unknown) =>
    JSON.stringify(value, (key, v) => {
      if (ID_KEYS.has(key) && (typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v)))) return "an id";
      if (typeof v === "string") {
        let text = v.replace(ISO_TIME, "a time");
        for (const [name, label] of world.names) text = text.replaceAll(name, label);
        return text;
      }
      return v;
    });
  const results = await getAssignmentResults(db, world.teacher, input, lookup);
  const sortedResults = {
    ...results,
    questions: results.questions.map((q) =>
      q.kind === "freetext" ? { ...q, answers: q.answers.map((a) => a.text).sort() } : q,
    ),
  };
  let classCsv: string[];
  try {
    classCsv = (await buildResponsesCsv(db, world.teacher, input, lookup)).body.split("\r\n").sort();
  } catch (error) {
    if (!isDomainError(error) || error.code !== "CONFLICT") throw error;
    classCsv = [`refused: ${error.message}`];
  }
  const story = (await loadSurveyStory(app.content, SLUG)).content;
  const adminCsv = (await buildSurveyResponsesCsv(db, world.admin, surveyId, { classId: world.classId }, story)).body
    .split("\r\n")
    .sort();
  const projector = await getProjectorResults(db, world.teacher, input, lookup);
  // A released answer's reference is its random position in the release.
  const projectorShown = {
    ...projector,
    questions: projector.questions.map((q) =>
      "answers" in q ? { ...q, answers: q.answers.map((a) => ({ ...a, ref: "a release position" })) } : q,
    ),
  };
  const { changeSeq, ...live } = await getLiveResults(db, world.teacher, input, lookup);
  const perStudent: string[] = [];
  for (const student of world.students) {
    const page = await getStudent(db, world.teacher, world.classId, student.studentId);
    const exported = await exportStudentData(db, world.admin, student.studentId);
    // The reminder the child's page shows (a teacher may look over any child's shoulder).
    const reminder = (await studentRemindersFor(db, student, await listStudentAssignments(db, student))).get(
      world.assignmentId,
    );
    perStudent.push(normalize({ page, exported: { ...exported, exportedAt: null }, reminder: reminder ?? null }));
  }
  const reminder = await getReminderSummary(db, world.teacher, input);
  // The admin's audit log, but for the adversary's own exports (one per student per look: the same in both classes).
  const log = await listAuditLog(db, world.admin, {});
  const audit = log.rows.filter((row) => row.action !== "student.data_export");
  return {
    shared: normalize({ results: sortedResults, classCsv, adminCsv, projector: projectorShown, audit, reminder }),
    live: normalize(live),
    changeSeq,
    perStudent,
    texts: results.questions.flatMap((q) => (q.kind === "freetext" ? q.answers.map((a) => a.text) : [])).sort(),
  };
}

type AdversaryWorld = Awaited<ReturnType<typeof makeAdversaryWorld>>;

async function makeAdversaryWorld(threshold: number) {
  const world = await createAnsweringClass(database, context, { size: CHILDREN + threshold - 1, threshold });
  const ids = world.students.map((student) => student.studentId);
  const rows = await database.db.select().from(students).where(inArray(students.id, ids));
  const [teacher] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, world.teacher.id));
  const names = new Map<string, string>([
    [world.klass.name, "the class's name"],
    [world.school.name, "the school's name"],
    // The reminders' audit events name their sender (issue 38).
    [teacher.name, "the teacher's name"],
  ]);
  for (const [index, id] of ids.entries()) {
    const who = index < CHILDREN ? `child ${index}` : `puppet ${index - CHILDREN}`;
    const row = rows.find((r) => r.id === id);
    if (row) names.set(row.lastName, `${who}'s name`);
  }
  return {
    ...world,
    classId: world.klass.id,
    assignmentId: world.assignment.id,
    children: world.students.slice(0, CHILDREN),
    puppets: world.students.slice(CHILDREN),
    names,
  };
}

test("a teacher with threshold - 1 puppet students, reading everything after every act, cannot tell two real children apart", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(3, 5),
      fc.array(act, { minLength: 1, maxLength: 12 }),
      fc.uniqueArray(fc.nat(CHILDREN - 1), { minLength: 2, maxLength: 2 }),
      async (threshold, acts, [a, b]) => {
        // The same acts in two classes; in the second, children a and b act as each other.
        const swapped = (who: number) => (who === a ? b : who === b ? a : who);
        const worlds = [await makeAdversaryWorld(threshold), await makeAdversaryWorld(threshold)];
        const traces: string[][] = [[], []];
        const model = new ReleaseModel(threshold);
        for (const [w, world] of worlds.entries()) {
          let previous = await adversaryView(world);
          traces[w].push(previous.shared, previous.live, ...previous.perStudent);
          for (const current of acts) {
            const puppets = threshold - 1;
            const student =
              current.by === "puppet"
                ? world.puppets[current.who % puppets]
                : world.children[w === 0 ? current.who : swapped(current.who)];
            const choice = option.options[current.choice % option.options.length].index;
            const text = `adversary ${WORDS[current.word]}`;
            await submitResponse(database.db, app.content, student, {
              assignmentId: world.assignmentId,
              answers: { [option.uid]: choice, [freetext.uid]: text },
              idempotencyKey: null,
            });
            if (current.remind) await sendReminder(database.db, world.teacher, world);
            const releasesBefore = model.releases;
            if (w === 0)
              model.submit(current.by === "puppet" ? 100 + (current.who % puppets) : current.who, { choice, text });
            const seen = await adversaryView(world);
            traces[w].push(seen.shared, seen.live, ...seen.perStudent);
            if (w === 0) {
              // The answers shown are the model's last release; the live stream moves at a release only.
              expect(seen.texts).toEqual(model.released ? model.released.map((x) => x.text).sort() : []);
              const released = model.releases > releasesBefore;
              expect(seen.changeSeq !== previous.changeSeq).toBe(released);
              if (!released) expect(seen.live).toBe(previous.live);
            }
            previous = seen;
          }
        }
        expect(traces[1]).toEqual(traces[0]);
      },
    ),
    // Each run plays two classes and reads everything after every act: few runs, and no shrinking on a loaded machine.
    { numRuns: 6, endOnFailure: true },
  );
}, 600_000);

/**
 * The trends and school views (issue #38, docs/product.md#over-time-and-across-classes): a
 * school of three classes in two year groups, each with a series of two rounds (all named or
 * all anonymous), the adversary's threshold - 1 puppets in the first class, real children in
 * every class. The adversary (the school's admin, who sees every class's series, the school
 * and year-group views and both CSVs) compares two schools where the same acts are played
 * but for one change the small-group rule must hide:
 * - "hidden": a real child of a round with fewer than the threshold of respondents answers
 *   differently there;
 * - "swap": two real children of one class act as each other throughout.
 * Everything seen must be the same in both: no view, and no difference of two views (a total
 * and its classes, a group and the school, two rounds), can tell. And in every view, a round or
 * class shows numbers only with at least the threshold of respondents, and a total is exactly
 * the sum of the classes shown.
 */
const TREND_CLASSES = [
  { name: "Trend A", yearGroup: "Year 5" },
  { name: "Trend B", yearGroup: "Year 5" },
  { name: "Trend C", yearGroup: "Year 6" },
];
const REAL = 4;

type TrendAct = { cls: number; round: number; who: number | "puppet"; puppet: number; choice: number };

const trendAct: fc.Arbitrary<TrendAct> = fc.record({
  cls: fc.nat(TREND_CLASSES.length - 1),
  round: fc.nat(1),
  who: fc.oneof(fc.nat(REAL - 1), fc.constant("puppet" as const)),
  puppet: fc.nat(10),
  choice: fc.nat(3),
});

async function makeTrendSchool(threshold: number, anonymous: boolean) {
  const { db } = database;
  const school = await createSchool(db);
  await db.update(schools).set({ minGroupSize: threshold }).where(eq(schools.id, school.id));
  const admin = actorOf(await createUser(db, { schoolId: school.id, role: "admin" }));
  const built = [];
  for (const spec of TREND_CLASSES) {
    const klass = await createClass(db, { schoolId: school.id, name: spec.name });
    await db.update(classes).set({ yearGroup: spec.yearGroup }).where(eq(classes.id, klass.id));
    const { series, rounds } = await createSeries(db, { classId: klass.id, surveyId, anonymous, rounds: 2 });
    const real = [];
    for (let i = 0; i < REAL; i++) real.push((await createStudent(db, { schoolId: school.id, classId: klass.id })).id);
    built.push({ klass, series, rounds, real, puppets: [] as number[] });
  }
  for (let i = 0; i < threshold - 1; i++)
    built[0].puppets.push((await createStudent(db, { schoolId: school.id, classId: built[0].klass.id })).id);
  return { school, admin, classes: built };
}

type TrendSchool = Awaited<ReturnType<typeof makeTrendSchool>>;

async function playTrendAct(world: TrendSchool, act: TrendAct, swap: [number, number] | null) {
  const target = world.classes[act.cls];
  let studentId: number;
  if (act.who === "puppet") {
    if (target.puppets.length === 0) return;
    studentId = target.puppets[act.puppet % target.puppets.length];
  } else {
    const who =
      swap && act.cls === swap[0]
        ? act.who === swap[1]
          ? (swap[1] + 1) % REAL
          : act.who === (swap[1] + 1) % REAL
            ? swap[1]
            : act.who
        : act.who;
    studentId = target.real[who];
  }
  const choice = option.options[act.choice % option.options.length].index;
  await database.db.execute(sql`insert into responses (assignment_id, student_id, answers)
    values (${target.rounds[act.round].id}, ${studentId}, ${JSON.stringify({ [option.uid]: choice })}::jsonb)
    on conflict (assignment_id, student_id) do update set answers = excluded.answers, submitted_at = now()`);
}

/** Everything the admin sees of the school's trends, without ids, names of this school or clock times. */
async function trendViews(world: TrendSchool) {
  const { db } = database;
  const strip = (value: unknown) =>
    JSON.stringify(value, (key, v) => {
      if (["assignmentId", "classId", "seriesId", "schoolId", "surveyId"].includes(key)) return "an id";
      if (key === "schoolName") return "the school";
      if (key === "date" || key === "startedAt") return "a date";
      return v;
    });
  const series = [];
  for (const { klass, series: s } of world.classes) {
    const trend = await getSeriesTrend(db, world.admin, { classId: klass.id, seriesId: s.id }, lookup);
    series.push({ trend: JSON.parse(strip(trend)), csv: seriesTrendCsv(trend).replace(/\d{4}-\d\d-\d\d/g, "a day") });
  }
  const school = await getSchoolSurveyView(db, world.admin, { schoolId: world.school.id, surveyId }, lookup);
  const schoolCsv = schoolSurveyCsv(school).replace(/\d{4}-\d\d-\d\d/g, "a day");
  return { series, school: JSON.parse(strip(school)) as typeof school, schoolCsv, raw: school };
}

test("the trends and school views: threshold - 1 puppets cannot isolate a real child's answer by any view or difference of views", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(3, 4),
      fc.boolean(),
      fc.array(trendAct, { minLength: 10, maxLength: 30 }),
      fc.record({ kind: fc.constantFrom("hidden" as const, "swap" as const), pick: fc.nat(50), choice: fc.nat(3) }),
      async (threshold, anonymous, acts, change) => {
        // The model: who answered in each class's round, after the acts.
        const answered = new Map<string, Set<string>>();
        for (const act of acts) {
          const key = `${act.cls}:${act.round}`;
          const who = act.who === "puppet" ? `p${act.puppet % (act.cls === 0 ? threshold - 1 : 1)}` : `r${act.who}`;
          if (act.who === "puppet" && act.cls !== 0) continue;
          answered.set(key, new Set([...(answered.get(key) ?? []), who]));
        }
        // "hidden": a real child who answered a round that stays under the threshold answers it differently.
        const hidden = [...answered.entries()].filter(
          ([, who]) => who.size < threshold && [...who].some((w) => w.startsWith("r")),
        );
        if (change.kind === "hidden") fc.pre(hidden.length > 0);
        const first = await makeTrendSchool(threshold, anonymous);
        const second = await makeTrendSchool(threshold, anonymous);
        const swap: [number, number] | null =
          change.kind === "swap" ? [change.pick % TREND_CLASSES.length, change.pick % REAL] : null;
        for (const act of acts) {
          await playTrendAct(first, act, null);
          await playTrendAct(second, act, swap);
        }
        if (change.kind === "hidden") {
          const [key, who] = hidden[change.pick % hidden.length];
          const [cls, round] = key.split(":").map(Number);
          const child = Number([...who].find((w) => w.startsWith("r"))?.slice(1));
          await playTrendAct(second, { cls, round, who: child, puppet: 0, choice: change.choice + 1 }, null);
        }
        const [seen, other] = [await trendViews(first), await trendViews(second)];
        expect(other.series).toEqual(seen.series);
        expect(other.school).toEqual(seen.school);
        expect(other.schoolCsv).toBe(seen.schoolCsv);

        // Every number shown stands for at least the threshold; totals add up the classes shown only.
        for (const [cls, { trend }] of seen.series.entries())
          for (const [round, row] of (trend as SeriesTrend).rounds.entries()) {
            const respondents = answered.get(`${cls}:${round}`)?.size ?? 0;
            if (row.cell.shown) expect(row.cell.respondents).toBeGreaterThanOrEqual(threshold);
            else if (!anonymous) expect(respondents).toBeLessThan(threshold);
          }
        const view = seen.raw;
        const shown = (cells: { cell: { shown: boolean; respondents: number | null } }[]) =>
          cells.filter((c) => c.cell.shown).reduce((sum, c) => sum + (c.cell.respondents ?? 0), 0);
        for (const column of view.classes)
          if (column.cell.shown) expect(column.cell.respondents).toBeGreaterThanOrEqual(threshold);
        for (const group of view.yearGroups) expect(group.total.respondents ?? 0).toBe(shown(group.classes));
        expect(view.school.respondents ?? 0).toBe(shown(view.classes));
      },
    ),
    { numRuns: 12, endOnFailure: true },
  );
}, 600_000);
