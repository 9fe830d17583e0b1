/** The answer columns of the response CSVs (a class's results and the admin's survey export). */
import type { AnswerField } from "~/lib/survey-content";

/** A question's column heading: its number and prompt. */
export function fieldLabel(field: AnswerField): string {
  const prompt = field.prompt.trim() || field.kind;
  return "questionNumber" in field ? `${field.questionNumber}. ${prompt}` : prompt;
}

/** One answer as a cell: an option's label, "drawing" for a drawing, text as it is. */
export function answerText(field: AnswerField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.kind === "option") {
    const option = field.options.find((candidate) => String(candidate.index) === String(value));
    return option ? option.label : String(value);
  }
  if (field.kind === "drawing") return "drawing";
  return typeof value === "string" ? value : JSON.stringify(value);
}
