import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ResultBars } from "~/components/class/result-bars";
import { Button } from "~/components/ui/kit-controls";
import type { ProjectorAnswer, ProjectorQuestion } from "~/server/assignments/projector.server";

/** The id of one answer on the page, so Reveal and Hide come back to it without JavaScript. */
export function answerAnchor(questionUid: string, answerRef: string): string {
  return `answer-${questionUid}-${answerRef.replace(":", "-")}`;
}

/** One question on the projector: its bars, or its written answers and drawings to reveal one by one. */
export function QuestionPanel({
  question,
  headingId,
  formAction,
  answerLimit,
}: {
  question: ProjectorQuestion;
  headingId: string;
  formAction: string;
  answerLimit: number;
}) {
  const { t } = useTranslation("staff");
  return (
    <section className="results-projector-question" aria-labelledby={headingId}>
      <h2 id={headingId} className="results-projector-question-title">
        {question.title || t("Question")}
      </h2>
      <p className="projector-note">
        {t("{count, plural, one {# answer} other {# answers}}", { count: question.answeredCount })}
      </p>
      {question.kind === "option" || question.kind === "choice" ? (
        <ResultBars options={question.options} total={question.answeredCount} labelledBy={headingId} />
      ) : question.answers.length === 0 ? (
        <p className="projector-note">
          {question.kind === "drawing" ? t("No drawings yet.") : t("No written answers yet.")}
        </p>
      ) : (
        <>
          <ol className="plain-list results-projector-answers" aria-labelledby={headingId}>
            {question.answers.map((answer) => (
              <AnswerItem
                key={answer.ref}
                questionUid={question.uid}
                kind={question.kind}
                answer={answer}
                formAction={formAction}
              />
            ))}
          </ol>
          {question.answeredCount > question.answers.length && question.answers.length >= answerLimit ? (
            <p className="projector-note">
              {t("Showing the latest {shown} of {count}.", {
                shown: question.answers.length,
                count: question.answeredCount,
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * One written answer or drawing: hidden (with Show) until the teacher reveals it, then shown (with
 * Hide); a drawing with what the child wrote instead, where they did (issue 37).
 */
function AnswerItem({
  questionUid,
  kind,
  answer,
  formAction,
}: {
  questionUid: string;
  kind: "freetext" | "drawing";
  answer: ProjectorAnswer;
  formAction: string;
}) {
  const { t } = useTranslation("staff");
  const values = { number: answer.number };
  const drawing = kind === "drawing";
  return (
    <li
      id={answerAnchor(questionUid, answer.ref)}
      className={answer.revealed ? "results-projector-answer" : "results-projector-answer is-hidden"}
    >
      {answer.revealed && (answer.text !== null || answer.imageUrl) ? (
        <>
          {answer.imageUrl ? (
            <img
              className="results-projector-drawing"
              src={answer.imageUrl}
              alt={t("Drawing {number}", values)}
              width={300}
              height={200}
            />
          ) : null}
          {answer.text !== null && drawing ? <p className="projector-note">{t("Described instead")}</p> : null}
          {answer.text !== null ? (
            <blockquote className="results-projector-text">
              “<bdi>{answer.text}</bdi>”
            </blockquote>
          ) : null}
        </>
      ) : (
        <p className="results-projector-placeholder">
          {drawing ? t("Drawing {number}: hidden", values) : t("Answer {number}: hidden", values)}
        </p>
      )}
      <Form method="post" action={formAction} className="no-print">
        <input type="hidden" name="questionUid" value={questionUid} />
        <input type="hidden" name="answerRef" value={answer.ref} />
        {answer.revealed ? (
          <Button type="submit" name="intent" value="hide-answer" variant="soft" size="3">
            {drawing ? t("Hide drawing {number}", values) : t("Hide answer {number}", values)}
          </Button>
        ) : (
          <Button type="submit" name="intent" value="reveal-answer" size="3">
            {drawing ? t("Show drawing {number}", values) : t("Show answer {number}", values)}
          </Button>
        )}
      </Form>
    </li>
  );
}
