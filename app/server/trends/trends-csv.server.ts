/**
 * The trends and school views as CSV in long form: one row per round (or
 * class, or total), question and option, with its count; a hidden cell has
 * one row per question saying so, with no counts (suppression.server.ts).
 */
import { csvRows } from "../csv/csv.server";
import type { SchoolSurveyView, TotalCell } from "./school-survey.server";
import type { Cell } from "./suppression.server";
import type { SeriesTrend, TrendQuestion } from "./trends.server";

export const TOO_FEW = "too few answers to show";

const HEADER = [
  "level",
  "round",
  "round_date",
  "class",
  "year_group",
  "question",
  "option",
  "count",
  "respondents",
  "note",
];

/** The reader's translation (i18next's t); English without it. */
type Translate = (text: string, values?: Record<string, number>) => string;

const english: Translate = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

function cellRows(
  lead: (string | number)[],
  questions: TrendQuestion[],
  cell: Cell,
  t: Translate,
  note = "",
): (string | number)[][] {
  if (!cell.shown) return questions.map((question) => [...lead, question.prompt, "", "", "", t(TOO_FEW)]);
  return questions.flatMap((question, q) =>
    question.labels.map((label, o) => [
      ...lead,
      question.prompt,
      label,
      cell.questions[q].counts[o],
      cell.respondents,
      note,
    ]),
  );
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export function seriesTrendCsv(trend: SeriesTrend, t: Translate = english): string {
  const rows = trend.rounds.flatMap((round) =>
    cellRows(["round", round.number, day(round.date), trend.className, ""], trend.questions, round.cell, t),
  );
  return csvRows([HEADER, ...rows]);
}

export function schoolSurveyCsv(view: SchoolSurveyView, t: Translate = english): string {
  const totalNote = (total: TotalCell) =>
    t("total of the classes shown: {shown} of {classes}", { shown: total.classesShown, classes: total.classes });
  const rows = [
    ...view.classes.flatMap((column) =>
      cellRows(
        ["class", "", day(column.startedAt), column.className, column.yearGroup ?? ""],
        view.questions,
        column.cell,
        t,
      ),
    ),
    ...view.yearGroups.flatMap((group) =>
      cellRows(
        ["year group", "", "", "", group.yearGroup ?? ""],
        view.questions,
        group.total,
        t,
        totalNote(group.total),
      ),
    ),
    ...cellRows(["school", "", "", "", ""], view.questions, view.school, t, totalNote(view.school)),
  ];
  return csvRows([HEADER, ...rows]);
}
