/**
 * One choice question of the answer form: a fieldset named by its legend
 * (the prompt), marked invalid and described by its messages when a send
 * did not go through, the messages last. Its radios are the children.
 */
import type { HTMLAttributes, ReactNode } from "react";
import { ErrorMessages } from "./student-fields";

export interface QuestionField {
  id: string;
  errors?: string[];
  invalid: boolean;
  errorId: string;
}

export function QuestionFieldset({
  field,
  legend,
  legendAttributes,
  afterLegend,
  children,
}: {
  field: QuestionField;
  legend: ReactNode;
  /** `lang` and `dir` of the prompt. */
  legendAttributes: HTMLAttributes<HTMLElement>;
  /** Beside the prompt: its recording or Listen button (read-aloud.tsx, issue 37), which names the legend by its id. */
  afterLegend?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="student-question"
      id={field.id}
      aria-invalid={field.invalid || undefined}
      aria-describedby={field.invalid ? field.errorId : undefined}
    >
      <legend className="student-legend" id={`${field.id}-prompt`} {...legendAttributes}>
        {legend}
      </legend>
      {afterLegend}
      {children}
      <ErrorMessages id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
