import "~/components/class/class.css";
import "~/components/class/projector.css";
import { Form } from "react-router";
import { z } from "zod";
import { plural } from "~/components/class/format";
import { ResultBars } from "~/components/class/result-bars";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Button, TextLink } from "~/components/ui/kit-controls";
import {
  AUTO_REFRESH_DEFAULT_SECONDS,
  AUTO_REFRESH_PARAM,
  autoRefreshSearch,
  autoRefreshSeconds,
} from "~/lib/auto-refresh";
import {
  getProjectorResults,
  hideAnswer,
  type ProjectorAnswer,
  type ProjectorQuestion,
  revealAnswer,
} from "~/server/assignments/projector.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { orNotFound, recordIdParam, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/results-projector";

/** Reveal or Hide one written answer or drawing: which question, and which answer (`r:<response id>`, `p:<released position>`). */
const answerIntent = z.object({
  intent: z.enum(["reveal-answer", "hide-answer"]),
  questionUid: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  answerRef: z.string().regex(/^[rp]:[1-9][0-9]{0,9}$/),
});

/**
 * The projector view of an assignment's results (ADR 208): bars and counts
 * for the class to see, written answers and drawings only as the teacher
 * reveals them, never a name. `?refresh=N` reloads it every N seconds for
 * projector PCs without JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const results = await orNotFound(
    getProjectorResults(db, user, { classId, assignmentId }, createSurveyContentLookup(content)),
  );
  return { classId, results, refreshSeconds: autoRefreshSeconds(new URL(request.url).searchParams) };
}

/** Reveal or Hide, then back to the same answer on the view (keeping its refresh). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const url = new URL(request.url);
  const here = `${url.pathname}${autoRefreshSearch(autoRefreshSeconds(url.searchParams))}`;
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), answerIntent.shape.intent.options);
  const parsed = answerIntent.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return redirectWithError(here, "That answer could not be shown or hidden.");
  const { intent, questionUid, answerRef } = parsed.data;
  const input = { classId, assignmentId, questionUid, answerRef };
  const back = `${here}#${answerAnchor(questionUid, answerRef)}`;
  try {
    if (intent === "reveal-answer") {
      await orNotFound(revealAnswer(db, user, input));
      return redirectWithSuccess(back, "Shown on the projector.");
    }
    await orNotFound(hideAnswer(db, user, input));
    return redirectWithSuccess(back, "Hidden from the projector.");
  } catch (error) {
    return redirectWithFailure(here, error, "That answer could not be shown or hidden.");
  }
}

export default function ResultsProjector({ loaderData }: Route.ComponentProps) {
  const { classId, results, refreshSeconds } = loaderData;
  const { assignment } = results;
  const resultsPage = `/class/${classId}/surveys/results/${assignment.id}`;
  const formAction = `/class/${classId}/assignments/${assignment.id}/projector${autoRefreshSearch(refreshSeconds)}`;
  return (
    <main id="main" className="projector results-projector">
      <div className="projector-bar results-projector-bar no-print">
        <TextLink size="3" to={resultsPage}>
          ← Back to the results
        </TextLink>
        <p className="projector-note">
          {refreshSeconds ? (
            <>
              Refreshing every {plural(refreshSeconds, "second")}.{" "}
              <TextLink underline="always" to="." reloadDocument>
                Stop refreshing
              </TextLink>
            </>
          ) : (
            <>
              <TextLink underline="always" to=".">
                Refresh now
              </TextLink>
              {" · "}
              <TextLink underline="always" to={`?${AUTO_REFRESH_PARAM}=${AUTO_REFRESH_DEFAULT_SECONDS}`} reloadDocument>
                Refresh every {AUTO_REFRESH_DEFAULT_SECONDS} seconds
              </TextLink>
            </>
          )}
        </p>
      </div>

      <header className="results-projector-header">
        <h1 className="projector-title">{assignment.surveyTitle}</h1>
        <p className="results-projector-count" data-testid="projector-response-count">
          <strong>{results.respondedCount}</strong> {results.respondedCount === 1 ? "answer" : "answers"}
          {assignment.status === "completed" ? " · this survey is closed" : null}
        </p>
      </header>

      {results.unreleasedMessage ? <p className="projector-note">{results.unreleasedMessage}</p> : null}

      {results.hiddenMessage ? (
        <section className="projector-empty" aria-labelledby="hidden-heading">
          <h2 id="hidden-heading" className="results-projector-question-title">
            Answers are hidden for now
          </h2>
          <p className="projector-step" data-testid="projector-hidden">
            {results.hiddenMessage}
          </p>
        </section>
      ) : !results.contentAvailable ? (
        <p className="projector-step">The survey's questions could not be loaded. Try again in a minute.</p>
      ) : results.respondedCount === 0 ? (
        <p className="projector-step">No answers yet. They appear here as students answer.</p>
      ) : (
        results.questions.map((question, index) => (
          <QuestionPanel
            key={question.uid}
            question={question}
            headingId={`projector-question-${index}`}
            formAction={formAction}
            answerLimit={results.answerLimit}
          />
        ))
      )}
    </main>
  );
}

/** The id of one answer on the page, so Reveal and Hide come back to it without JavaScript. */
function answerAnchor(questionUid: string, answerRef: string): string {
  return `answer-${questionUid}-${answerRef.replace(":", "-")}`;
}

function QuestionPanel({
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
  return (
    <section className="results-projector-question" aria-labelledby={headingId}>
      <h2 id={headingId} className="results-projector-question-title">
        {question.title}
      </h2>
      <p className="projector-note">{plural(question.answeredCount, "answer")}</p>
      {question.kind === "option" || question.kind === "choice" ? (
        <ResultBars options={question.options} total={question.answeredCount} labelledBy={headingId} />
      ) : question.answers.length === 0 ? (
        <p className="projector-note">{question.kind === "drawing" ? "No drawings yet." : "No written answers yet."}</p>
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
              Showing the latest {question.answers.length} of {question.answeredCount}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** One written answer or drawing: hidden (with Show) until the teacher reveals it, then shown (with Hide). */
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
  const noun = kind === "drawing" ? "drawing" : "answer";
  const name = `${noun} ${answer.number}`;
  return (
    <li
      id={answerAnchor(questionUid, answer.ref)}
      className={answer.revealed ? "results-projector-answer" : "results-projector-answer is-hidden"}
    >
      {answer.revealed && answer.text !== null ? (
        <blockquote className="results-projector-text">“{answer.text}”</blockquote>
      ) : answer.revealed && answer.imageUrl ? (
        <img
          className="results-projector-drawing"
          src={answer.imageUrl}
          alt={`Drawing ${answer.number}`}
          width={300}
          height={200}
        />
      ) : (
        <p className="results-projector-placeholder">
          {kind === "drawing" ? "Drawing" : "Answer"} {answer.number}: hidden
        </p>
      )}
      <Form method="post" action={formAction} className="no-print">
        <input type="hidden" name="questionUid" value={questionUid} />
        <input type="hidden" name="answerRef" value={answer.ref} />
        {answer.revealed ? (
          <Button type="submit" name="intent" value="hide-answer" variant="soft" size="3">
            Hide {name}
          </Button>
        ) : (
          <Button type="submit" name="intent" value="reveal-answer" size="3">
            Show {name}
          </Button>
        )}
      </Form>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ data, error }) => [
  ...pageTitle(data ? `Projector: ${data.results.assignment.surveyTitle}` : "Projector", error),
  ...(data?.refreshSeconds ? [{ httpEquiv: "refresh", content: String(data.refreshSeconds) }] : []),
];

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
