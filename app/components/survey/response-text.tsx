import { Box, Flex, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import {
  type FreetextAnswerBlock,
  hasText,
  type OptionAnswerBlock,
  type ResponseTextBlock,
  type ResponseTextQuestionBlock,
} from "~/lib/survey-content";
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
  const prompt = `${number}. ${question.prompt ?? ""}`.trim();
  return (
    <li {...storyblokEditable(question)}>
      <Flex direction="column" gap="2">
        <Text as="p" size="3" weight="medium" dir="auto">
          <span className="survey-number">{`${number}.`}</span> {question.prompt}
        </Text>
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

/** The choices are a group named by its legend: the question, said again for assistive technology only. */
function ChoiceAnswer({ answer, legend }: { answer: OptionAnswerBlock; legend: string }) {
  const choices = (answer.choices ?? []).filter(hasText);
  return (
    <fieldset className="survey-choices" disabled {...storyblokEditable(answer)}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice, index) => (
        <label key={`${index}-${choice}`} className="survey-choice">
          <input type="radio" name={`choice-${answer._uid}`} value={choice} disabled />
          <Text size="2" dir="auto">
            {choice}
          </Text>
        </label>
      ))}
    </fieldset>
  );
}
