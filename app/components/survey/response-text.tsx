import { Box, Flex, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import {
  type FreetextAnswerBlock,
  type OptionAnswerBlock,
  type ResponseTextBlock,
  type ResponseTextQuestionBlock,
  readChoices,
} from "~/lib/survey-content";
import { PreviewRecording } from "./recording";
import { useSurveyLabels } from "./survey-labels";
import { SurveyResponse } from "./survey-response";

/** response-text: a prompt and numbered questions, each with its answers. */
export function ResponseText({ blok }: { blok: ResponseTextBlock }) {
  return (
    <SurveyResponse blok={blok}>
      <ol className="survey-questions">
        {(blok.questions ?? []).map((question, index) => (
          <ResponseTextQuestion key={question._uid} question={question} number={index + 1} />
        ))}
      </ol>
    </SurveyResponse>
  );
}

function ResponseTextQuestion({ question, number }: { question: ResponseTextQuestionBlock; number: number }) {
  const t = useSurveyLabels();
  const prompt = `${number}. ${question.prompt ?? ""}`.trim();
  const promptId = `survey-prompt-${question._uid}`;
  return (
    <li {...storyblokEditable(question)}>
      <Flex direction="column" gap="2">
        <Text as="p" size="3" weight="medium" dir="auto" id={promptId}>
          <span className="survey-number">{`${number}.`}</span> {question.prompt}
        </Text>
        <PreviewRecording recording={question.prompt_audio} label={t("Listen")} describedBy={promptId} />
        {(question.answers ?? []).map((answer) =>
          answer.component === "response-text-question-answer-freetext" ? (
            <FreetextAnswer key={answer._uid} answer={answer} />
          ) : answer.component === "response-text-question-answer-option" ? (
            <ChoiceAnswer key={answer._uid} answer={answer} legend={prompt} />
          ) : null,
        )}
      </Flex>
    </li>
  );
}

function FreetextAnswer({ answer }: { answer: FreetextAnswerBlock }) {
  const t = useSurveyLabels();
  return (
    <Box className="survey-freetext" {...storyblokEditable(answer)}>
      <Text size="2" color="gray">
        {t("[Student will type their answer here]")}
      </Text>
    </Box>
  );
}

/**
 * The choices are a group named by its legend: the question, said again for assistive technology only.
 * A choice's recording is beside it, never inside its label.
 */
function ChoiceAnswer({ answer, legend }: { answer: OptionAnswerBlock; legend: string }) {
  const t = useSurveyLabels();
  const choices = readChoices(answer);
  return (
    <fieldset className="survey-choices" disabled {...storyblokEditable(answer)}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice, index) => (
        <div
          key={`${index}-${choice.label}`}
          className="survey-choice-row"
          {...(choice.block ? storyblokEditable(choice.block) : {})}
        >
          <label className="survey-choice">
            <input type="radio" name={`choice-${answer._uid}`} value={choice.label} disabled />
            <Text size="2" dir="auto" id={`survey-choice-${answer._uid}-${index}`}>
              {choice.label}
            </Text>
          </label>
          <PreviewRecording
            recording={choice.audio}
            label={t("Listen")}
            describedBy={`survey-choice-${answer._uid}-${index}`}
          />
        </div>
      ))}
    </fieldset>
  );
}
