/**
 * The small-group rule of the trends and school views
 * (docs/product.md#over-time-and-across-classes), in one place:
 *
 * - a cell is one assignment (a class's round); it is shown only when at
 *   least the school's threshold of students responded (for an anonymous
 *   assignment: answers released, ADR 188), else it says "too few answers to
 *   show" and gives no number at all, not even how many responded;
 * - rounds are never added up, so two rounds are two cells of their own;
 * - a total (a year group, the school) is the sum of the cells SHOWN, never
 *   of the hidden ones, and says how many classes it holds: every number any
 *   view shows is a sum of shown cells, so no difference of two views (a
 *   total and its classes, a group and the school) can reveal a hidden cell.
 *   A total with no shown cell is itself "too few answers to show".
 */
import {
  type AssignmentCounts,
  type CountedField,
  type QuestionCounts,
  questionCounts,
  sumCounts,
} from "./round-tallies.server";

export type Cell =
  | { shown: true; respondents: number; questions: QuestionCounts[] }
  | { shown: false; respondents: null; questions: null };

const HIDDEN: Cell = { shown: false, respondents: null, questions: null };

export function cellOf(fields: CountedField[], counts: AssignmentCounts | undefined, threshold: number): Cell {
  if (!counts || counts.respondents < threshold) return HIDDEN;
  return { shown: true, respondents: counts.respondents, questions: questionCounts(fields, counts) };
}

/** A total over parts: only the parts shown are added; hidden when none is. */
export function totalOf(
  fields: CountedField[],
  parts: { counts: AssignmentCounts | undefined; cell: Cell }[],
  threshold: number,
): Cell & { classesShown: number; classes: number } {
  const shown = parts.filter((part) => part.cell.shown && part.counts);
  const cell = shown.length === 0 ? HIDDEN : cellOf(fields, sumCounts(shown.map((part) => part.counts!)), threshold);
  return { ...cell, classesShown: shown.length, classes: parts.length };
}
