/** The answer columns of the response CSVs (a class's results and the admin's survey export). */
import type { AnswerField } from "~/lib/survey-content";

/** A question's column heading: its number and prompt. */
export function fieldLabel(field: AnswerField): string {
  const prompt = field.prompt.trim() || field.kind;
  return "questionNumber" in field ? `${field.questionNumber}. ${prompt}` : prompt;
}

/**
 * One answer as a cell: an option's label, text as it is; a drawing is "drawing", a drawing described
 * instead its description, and both "drawing; " and the description (issue 37).
 */
export function answerText(field: AnswerField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.kind === "option") {
    const option = field.options.find((candidate) => String(candidate.index) === String(value));
    return option ? option.label : String(value);
  }
  if (field.kind === "drawing") return drawingCell(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

function drawingCell(value: unknown): string | null {
  const { drawingId, description } =
    typeof value === "object" && value !== null ? (value as { drawingId?: unknown; description?: unknown }) : {};
  const drawn = typeof drawingId === "string";
  if (typeof description !== "string") return drawn ? "drawing" : null;
  return drawn ? `drawing; ${description}` : description;
}
