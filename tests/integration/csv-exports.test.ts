/**
 * Every CSV the app writes goes through one writer (app/server/csv/csv.server.ts,
 * ADR 122), and none of its cells can become a formula in a spreadsheet that
 * reads it with `,`, `;` or a tab as separator, quotes honoured or not: the
 * class results CSV, the admin responses CSV and the staff template, built
 * on a real database from names, answers and a school name that try.
 */
import { beforeAll, expect, test } from "vitest";
import type { SurveyBlock } from "~/lib/survey-content";
import { buildResponsesCsv } from "~/server/assignments/results.server";
import type { Db } from "~/server/db/client.server";
import { buildSurveyResponsesCsv } from "~/server/responses/responses.server";
import { staffCsvTemplate } from "~/server/users/staff-csv.server";
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

/** Values a spreadsheet would run as formulas if written as they are. */
const FORMULAS = [
  "=1+1",
  "+1+1",
  "-1+1",
  "@SUM(1)",
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("https://evil.example","x")',
  "\t=1+1",
  "\r=1+1",
  "  =1+1",
  "a;=1+1",
  "a,=1+1",
  'x,"=cmd"',
  "a; @SUM(1)",
  "line one\n=1+1",
  "\uFF1D1+1",
];

const survey: SurveyBlock = {
  _uid: "root",
  component: "survey",
  title: "Formulas",
  response: [
    {
      _uid: "text",
      component: "response-text",
      prompt: "=Tell us",
      questions: [
        {
          _uid: "q1",
          component: "response-text-question",
          prompt: "@What went well?",
          answers: [{ _uid: "free", component: "response-text-question-answer-freetext" }],
        },
      ],
    },
  ],
};

let db: Db;
let world: ClassWorld;
let classId: number;
let assignmentId: number;
let surveyId: number;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
  surveyId = (await createSurvey(db, { fullSlug: "surveys/formulas", title: "Formulas" })).id;
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  classId = klass.id;
  const assignment = await createAssignment(db, { classId, surveyId, status: "active" });
  assignmentId = assignment.id;
  for (const [index, formula] of FORMULAS.entries()) {
    const student = await createStudent(db, {
      schoolId: world.riverside.id,
      classId,
      firstName: formula.replace(/[\t\r\n]/g, ""),
      lastName: `-${index}+1`,
    });
    await createResponse(db, {
      assignmentId,
      studentId: student.id,
      answers: { free: formula },
      submittedAt: new Date(Date.UTC(2026, 0, 1, 9, index)),
    });
  }
});

/**
 * The worst readings of a CSV text: split into lines on any line break, each
 * line on a separator, quotes ignored; then quotes and spaces around a piece
 * dropped. Returns the pieces that would start a formula.
 */
function formulaCells(csv: string): string[] {
  const found: string[] = [];
  for (const separator of [",", ";", "\t"]) {
    for (const line of csv.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/)) {
      for (const piece of line.split(separator)) {
        if (/^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(piece) && !/^\s*"*'/.test(piece)) found.push(piece);
      }
    }
  }
  return found;
}

/** Quote-aware reading (RFC 4180), as a spreadsheet that honours quotes does. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

test("the class results CSV: no cell starts a formula, and every answer is there, marked as text", async () => {
  const csv = await buildResponsesCsv(db, world.actors.teacher, { classId, assignmentId }, async (slug) =>
    slug === "surveys/formulas" ? survey : null,
  );
  expect(formulaCells(csv.body)).toEqual([]);
  const rows = parseCsv(csv.body);
  expect(rows[0]).toEqual(["First name", "Last name", "Submitted at (UTC)", "1. @What went well?"]);
  const answers = rows.slice(1).map((row) => row[3]);
  expect(answers).toHaveLength(FORMULAS.length);
  for (const answer of answers) expect(answer.startsWith("'") || answer.includes("'")).toBe(true);
  expect(answers).toContain("'=cmd|' /C calc'!A0");
  expect(answers).toContain("a;'=1+1");
});

test("the admin responses CSV: no cell starts a formula", async () => {
  const csv = await buildSurveyResponsesCsv(db, world.actors.platformAdmin, surveyId, {}, survey);
  expect(csv.rowCount).toBe(FORMULAS.length);
  expect(formulaCells(csv.body)).toEqual([]);
  expect(
    parseCsv(csv.body)
      .slice(1)
      .map((row) => row[6]),
  ).toContain('x,"\'=cmd"');
});

test("the staff template: a school name that is a formula is written as text", () => {
  const csv = staffCsvTemplate('=HYPERLINK("https://evil.example";"Riverside")');
  expect(formulaCells(csv)).toEqual([]);
  expect(parseCsv(csv)[1]).toEqual([
    "Ada Lovelace",
    "ada.lovelace@school.example",
    "teacher",
    '\'=HYPERLINK("https://evil.example";"Riverside")',
  ]);
});
