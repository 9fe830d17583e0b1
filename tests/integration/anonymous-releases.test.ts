/**
 * Releases of anonymous assignments (ADR 188) and what the audit log and the
 * data export keep of anonymous answers (ADR 189), on a real database.
 * The property over random sequences is tests/integration/anonymity-over-time.test.ts;
 * these are the cases one by one, as a reader would check them.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { unreleasedAnswersMessage } from "~/lib/privacy-texts";
import type { AnswerField } from "~/lib/survey-content";
import type { App } from "~/server/app.server";
import { getAssignmentResults } from "~/server/assignments/results.server";
import { listStudentAssignments } from "~/server/assignments/student-assignments.server";
import type { SurveyContentLookup } from "~/server/assignments/survey-content.server";
import { listAuditLog } from "~/server/audit/audit-log.server";
import type { Database } from "~/server/db/client.server";
import { anonymousReleases, responseDrawings, responses } from "~/server/db/schema.server";
import { runRetention } from "~/server/privacy/retention.server";
import { ANONYMOUS_EXPORT_NOTE, exportStudentData } from "~/server/privacy/student-export.server";
import { findOwnResponse } from "~/server/responses/answer-page.server";
import { listSubmittedDrawings } from "~/server/responses/drawings.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { ensurePersonalCodes, regeneratePersonalCode } from "~/server/students/personal-codes.server";
import { applyRosterImport, previewRosterImport } from "~/server/students/roster-import.server";
import { makeSignInCards } from "~/server/students/sign-in-cards.server";
import { deleteStudent } from "~/server/students/student-deletion.server";
import {
  authenticateStudentToken,
  issueStudentToken,
  type StudentPrincipal,
} from "~/server/students/student-tokens.server";
import { createStudent as addStudent } from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import { createClassCode, createResponse, createStudent } from "../support/fixtures";
import {
  createAnsweringClass,
  openSchoolYearSurvey,
  SCHOOL_YEAR_SLUG,
  type SurveyContext,
} from "../support/survey-class-world";

const SLUG = SCHOOL_YEAR_SLUG;

let database: Database;
let context: SurveyContext;
let app: App;
let lookup: SurveyContentLookup;
let freetext: Extract<AnswerField, { kind: "freetext" }>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = await openSchoolYearSurvey(database);
  ({ app, lookup } = context);
  const text = context.fields.find((field) => field.kind === "freetext");
  if (!text) throw new Error("the survey needs a free-text question");
  freetext = text;
});

/** An anonymous (or named), running assignment in a school with the default threshold (5), and `size` students. */
async function anonymousClass(size: number, options: { anonymous?: boolean } = {}) {
  const { db } = database;
  const world = await createAnsweringClass(database, context, { size, anonymous: options.anonymous });
  const { teacher, klass, assignment } = world;
  const answer = (student: StudentPrincipal, text: string) =>
    submitResponse(db, app.content, student, {
      assignmentId: assignment.id,
      answers: { [freetext.uid]: text },
      idempotencyKey: `key-${text}`,
    });
  const shown = async () => {
    const results = await getAssignmentResults(db, teacher, { classId: klass.id, assignmentId: assignment.id }, lookup);
    const question = results.questions.find((q) => q.uid === freetext.uid);
    return {
      protection: results.groupProtection,
      respondedCount: results.respondedCount,
      texts: question?.kind === "freetext" ? question.answers.map((a) => a.text).sort() : null,
    };
  };
  return { ...world, answer, shown };
}

test("answers appear in groups of the threshold of new respondents: changed answers never make a group", async () => {
  const { students, answer, shown } = await anonymousClass(10);
  for (const [i, student] of students.slice(0, 4).entries()) await answer(student, `first ${i}`);
  expect(await shown()).toMatchObject({ texts: null, respondedCount: 4, protection: { hidden: true } });

  await answer(students[4], "first 4");
  const firstGroup = ["first 0", "first 1", "first 2", "first 3", "first 4"];
  expect((await shown()).texts).toEqual(firstGroup);

  // Two more answer; five change theirs, some twice (a teacher's puppets could): counted live, not shown.
  await answer(students[5], "second 5");
  await answer(students[6], "second 6");
  for (const round of [1, 2]) for (const i of [0, 2, 3, 4]) await answer(students[i], `changed ${i} ${round}`);
  // The same answers again are no change.
  await answer(students[1], "first 1");
  const waiting = await shown();
  expect(waiting).toMatchObject({ texts: firstGroup, respondedCount: 7 });
  expect(waiting.protection).toMatchObject({ hidden: false, releasedCount: 5, unreleasedCount: 2 });
  expect(unreleasedAnswersMessage(2, 5)).toBe(
    "2 answers are not shown yet: answers appear in groups of 5 so nobody's answer can be picked out.",
  );

  await answer(students[7], "second 7");
  await answer(students[8], "second 8");
  expect((await shown()).texts).toEqual(firstGroup);
  // The fifth new respondent since the release: everything as it is now.
  await answer(students[9], "second 9");
  const released = await shown();
  expect(released.texts).toEqual(
    [
      "changed 0 2",
      "first 1",
      "changed 2 2",
      "changed 3 2",
      "changed 4 2",
      "second 5",
      "second 6",
      "second 7",
      "second 8",
      "second 9",
    ].sort(),
  );
  expect(released.protection).toMatchObject({ releasedCount: 10, unreleasedCount: 0 });
});

test("a student's deletion leaves the shown answers as they were until the next group of new respondents", async () => {
  const { teacher, klass, students, answer, shown } = await anonymousClass(10);
  for (const [i, student] of students.slice(0, 5).entries()) await answer(student, `told ${i}`);
  const before = await shown();
  await deleteStudent(database.db, teacher, klass.id, students[2].studentId);
  // Taking "told 2" away now would show it was theirs.
  expect((await shown()).texts).toEqual(before.texts);
  for (const [i, student] of students.slice(5, 9).entries()) await answer(student, `later ${i}`);
  // Four new answers and one deletion: not a group.
  expect((await shown()).texts).toEqual(before.texts);
  await answer(students[9], "later 4");
  const after = await shown();
  expect(after.texts).not.toContain("told 2");
  expect(after.texts).toHaveLength(9);
});

test("a released drawing deleted since hides the release's drawings until the next release", async () => {
  const { db } = database;
  const { teacher, klass, assignment, students } = await anonymousClass(5);
  for (const student of students) {
    const id = `art-${student.studentId}`;
    await db.insert(responseDrawings).values({
      id,
      assignmentId: assignment.id,
      studentId: student.studentId,
      fieldUid: "sy-art",
      png: new Uint8Array([1]),
      byteSize: 1,
      width: 1,
      height: 1,
      sha256: "x",
    });
    await createResponse(db, {
      assignmentId: assignment.id,
      studentId: student.studentId,
      answers: { "sy-art": { drawingId: id } },
    });
  }
  const scope = { classId: klass.id, assignmentId: assignment.id };
  const drawings = await listSubmittedDrawings(db, teacher, scope);
  expect(drawings).toHaveLength(5);
  expect(drawings.every((drawing) => drawing.firstName === null && drawing.studentId === null)).toBe(true);
  await deleteStudent(db, teacher, klass.id, students[0].studentId);
  expect(await listSubmittedDrawings(db, teacher, scope)).toEqual([]);
});

test("retention takes away a release older than the school's retention period", async () => {
  const { db } = database;
  const { assignment, students, answer, shown } = await anonymousClass(5);
  for (const [i, student] of students.entries()) await answer(student, `old ${i}`);
  expect((await shown()).texts).toHaveLength(5);
  // Everything was answered and released three years ago.
  const longAgo = new Date(Date.now() - 3 * 365 * 86_400_000);
  await db.update(responses).set({ submittedAt: longAgo }).where(eq(responses.assignmentId, assignment.id));
  await db
    .update(anonymousReleases)
    .set({ releasedAt: longAgo })
    .where(eq(anonymousReleases.assignmentId, assignment.id));
  await runRetention(db);
  const after = await shown();
  expect(after.texts).toBeNull();
  expect(after.protection).toMatchObject({ hidden: true, releasedCount: 0 });
});

test("the audit log keeps no event of an anonymous answer (its time would say when); a named survey's keep what was replaced", async () => {
  const anonymous = await anonymousClass(1);
  await anonymous.answer(anonymous.students[0], "my secret");
  await anonymous.answer(anonymous.students[0], "my other secret");
  const log = await listAuditLog(database.db, anonymous.admin, {});
  expect(log.rows.filter((row) => row.action.startsWith("response."))).toEqual([]);
  expect(JSON.stringify(log)).not.toContain("secret");

  const named = await anonymousClass(1, { anonymous: false });
  await named.answer(named.students[0], "named first");
  await named.answer(named.students[0], "named second");
  const namedLog = await listAuditLog(database.db, named.admin, { action: "response.replace" });
  expect(namedLog.rows[0].details).toMatchObject({ previous: { answers: { [freetext.uid]: "named first" } } });
});

test("a student's data export lists the anonymous surveys the same whether or not they answered, and no drawing of them, sent or not", async () => {
  const { db } = database;
  const { admin, assignment, students, answer } = await anonymousClass(2);
  const [answering, quiet] = students;
  await answer(answering, "between us");
  // Both drew; only the first sent: an uploaded drawing's id is what a release shows once sent.
  for (const student of students)
    await db.insert(responseDrawings).values({
      id: `export-art-${student.studentId}`,
      assignmentId: assignment.id,
      studentId: student.studentId,
      fieldUid: "sy-art",
      png: new Uint8Array([7]),
      byteSize: 1,
      width: 1,
      height: 1,
      sha256: "x",
    });
  const entry = {
    assignmentId: assignment.id,
    classId: answering.classId,
    surveyTitle: "Starting the school year",
    surveySlug: SLUG,
    anonymous: true,
    note: ANONYMOUS_EXPORT_NOTE,
  };
  for (const student of [answering, quiet]) {
    const data = await exportStudentData(db, admin, student.studentId);
    expect(data.responses).toEqual([entry]);
    expect(data.drawings).toEqual([]);
    expect(data.auditEvents.filter((event) => event.action.startsWith("response."))).toEqual([]);
    const json = JSON.stringify(data);
    expect(json).not.toContain("between us");
    expect(json).not.toContain("export-art-");
  }
  // The export's own audit event counts named responses and drawings only.
  const log = await listAuditLog(db, admin, { action: "student.data_export" });
  for (const row of log.rows) expect(row.details).toEqual({ responses: 0, drawings: 0 });
});

/** The same child signed in on another device (as a fresh personal code, or a teacher holding one, would). */
async function anotherDevice(student: StudentPrincipal): Promise<StudentPrincipal> {
  const { db } = database;
  const token = await issueStudentToken(db, { studentId: student.studentId, classId: student.classId, kind: "app" });
  const principal = await authenticateStudentToken(db, token, { kind: "app" });
  if (!principal) throw new Error("a fresh student token must authenticate");
  return principal;
}

test("an anonymous survey's answers, and whether and when they were sent, show only on the device that sent them", async () => {
  const { db } = database;
  const row = async (student: StudentPrincipal, assignmentId: number) =>
    (await listStudentAssignments(db, student)).find((a) => a.assignmentId === assignmentId);

  const anonymous = await anonymousClass(1);
  const [child] = anonymous.students;
  // A device signed in before the child answered, and one after: neither sees anything.
  const before = await anotherDevice(child);
  await anonymous.answer(child, "only mine");
  const after = await anotherDevice(child);
  expect(await row(child, anonymous.assignment.id)).toMatchObject({ answered: true });
  expect((await findOwnResponse(db, child, anonymous.assignment.id))?.answers).toEqual({ [freetext.uid]: "only mine" });
  for (const elsewhere of [before, after]) {
    expect(await row(elsewhere, anonymous.assignment.id)).toMatchObject({ answered: false, submittedAt: null });
    expect(await findOwnResponse(db, elsewhere, anonymous.assignment.id)).toBeNull();
  }
  // Sending from the other device makes it that device's (the child's answers, replaced).
  await anonymous.answer(after, "from the tablet");
  expect(await findOwnResponse(db, child, anonymous.assignment.id)).toBeNull();
  expect((await findOwnResponse(db, after, anonymous.assignment.id))?.answers).toEqual({
    [freetext.uid]: "from the tablet",
  });

  // A named survey's answers are the child's on every device.
  const named = await anonymousClass(1, { anonymous: false });
  await named.answer(named.students[0], "named");
  const elsewhere = await anotherDevice(named.students[0]);
  expect(await row(elsewhere, named.assignment.id)).toMatchObject({ answered: true });
  expect((await findOwnResponse(db, elsewhere, named.assignment.id))?.answers).toEqual({ [freetext.uid]: "named" });
});

test("the first lesson: children who join after the survey started see it released once enough of them answered", async () => {
  const { db } = database;
  // The teacher started the survey before anyone joined.
  const { klass, assignment, shown } = await anonymousClass(0);
  const joined: StudentPrincipal[] = [];
  for (let i = 0; i < 5; i++) {
    const student = await createStudent(db, { schoolId: klass.schoolId, classId: klass.id });
    const token = await issueStudentToken(db, { studentId: student.id, classId: klass.id, kind: "app" });
    const principal = await authenticateStudentToken(db, token, { kind: "app" });
    if (!principal) throw new Error("a fresh student token must authenticate");
    joined.push(principal);
  }
  for (const [i, student] of joined.entries()) {
    await submitResponse(db, app.content, student, {
      assignmentId: assignment.id,
      answers: { [freetext.uid]: `joined ${i}` },
      idempotencyKey: null,
    });
    expect((await shown()).texts).toEqual(i < 4 ? null : ["joined 0", "joined 1", "joined 2", "joined 3", "joined 4"]);
  }
});

test("students a teacher adds, imports or makes sign-in codes or cards for while an anonymous survey is open are shown to the school's admin", async () => {
  const { db } = database;
  for (const anonymous of [true, false]) {
    const { teacher, admin, klass, assignment, students } = await anonymousClass(1, { anonymous });
    const puppet = await addStudent(db, teacher, klass.id, { firstName: "Made", lastName: "Up", contacts: [] });
    // Puppets by the class list's import too, and printed cards for them (issue #35).
    const list = "First name,Last name\nMade,Up\nPuppet,One\nPuppet,Two\n";
    const { plan } = await previewRosterImport(db, teacher, klass.id, list);
    await applyRosterImport(db, teacher, klass.id, {
      text: list,
      choice: {},
      fingerprint: plan.fingerprint,
      remove: [],
    });
    await ensurePersonalCodes(db, teacher, klass.id);
    await regeneratePersonalCode(db, teacher, { classId: klass.id, studentId: students[0].studentId });
    await createClassCode(db, { classId: klass.id, code: anonymous ? "CARD-1111-ANON" : "CARD-2222-NAME" });
    expect(Object.keys((await makeSignInCards(db, teacher, { classId: klass.id })).tokens).length).toBeGreaterThan(2);
    const log = await listAuditLog(db, admin, {});
    const rosterEvents = log.rows.filter((row) =>
      [
        "student.create",
        "student.import",
        "student.personal_codes.ensure",
        "student.personal_code.regenerate",
        "student.sign_in_cards.make",
      ].includes(row.action),
    );
    expect(rosterEvents.map((row) => row.action).sort()).toEqual([
      "student.create",
      "student.import",
      "student.personal_code.regenerate",
      "student.personal_codes.ensure",
      "student.sign_in_cards.make",
    ]);
    for (const row of rosterEvents)
      expect(row.details.openAnonymousSurveys).toEqual(anonymous ? [assignment.id] : undefined);
    expect(puppet.id).toBeGreaterThan(0);
  }
});
