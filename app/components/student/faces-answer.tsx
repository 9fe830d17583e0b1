/**
 * A face scale question, live (docs/product.md#face-scales): one native radio per face, the face
 * drawn inline and its label below, in a tile at least 88 px wide and 44 px high that is all
 * clickable (the label holds the radio). Each radio is named by its label and its place on the
 * scale ("Happy, 3 of 3", an aria-label: the tile's parts are laid out as blocks, so a name read
 * from them would be "Happy , 3 of 3"); the drawing is decorative. The value is the face's index in the block,
 * as the API takes it. Works without JavaScript (a plain radio group). The prompt and each face can be
 * heard (read-aloud.tsx): the author's recording, else a Listen button beside the tile, never inside
 * it (a control inside a label would choose the face).
 */
import type { HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { readFaceScale } from "~/lib/face-scale";
import { hasText, type ResponseFacesBlock } from "~/lib/survey-content";
import { FaceDrawing } from "../survey/face-drawing";
import { QuestionFieldset } from "./question-fieldset";
import { ReadAloud } from "./read-aloud";

export interface FacesField {
  name: string;
  id: string;
  errors?: string[];
  invalid: boolean;
  value?: string;
  errorId: string;
}

export function FacesAnswer({
  block,
  field,
  contentAttributes,
}: {
  block: ResponseFacesBlock;
  field: FacesField;
  /** `lang` and `dir` of the survey's own texts. */
  contentAttributes: HTMLAttributes<HTMLElement>;
}) {
  const { t } = useTranslation("student");
  const faces = readFaceScale(block);
  if (!faces) return null;
  return (
    <div className="student-card">
      <QuestionFieldset
        field={field}
        legend={hasText(block.prompt) ? block.prompt : t("Choose one")}
        legendAttributes={{ dir: "auto", ...(hasText(block.prompt) ? contentAttributes : {}) }}
        afterLegend={
          hasText(block.prompt) ? <ReadAloud textId={`${field.id}-prompt`} recording={block.prompt_audio} /> : null
        }
      >
        <div className="student-faces">
          {faces.map((face) => (
            <div key={face.index} className="student-face-cell">
              <label className="student-face">
                <input
                  type="radio"
                  name={field.name}
                  value={String(face.index)}
                  defaultChecked={field.value === String(face.index)}
                  aria-label={`${face.label}, ${t("{position, number} of {count, number}", { position: face.index + 1, count: faces.length })}`}
                />
                <FaceDrawing mood={face.face} />
                <span id={`${field.id}-${face.index}`} dir="auto" {...contentAttributes}>
                  {face.label}
                </span>
              </label>
              <ReadAloud textId={`${field.id}-${face.index}`} recording={block.faces?.[face.index]?.audio} />
            </div>
          ))}
        </div>
      </QuestionFieldset>
    </div>
  );
}
