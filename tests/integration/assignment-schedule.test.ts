/**
 * Scheduled assignments and series (issue #38), with an injected clock on a real database: the
 * effective status in its TypeScript and SQL forms, answers refused after the scheduled close with
 * nothing having run at that moment, starting and closing by hand over the schedule, the form's rules
 * (zod, in the school's time zone), rounds of a series, what students and the class home see.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { assignFormSchema, MAX_ROUNDS, scheduleFormSchema } from "~/lib/schemas/schedule";
import { ASSIGNMENT_STATUSES } from "~/lib/statuses";
import { dateToZonedInput, relativeFromNow, scheduleNote, zonedInputToDate } from "~/lib/zoned-time";
import * as scheduleRoute from "~/routes/class/assignment-schedule";
import * as assignRoute from "~/routes/class/survey-assign";
import { listClassAssignments, setAssignmentStatus } from "~/server/assignments/assignments.server";
import { effectiveStatus, effectiveStatusSql } from "~/server/assignments/effective-status.server";
import { getProjectorResults } from "~/server/assignments/projector.server";
import { getAssignmentResults } from "~/server/assignments/results.server";
import {
  assignRounds,
  classTimeZone,
  listSeriesRounds,
  setAssignmentSchedule,
} from "~/server/assignments/schedule.server";
import { listStudentAssignments } from "~/server/assignments/student-assignments.server";
import { getClassDashboard } from "~/server/classes/class-dashboard.server";
import type { Database } from "~/server/db/client.server";
import { assignments, schools } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { setSchoolTimeZone } from "~/server/schools/school-time-zone.server";
import { createTestDatabase } from "../support/database";
import { createSurvey } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";
import { createAnsweringClass, openSchoolYearSurvey, type SurveyContext } from "../support/survey-class-world";

let database: Database;
let context: SurveyContext;

const HOUR = 3600_000;
const T0 = new Date("2026-03-02T08:00:00Z"); // a Monday

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openSchoolYearSurvey(database);
});

async function scheduledClass(schedule: { opensAt: Date | null; closesAt: Date | null }) {
  const world = await createAnsweringClass(database, context, { size: 2, anonymous: false });
  await database.db
    .update(assignments)
    .set({ status: "assigned", startedAt: null, ...schedule })
    .where(eq(assignments.id, world.assignment.id));
  const text = context.fields.find((field) => field.kind === "freetext")!;
  const answer = (index: number, now: Date) =>
    submitResponse(
      database.db,
      context.app.content,
      world.students[index],
      { assignmentId: world.assignment.id, answers: { [text.uid]: `at ${now.toISOString()}` }, idempotencyKey: null },
      now,
    );
  return { ...world, answer };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return `${error.status} ${error.message}`;
    throw error;
  }
  return "accepted";
}

test("the SQL form of the effective status agrees with the TypeScript rule in every case", async () => {
  const { klass } = await createAnsweringClass(database, context, { size: 0 });
  const now = T0;
  const times = [null, new Date(now.getTime() - HOUR), now, new Date(now.getTime() + HOUR)];
  const rows = [];
  for (const status of ASSIGNMENT_STATUSES)
    for (const opensAt of times)
      for (const closesAt of times) {
        const survey = await createSurvey(database.db);
        rows.push({ classId: klass.id, surveyId: survey.id, status, opensAt, closesAt });
      }
  const inserted = await database.db.insert(assignments).values(rows).returning();
  const read = await database.db
    .select({ id: assignments.id, status: effectiveStatusSql(assignments, now) })
    .from(assignments)
    .where(eq(assignments.classId, klass.id));
  const bySql = new Map(read.map((row) => [row.id, row.status]));
  for (const row of inserted) expect([row, bySql.get(row.id)]).toEqual([row, effectiveStatus(row, now)]);
  // Each status shows up: the cases cover the rule.
  expect(new Set(bySql.values())).toEqual(new Set(ASSIGNMENT_STATUSES));
});

test("a survey opens and closes on its schedule, with nothing run at those moments", async () => {
  const opensAt = new Date(T0.getTime() + HOUR);
  const closesAt = new Date(T0.getTime() + 3 * HOUR);
  const world = await scheduledClass({ opensAt, closesAt });
  const { teacher, klass } = world;
  const statusAt = async (now: Date) =>
    (await listClassAssignments(database.db, teacher, klass.id, now)).assignments[0].status;

  expect(await statusAt(T0)).toBe("assigned");
  expect(await refusal(world.answer(0, T0))).toBe("409 This survey has not started yet");
  expect((await listStudentAssignments(database.db, world.students[0], T0))[0]).toMatchObject({
    status: "assigned",
    opensAt,
  });

  const during = new Date(T0.getTime() + 2 * HOUR);
  expect(await statusAt(during)).toBe("active");
  expect(await refusal(world.answer(0, during))).toBe("accepted");

  const atClose = closesAt;
  expect(await statusAt(atClose)).toBe("completed");
  expect(await refusal(world.answer(1, atClose))).toBe("409 This survey is closed");
  expect(await listStudentAssignments(database.db, world.students[1], atClose)).toEqual([]);
  const list = (await listClassAssignments(database.db, teacher, klass.id, atClose)).assignments[0];
  expect(list).toMatchObject({ status: "completed", startedAt: opensAt, closedAt: closesAt });
  // Nothing was written at the close: the stored status is still the teacher's (none).
  const [stored] = await database.db.select().from(assignments).where(eq(assignments.id, world.assignment.id));
  expect(stored.status).toBe("assigned");
  // The results read the same rule (real time: the close is long past).
  const results = await getAssignmentResults(
    database.db,
    teacher,
    { classId: klass.id, assignmentId: world.assignment.id },
    context.lookup,
  );
  expect(results.assignment.status).toBe("completed");
  expect(results.respondedCount).toBe(1);
});

test("starting and closing by hand override the schedule", async () => {
  const opensAt = new Date(T0.getTime() + 24 * HOUR);
  const closesAt = new Date(T0.getTime() + 48 * HOUR);
  const world = await scheduledClass({ opensAt, closesAt });
  const input = { classId: world.klass.id, assignmentId: world.assignment.id };

  // Started early by hand: open now, and it still closes on schedule.
  const started = await setAssignmentStatus(database.db, world.teacher, { ...input, status: "active" }, T0);
  expect(started.assignment).toMatchObject({ status: "active", opensAt: null, closesAt });
  expect(await refusal(world.answer(0, T0))).toBe("accepted");
  const afterClose = new Date(closesAt.getTime() + HOUR);
  expect(await refusal(world.answer(1, afterClose))).toBe("409 This survey is closed");

  // Reopened by hand after the scheduled close: the passed close no longer counts.
  const reopened = await setAssignmentStatus(database.db, world.teacher, { ...input, status: "active" }, afterClose);
  expect(reopened.assignment).toMatchObject({ status: "active", closesAt: null });
  expect(await refusal(world.answer(1, afterClose))).toBe("accepted");

  // Closed by hand: closed, and a schedule cannot reopen it behind the teacher's back.
  await setAssignmentStatus(database.db, world.teacher, { ...input, status: "completed" }, afterClose);
  expect(
    await refusal(
      setAssignmentSchedule(
        database.db,
        world.teacher,
        { ...input, opensAt: null, closesAt: new Date(afterClose.getTime() + 48 * HOUR) },
        afterClose,
      ),
    ),
  ).toBe("409 This survey was closed by hand. Reopen it before you schedule it again.");
  // Closing twice is still the specification's 409.
  expect(
    await refusal(setAssignmentStatus(database.db, world.teacher, { ...input, status: "completed" }, afterClose)),
  ).toBe("409 This survey is already closed.");
});

test("the schedule form reads times in the school's time zone and says per field what is wrong", () => {
  const zone = "Europe/Berlin";
  const now = new Date("2026-03-02T08:00:00Z");
  const parse = (value: Record<string, string>) => scheduleFormSchema(zone, now).safeParse(value);
  const ok = parse({ opensAt: "2026-03-03T09:00", closesAt: "2026-03-03T10:00" });
  expect(ok.success && ok.data).toEqual({
    opensAt: new Date("2026-03-03T08:00:00Z"),
    closesAt: new Date("2026-03-03T09:00:00Z"),
  });
  const errors = (value: Record<string, string>) => {
    const result = parse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  expect(errors({ opensAt: "2026-03-03T10:00", closesAt: "2026-03-03T09:00" })).toEqual({
    closesAt: "The closing time must be after the opening time.",
  });
  expect(errors({ opensAt: "2026-03-01T10:00" })).toEqual({ opensAt: "The opening time must not be in the past." });
  expect(errors({ closesAt: "soon" })).toEqual({ closesAt: "Enter a date and a time." });
  // A time already stored may stay in the past (the form sends it back unchanged).
  const kept = scheduleFormSchema(zone, now, { opensAt: new Date("2026-03-01T09:00:00Z"), closesAt: null }).safeParse({
    opensAt: "2026-03-01T10:00",
  });
  expect(kept.success).toBe(true);
  // Summer time: 09:00 in Berlin is 07:00 UTC, and shown back as 09:00.
  expect(zonedInputToDate("2026-04-01T09:00", zone)).toEqual(new Date("2026-04-01T07:00:00Z"));
  expect(dateToZonedInput(new Date("2026-04-01T07:00:00Z"), zone)).toBe("2026-04-01T09:00");
});

test("rounds: every 2 weeks until a day, at the same wall-clock time across the change of the clocks", () => {
  const zone = "Europe/Berlin";
  const now = new Date("2026-03-01T08:00:00Z");
  const parsed = assignFormSchema(zone, now).parse({
    opensAt: "2026-03-02T09:00",
    closesAt: "2026-03-06T15:00",
    repeat: "weeks",
    everyWeeks: "2",
    until: "2026-04-13",
  });
  expect(parsed.rounds.map((round) => dateToZonedInput(round.opensAt, zone))).toEqual([
    "2026-03-02T09:00",
    "2026-03-16T09:00",
    "2026-03-30T09:00",
    "2026-04-13T09:00",
  ]);
  expect(parsed.rounds.map((round) => dateToZonedInput(round.closesAt, zone))[2]).toBe("2026-04-03T15:00");

  const issues = (value: Record<string, string>) => {
    const result = assignFormSchema(zone, now).safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  const base = { opensAt: "2026-03-02T09:00", closesAt: "2026-03-06T15:00" };
  expect(issues({ ...base, repeat: "weeks", everyWeeks: "1", until: "2027-12-31" })).toEqual({
    until: `A series has at most ${MAX_ROUNDS} rounds.`,
  });
  expect(issues({ ...base, repeat: "dates", dates: "2026-03-04" })).toEqual({
    dates: "Each round must close before the next one opens.",
  });
  expect(issues({ ...base, repeat: "dates", dates: "4 March" })).toEqual({
    dates: "Enter dates as YYYY-MM-DD, one per line.",
  });
  expect(issues({ repeat: "weeks", until: "2026-04-13" })).toEqual({
    repeat: "A repeated survey needs an opening and a closing time.",
  });
});

test("a series: each round an assignment of its own, linked, listed in order; the survey is then taken", async () => {
  const world = await createAnsweringClass(database, context, { size: 1, anonymous: false });
  const { teacher, klass } = world;
  const survey = await createSurvey(database.db, { title: "Wellbeing check-in" });
  const now = T0;
  const rounds = [0, 14, 28].map((days) => ({
    opensAt: new Date(T0.getTime() + (days * 24 + 1) * HOUR),
    closesAt: new Date(T0.getTime() + (days * 24 + 5) * HOUR),
  }));
  const made = await assignRounds(
    database.db,
    teacher,
    { classId: klass.id, surveyId: survey.id, anonymous: true, rounds },
    now,
  );
  expect(made.roundCount).toBe(3);
  const listed = await listSeriesRounds(database.db, teacher, { classId: klass.id, seriesId: made.seriesId }, now);
  expect(listed.map((round) => [round.opensAt, round.status])).toEqual(rounds.map((r) => [r.opensAt, "assigned"]));
  // Another school's teacher cannot read the series: 404.
  const other = await createAnsweringClass(database, context, { size: 0 });
  expect(
    await refusal(listSeriesRounds(database.db, other.teacher, { classId: klass.id, seriesId: made.seriesId }, now)),
  ).toMatch(/^404/);
  // The same survey again, singly or as a series: taken.
  const again = { classId: klass.id, surveyId: survey.id, anonymous: false };
  expect(await refusal(assignRounds(database.db, teacher, { ...again, rounds: [rounds[0]] }, now))).toBe(
    "409 This survey is already assigned to this class.",
  );
  expect(await refusal(assignRounds(database.db, teacher, { ...again, rounds }, now))).toBe(
    "409 This survey is already assigned to this class.",
  );

  // A round's results on the projector, as any assignment's (real time: these rounds closed long ago).
  const projected = await getProjectorResults(
    database.db,
    teacher,
    { classId: klass.id, assignmentId: listed[1].id },
    context.lookup,
  );
  expect(projected.assignment).toMatchObject({
    id: listed[1].id,
    status: "completed",
    surveyTitle: "Wellbeing check-in",
  });

  // The class home: what is coming, soonest first; the open one once its time has come.
  const dashboard = await getClassDashboard(database.db, teacher, klass.id, now);
  expect(dashboard.comingAssignments.map((a) => a.surveyTitle)).toContain("Wellbeing check-in");
  expect(dashboard.comingAssignments[0].opensAt).toEqual(rounds[0].opensAt);
  const during = new Date(rounds[0].opensAt.getTime() + HOUR);
  const later = await getClassDashboard(database.db, teacher, klass.id, during);
  expect(later.activeAssignments.map((a) => a.id)).toContain(made.first.id);
  expect(later.comingAssignments[0].opensAt).toEqual(rounds[1].opensAt);
});

test("students read when a survey opens and closes, in the school's time zone and their language", async () => {
  const world = await createAnsweringClass(database, context, { size: 0 });
  await setSchoolTimeZone(database.db, world.admin, world.school.id, "Europe/Berlin");
  expect(await classTimeZone(database.db, world.klass.id, "UTC")).toBe("Europe/Berlin");
  expect(await refusal(setSchoolTimeZone(database.db, world.admin, world.school.id, "Mars/Olympus"))).toBe(
    "400 Choose a time zone from the list, such as Europe/Berlin.",
  );
  const [school] = await database.db.select().from(schools).where(eq(schools.id, world.school.id));
  expect(school.timeZone).toBe("Europe/Berlin");

  const now = new Date("2026-03-01T12:00:00Z"); // a Sunday
  const opens = { status: "assigned", opensAt: new Date("2026-03-02T08:00:00Z"), closesAt: null };
  expect(scheduleNote(opens, now, "en", "Europe/Berlin")).toEqual({ kind: "opens", day: "Monday", time: "09:00" });
  expect(scheduleNote(opens, now, "de", "Europe/Berlin")).toEqual({ kind: "opens", day: "Montag", time: "09:00" });
  const closes = { status: "active", opensAt: null, closesAt: new Date(now.getTime() + 48 * HOUR) };
  expect(scheduleNote(closes, now, "en", "UTC")).toEqual({ kind: "closes", relative: "in 2 days" });
  expect(relativeFromNow(closes.closesAt, now, "fr")).toBe("dans 2 jours");
});

test("the assign and schedule forms, posted as plain forms: field errors, then rounds and a schedule saved", async () => {
  const world = await createAnsweringClass(database, context, { size: 0 });
  const survey = await createSurvey(database.db, { title: "Class climate" });
  const cookie = await signIn(database, world.teacher.id);
  const params = { classId: world.klass.id, surveyId: survey.id };
  const path = `/class/${world.klass.id}/surveys/assign/${survey.id}`;
  const next = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

  const refused = await callRoute(assignRoute, database, {
    method: "POST",
    path,
    params,
    cookie,
    form: { opensAt: `${next(2)}T10:00`, closesAt: `${next(2)}T09:00`, repeat: "none" },
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain("The closing time must be after the opening time.");

  const made = await callRoute(assignRoute, database, {
    method: "POST",
    path,
    params,
    cookie,
    form: {
      opensAt: `${next(2)}T09:00`,
      closesAt: `${next(2)}T15:00`,
      repeat: "dates",
      dates: `${next(9)}\n${next(16)}`,
    },
  });
  expect(made.status).toBe(302);
  const rounds = await database.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.classId, world.klass.id), eq(assignments.surveyId, survey.id)));
  expect(rounds).toHaveLength(3);
  expect(new Set(rounds.map((round) => round.seriesId)).size).toBe(1);

  const first = rounds.sort((a, b) => a.opensAt!.getTime() - b.opensAt!.getTime())[0];
  const schedulePath = `/class/${world.klass.id}/surveys/schedule/${first.id}`;
  const page = await callRoute(scheduleRoute, database, {
    path: schedulePath,
    params: { classId: world.klass.id, assignmentId: first.id },
    cookie,
  });
  expect((await page.json()).rounds).toHaveLength(3);
  const saved = await callRoute(scheduleRoute, database, {
    method: "POST",
    path: schedulePath,
    params: { classId: world.klass.id, assignmentId: first.id },
    cookie,
    form: { intent: "schedule", opensAt: `${next(3)}T09:00`, closesAt: "" },
  });
  expect(saved.status).toBe(302);
  const [after] = await database.db.select().from(assignments).where(eq(assignments.id, first.id));
  expect(after.closesAt).toBeNull();
  expect(dateToZonedInput(after.opensAt, "UTC")).toBe(`${next(3)}T09:00`);
});
