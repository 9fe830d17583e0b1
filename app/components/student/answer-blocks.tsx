/**
 * The survey's response blocks, live: what the preview shows disabled, as
 * plain form fields a child can use (ADR 151).
 *
 * - response-options: one radio per non-empty option, numbered as in the
 *   preview (1, 2, … over the options shown); the value is the option's
 *   index in the block, as the API takes it.
 * - response-faces: the face scale (faces-answer.tsx).
 * - response-text: each question numbered; a free-text answer is a text
 *   area of at most MAX_TEXT_ANSWER_LENGTH characters, a choice answer a
 *   group of radios (each choice with its recording, where it has one).
 * - response-art: the drawing pad with JavaScript; without it, a plain note
 *   that drawing needs JavaScript and the rest can still be sent. Below it,
 *   with or without JavaScript, "Describe it instead": a short text for a
 *   child who cannot draw (or drag), sent with the answer (issue 37).
 *
 * Every prompt and option can be heard (read-aloud.tsx): its recording, else a
 * Listen button where the device has a voice of its own.
 *
 * `values` holds what to fill in (the answers sent before, or what was
 * typed when a send did not go through); `errors` the messages per field.
 */
import { useTranslation } from "react-i18next";
import { answerFieldId, answerFieldName, descriptionFieldName } from "~/lib/answer-form";
import { languageDir } from "~/lib/i18n/languages";
import { MAX_DRAWING_DESCRIPTION_LENGTH, MAX_TEXT_ANSWER_LENGTH } from "~/lib/student-api/limits";
import { errorIdFor } from "~/lib/student-form";
import {
  type FreetextAnswerBlock,
  hasText,
  type OptionAnswerBlock,
  type ResponseArtBlock,
  type ResponseBlock,
  type ResponseOptionsBlock,
  type ResponseTextBlock,
  readChoices,
  type StoryblokAsset,
} from "~/lib/survey-content";
import { DrawingAnswer } from "./drawing-answer";
import { FacesAnswer } from "./faces-answer";
import { QuestionFieldset } from "./question-fieldset";
import { ReadAloud, ReadAloudScript } from "./read-aloud";
import { ErrorMessages } from "./student-fields";

export interface AnswerState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  assignmentId: number;
  /** A choice answer's values by field `_uid` (the survey's default texts; the labels may be translated). */
  choiceValues?: Record<string, string[]>;
  /** The survey's language as shown (its texts may differ from the page's language, ADR 217). */
  contentLanguage?: string;
}

/**
 * `lang` and `dir` for the survey's own texts inside the page: the survey language's direction where it
 * is known, else the text's own (`dir="auto"`), so English texts on an Arabic page read left to right.
 */
function contentAttributes(state: AnswerState): { lang?: string; dir: "ltr" | "rtl" | "auto" } {
  return state.contentLanguage
    ? { lang: state.contentLanguage, dir: languageDir(state.contentLanguage) }
    : { dir: "auto" };
}

export function AnswerBlocks({ blocks, state }: { blocks: ResponseBlock[]; state: AnswerState }) {
  return (
    <>
      {blocks.map((block) => {
        switch (block.component) {
          case "response-options":
            return <OptionsAnswer key={block._uid} block={block} state={state} />;
          case "response-faces":
            return (
              <FacesAnswer
                key={block._uid}
                block={block}
                field={fieldState(block._uid, state)}
                contentAttributes={contentAttributes(state)}
              />
            );
          case "response-text":
            return <TextAnswers key={block._uid} block={block} state={state} />;
          case "response-art":
            return <ArtAnswer key={block._uid} block={block} state={state} />;
          default:
            return null;
        }
      })}
      {blocks.length > 0 ? <ReadAloudScript /> : null}
    </>
  );
}

function fieldState(uid: string, state: AnswerState) {
  const name = answerFieldName(uid);
  const id = answerFieldId(uid);
  const errors = state.errors[name];
  const invalid = Boolean(errors?.length);
  return { name, id, errors, invalid, value: state.values[name], errorId: errorIdFor(id) };
}

function OptionsAnswer({ block, state }: { block: ResponseOptionsBlock; state: AnswerState }) {
  const { t } = useTranslation("student");
  const field = fieldState(block._uid, state);
  const options = (block.response_options ?? [])
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => hasText(item.content));
  if (options.length === 0) return null;
  return (
    <div className="student-card">
      <QuestionFieldset
        field={field}
        legend={hasText(block.prompt) ? block.prompt : t("Choose one")}
        legendAttributes={hasText(block.prompt) ? contentAttributes(state) : {}}
        afterLegend={
          hasText(block.prompt) ? <ReadAloud textId={`${field.id}-prompt`} recording={block.prompt_audio} /> : null
        }
      >
        {options.map(({ item, index }, position) => (
          <div key={item._uid} className="student-choice-row">
            <label className="student-choice">
              <input
                type="radio"
                name={field.name}
                value={String(index)}
                defaultChecked={field.value === String(index)}
              />
              {/* the number reads with the option's text: "1. Calm", not "Calm .1", in a page of the other direction */}
              <span id={`${field.id}-${index}`} {...contentAttributes(state)}>
                <span className="student-number">{`${position + 1}.`}</span> {item.content}
              </span>
            </label>
            <ReadAloud textId={`${field.id}-${index}`} recording={item.audio} />
          </div>
        ))}
      </QuestionFieldset>
    </div>
  );
}

function TextAnswers({ block, state }: { block: ResponseTextBlock; state: AnswerState }) {
  const questions = block.questions ?? [];
  if (questions.length === 0) return null;
  return (
    <section className="student-card">
      {hasText(block.prompt) ? <h2 {...contentAttributes(state)}>{block.prompt}</h2> : null}
      {questions.map((question, index) => {
        // Each answer of the question is asked with its number and prompt, and the prompt's recording.
        const asked = {
          prompt: `${index + 1}. ${question.prompt ?? ""}`.trim(),
          recording: question.prompt_audio,
          state,
        };
        return (
          <div key={question._uid} className="student-question">
            {(question.answers ?? []).map((answer) =>
              answer.component === "response-text-question-answer-freetext" ? (
                <FreetextAnswer key={answer._uid} answer={answer} {...asked} />
              ) : answer.component === "response-text-question-answer-option" ? (
                <ChoiceAnswer key={answer._uid} answer={answer} {...asked} />
              ) : null,
            )}
          </div>
        );
      })}
    </section>
  );
}

function FreetextAnswer({
  answer,
  prompt,
  recording,
  state,
}: {
  answer: FreetextAnswerBlock;
  prompt: string;
  recording?: StoryblokAsset | null;
  state: AnswerState;
}) {
  const { t } = useTranslation("student");
  const field = fieldState(answer._uid, state);
  const hintId = `${field.id}-hint`;
  return (
    <div className="student-field">
      <label htmlFor={field.id} id={`${field.id}-prompt`} className="student-legend" {...contentAttributes(state)}>
        {prompt}
      </label>
      <ReadAloud textId={`${field.id}-prompt`} recording={recording} />
      <span className="student-hint" id={hintId}>
        {t("Type your answer (up to {max, number} characters).", { max: MAX_TEXT_ANSWER_LENGTH })}
      </span>
      <textarea
        id={field.id}
        name={field.name}
        className="student-textarea"
        defaultValue={field.value ?? ""}
        maxLength={MAX_TEXT_ANSWER_LENGTH}
        rows={4}
        aria-invalid={field.invalid || undefined}
        aria-describedby={field.invalid ? `${hintId} ${field.errorId}` : hintId}
      />
      <ErrorMessages id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ChoiceAnswer({
  answer,
  prompt,
  recording,
  state,
}: {
  answer: OptionAnswerBlock;
  prompt: string;
  recording?: StoryblokAsset | null;
  state: AnswerState;
}) {
  const field = fieldState(answer._uid, state);
  const choices = readChoices(answer);
  if (choices.length === 0) return null;
  return (
    <QuestionFieldset
      field={field}
      legend={prompt}
      legendAttributes={contentAttributes(state)}
      afterLegend={<ReadAloud textId={`${field.id}-prompt`} recording={recording} />}
    >
      {choices.map((choice, index) => {
        // The value is the survey's default text even where the label is translated (ADR 217).
        const value = state.choiceValues?.[answer._uid]?.[index] ?? choice.label;
        return (
          <div key={`${index}-${choice.label}`} className="student-choice-row">
            <label className="student-choice">
              <input type="radio" name={field.name} value={value} defaultChecked={field.value === value} />
              <span id={`${field.id}-${index}`} {...contentAttributes(state)}>
                {choice.label}
              </span>
            </label>
            <ReadAloud textId={`${field.id}-${index}`} recording={choice.audio} />
          </div>
        );
      })}
    </QuestionFieldset>
  );
}

function ArtAnswer({ block, state }: { block: ResponseArtBlock; state: AnswerState }) {
  const { t } = useTranslation("student");
  const field = fieldState(block._uid, state);
  return (
    <section className="student-card" aria-labelledby={`${field.id}-prompt`}>
      <h2 id={`${field.id}-prompt`} {...(hasText(block.prompt) ? contentAttributes(state) : {})}>
        {hasText(block.prompt) ? block.prompt : t("Draw a picture")}
      </h2>
      {hasText(block.prompt) ? <ReadAloud textId={`${field.id}-prompt`} recording={block.prompt_audio} /> : null}
      <DrawingAnswer
        assignmentId={state.assignmentId}
        fieldUid={block._uid}
        name={field.name}
        id={field.id}
        drawingId={field.value ?? ""}
      />
      <DescribeInstead uid={block._uid} id={field.id} value={state.values[descriptionFieldName(block._uid)]} />
      <ErrorMessages id={field.errorId} errors={field.errors} />
    </section>
  );
}

/** A drawing question answered in words: for a child who cannot draw or drag (issue 37). */
function DescribeInstead({ uid, id, value }: { uid: string; id: string; value?: string }) {
  const { t } = useTranslation("student");
  const inputId = `${id}-description`;
  return (
    <div className="student-field">
      <label htmlFor={inputId}>{t("Describe it instead")}</label>
      <span className="student-hint" id={`${inputId}-hint`}>
        {t("If you cannot draw, write what you would draw (up to {max, number} characters).", {
          max: MAX_DRAWING_DESCRIPTION_LENGTH,
        })}
      </span>
      <textarea
        id={inputId}
        name={descriptionFieldName(uid)}
        className="student-textarea student-textarea-short"
        defaultValue={value ?? ""}
        maxLength={MAX_DRAWING_DESCRIPTION_LENGTH}
        rows={3}
        aria-describedby={`${inputId}-hint`}
      />
    </div>
  );
}
