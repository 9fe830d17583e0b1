/**
 * Retention (docs/product.md#privacy): with the clock moved forward past a school's retention
 * period, the job deletes that school's older responses and drawings (and
 * nothing newer, nothing of another school), and audits the counts. Drawings
 * no response names go once a day old (ADR 201); named ones stay.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Db } from "~/server/db/client.server";
import { auditEvents, responseDrawings, responses, schools } from "~/server/db/schema.server";
import { runRetention } from "~/server/privacy/retention.server";
import { updateSchoolPrivacy } from "~/server/schools/schools.server";
import { createTestDatabase } from "../support/database";
import {
  actorOf,
  createAssignment,
  createClass,
  createResponse,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";

let db: Db;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

const MONTH_MS = 30.44 * 86_400_000;

async function schoolWithAnswers(retentionMonths: number | null, submittedAt: Date[]) {
  const school = await createSchool(db);
  if (retentionMonths !== null) await db.update(schools).set({ retentionMonths }).where(eq(schools.id, school.id));
  const klass = await createClass(db, { schoolId: school.id });
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  const ids: number[] = [];
  for (const [index, at] of submittedAt.entries()) {
    const student = await createStudent(db, { schoolId: school.id, classId: klass.id });
    ids.push(
      (
        await createResponse(db, {
          assignmentId: assignment.id,
          studentId: student.id,
          answers: { a: index, art: { drawingId: `d-${school.id}-${index}` } },
          submittedAt: at,
        })
      ).id,
    );
    await db.insert(responseDrawings).values({
      id: `d-${school.id}-${index}`,
      assignmentId: assignment.id,
      studentId: student.id,
      fieldUid: "art",
      png: new Uint8Array([1]),
      byteSize: 1,
      width: 1,
      height: 1,
      sha256: "x",
      createdAt: at,
    });
  }
  return { school, assignment, ids };
}

async function remaining(assignmentId: number) {
  const r = await db.select({ id: responses.id }).from(responses).where(eq(responses.assignmentId, assignmentId));
  const d = await db
    .select({ id: responseDrawings.id })
    .from(responseDrawings)
    .where(eq(responseDrawings.assignmentId, assignmentId));
  return { responses: r.length, drawings: d.length };
}

test("with the clock moved forward, each school's old responses and drawings go, newer ones stay, and the counts are audited", async () => {
  const t0 = new Date("2026-01-15T12:00:00Z");
  const later = new Date(t0.getTime() + 6 * MONTH_MS);
  // Default 24 months: both answers are kept, even two years on minus a day.
  const standard = await schoolWithAnswers(null, [t0, later]);
  // 12 months: the January answer goes once the clock passes January 2027.
  const short = await schoolWithAnswers(12, [t0, later]);

  const today = await runRetention(db, new Date(t0.getTime() + MONTH_MS));
  expect(today).toEqual({ ran: true, schools: [], studentTokens: 0, unattachedDrawings: 0 });
  expect(await remaining(short.assignment.id)).toEqual({ responses: 2, drawings: 2 });

  const nextYear = new Date("2027-01-16T12:00:00Z");
  const run = await runRetention(db, nextYear);
  expect(run.ran && run.schools).toEqual([
    { schoolId: short.school.id, retentionMonths: 12, cutoff: "2026-01-16T12:00:00Z", responses: 1, drawings: 1 },
  ]);
  expect(await remaining(short.assignment.id)).toEqual({ responses: 1, drawings: 1 });
  expect(await remaining(standard.assignment.id)).toEqual({ responses: 2, drawings: 2 });
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "retention.purge"), eq(auditEvents.schoolId, short.school.id)));
  expect(event).toMatchObject({ actorUserId: null, targetType: "school", targetId: String(short.school.id) });
  expect(event.details).toMatchObject({ retentionMonths: 12, responses: 1, drawings: 1 });

  // Running again the same day deletes nothing more and audits nothing more.
  expect(await runRetention(db, nextYear)).toEqual({
    ran: true,
    schools: [],
    studentTokens: 0,
    unattachedDrawings: 0,
  });

  // 24 months after t0 (plus a day), the default school's first answer goes too.
  const twoYears = await runRetention(db, new Date("2028-01-16T12:00:00Z"));
  expect(twoYears.ran && twoYears.schools.find((s) => s.schoolId === standard.school.id)).toMatchObject({
    responses: 1,
    drawings: 1,
  });
  expect(await remaining(standard.assignment.id)).toEqual({ responses: 1, drawings: 1 });
});

test("drawings no response names go once a day old; named ones, and fresh ones, stay", async () => {
  const uploaded = new Date("2031-03-02T08:00:00Z");
  const school = await createSchool(db);
  const klass = await createClass(db, { schoolId: school.id });
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  const sent = await createStudent(db, { schoolId: school.id, classId: klass.id });
  const neverSent = await createStudent(db, { schoolId: school.id, classId: klass.id });
  const drawing = (id: string, studentId: number, fieldUid: string, createdAt: Date) => ({
    id,
    assignmentId: assignment.id,
    studentId,
    fieldUid,
    png: new Uint8Array([1]),
    byteSize: 1,
    width: 1,
    height: 1,
    sha256: "x",
    createdAt,
  });
  const id = (name: string) => `u-${school.id}-${name}`;
  await db.insert(responseDrawings).values([
    // Named by the submitted answer: stays.
    drawing(id("named"), sent.id, "art", uploaded),
    // The same student's first try, replaced by the named one: goes.
    drawing(id("replaced"), sent.id, "art", uploaded),
    // Uploaded, never sent: goes.
    drawing(id("never-sent"), neverSent.id, "art", uploaded),
    // Its id written under another field of the answers: not named, goes.
    drawing(id("other-field"), sent.id, "sky", uploaded),
    // Uploaded an hour before the run: not yet a day old, stays.
    drawing(id("fresh"), neverSent.id, "art", new Date(uploaded.getTime() + 23 * 3_600_000)),
  ]);
  await createResponse(db, {
    assignmentId: assignment.id,
    studentId: sent.id,
    answers: { art: { drawingId: id("named") }, mood: { drawingId: id("other-field") } },
    submittedAt: uploaded,
  });

  const oneDayLater = new Date(uploaded.getTime() + 24 * 3_600_000 + 60_000);
  const run = await runRetention(db, oneDayLater);
  expect(run.ran && run.unattachedDrawings).toBe(3);
  const left = await db
    .select({ id: responseDrawings.id })
    .from(responseDrawings)
    .where(eq(responseDrawings.assignmentId, assignment.id));
  expect(left.map((row) => row.id).sort()).toEqual([id("fresh"), id("named")].sort());
  // The school's retention period has not passed: its response stays too.
  expect(await remaining(assignment.id)).toEqual({ responses: 1, drawings: 2 });
});

test("two runs at the same moment delete each row once (advisory lock), and never fail", async () => {
  const old = new Date("2020-01-01T00:00:00Z");
  const target = await schoolWithAnswers(12, [old, old, old]);
  const outcomes = await Promise.all([
    runRetention(db, new Date("2030-01-01T00:00:00Z")),
    runRetention(db, new Date("2030-01-01T00:00:00Z")),
  ]);
  const deleted = outcomes
    .flatMap((o) => (o.ran ? o.schools : []))
    .filter((s) => s.schoolId === target.school.id)
    .reduce((sum, s) => sum + s.responses, 0);
  expect(deleted).toBe(3);
  expect(await remaining(target.assignment.id)).toEqual({ responses: 0, drawings: 0 });
});

test("admins set their school's retention period and small-group threshold; the threshold cannot go below 3", async () => {
  const school = await createSchool(db);
  const other = await createSchool(db);
  const admin = actorOf(await createUser(db, { schoolId: school.id, role: "admin" }));
  const teacher = actorOf(await createUser(db, { schoolId: school.id }));
  expect(await updateSchoolPrivacy(db, admin, school.id, { retentionMonths: 12, minGroupSize: 3 })).toEqual({
    retentionMonths: 12,
    minGroupSize: 3,
  });
  const [row] = await db.select().from(schools).where(eq(schools.id, school.id));
  expect(row).toMatchObject({ retentionMonths: 12, minGroupSize: 3 });
  await expect(updateSchoolPrivacy(db, admin, school.id, { retentionMonths: 12, minGroupSize: 2 })).rejects.toThrow();
  await expect(
    updateSchoolPrivacy(db, admin, other.id, { retentionMonths: 12, minGroupSize: 5 }),
  ).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(
    updateSchoolPrivacy(db, teacher, school.id, { retentionMonths: 12, minGroupSize: 5 }),
  ).rejects.toBeInstanceOf(Error);
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "school.privacy_settings"), eq(auditEvents.schoolId, school.id)));
  expect(event.details).toEqual({
    from: { retentionMonths: 24, minGroupSize: 5 },
    to: { retentionMonths: 12, minGroupSize: 3 },
  });
});
