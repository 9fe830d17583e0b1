/**
 * Survey content for domain tests, in Storyblok's block format: an options
 * question, and a text block of free-text and choice questions.
 */
import type { ResponseBlock, ResponseOptionsBlock, ResponseTextBlock, SurveyBlock } from "~/lib/survey-content";

export function optionsQuestion(uid: string, prompt: string, labels: string[]): ResponseOptionsBlock {
  return {
    _uid: uid,
    component: "response-options",
    prompt,
    response_options: labels.map((content, index) => ({
      _uid: `${uid}-o${index}`,
      component: "response-options-item",
      content,
    })),
  };
}

type TextAnswer = { uid: string; prompt: string } & ({ freetext: true } | { choices: string[] });

export function textQuestions(uid: string, prompt: string, answers: TextAnswer[]): ResponseTextBlock {
  return {
    _uid: uid,
    component: "response-text",
    prompt,
    questions: answers.map((answer, index) => ({
      _uid: `${uid}-q${index}`,
      component: "response-text-question",
      prompt: answer.prompt,
      answers: [
        "choices" in answer
          ? { _uid: answer.uid, component: "response-text-question-answer-option", choices: answer.choices }
          : { _uid: answer.uid, component: "response-text-question-answer-freetext" },
      ],
    })),
  };
}

export function surveyOf(title: string, blocks: ResponseBlock[]): SurveyBlock {
  return { _uid: "root", component: "survey", title, response: blocks };
}
