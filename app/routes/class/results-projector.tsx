import "~/components/class/class.css";
import "~/components/class/projector.css";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { BackArrow } from "~/components/back-arrow";
import { LiveAnnouncement } from "~/components/class/live-announcement";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { TextLink } from "~/components/ui/kit-controls";
import {
  AUTO_REFRESH_DEFAULT_SECONDS,
  AUTO_REFRESH_PARAM,
  autoRefreshSearch,
  autoRefreshSeconds,
} from "~/lib/auto-refresh";
import { GROUP_PROTECTION_KEY, UNRELEASED_ANSWERS_KEY } from "~/lib/privacy-texts";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { LiveResults } from "~/server/assignments/live-results.server";
import {
  ANSWER_GONE_MESSAGE,
  getProjectorResults,
  hideAnswer,
  type ProjectorResults,
  revealAnswer,
} from "~/server/assignments/projector.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { isDomainError } from "~/server/errors.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { orNotFound, recordIdParam, redirectWithFailure } from "~/server/web/screen-errors.server";
import { answerAnchor, QuestionPanel } from "./__results/projector-question";
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
  const t = await getServerT(context, "staff");
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const results = await orNotFound(
    getProjectorResults(db, user, { classId, assignmentId }, createSurveyContentLookup(content)),
  );
  return {
    pageTitle: t("Projector: {survey}", { survey: results.assignment.surveyTitle }),
    classId,
    results,
    refreshSeconds: autoRefreshSeconds(new URL(request.url).searchParams),
  };
}

/** Reveal or Hide, then back to the same answer on the view (keeping its refresh). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const url = new URL(request.url);
  const here = `${url.pathname}${autoRefreshSearch(autoRefreshSeconds(url.searchParams))}`;
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), answerIntent.shape.intent.options);
  const parsed = answerIntent.safeParse(Object.fromEntries(formData));
  const failed = t("That answer could not be shown or hidden.");
  if (!parsed.success) return redirectWithError(here, failed);
  const { intent, questionUid, answerRef } = parsed.data;
  const input = { classId, assignmentId, questionUid, answerRef };
  const back = `${here}#${answerAnchor(questionUid, answerRef)}`;
  try {
    if (intent === "reveal-answer") {
      await orNotFound(revealAnswer(db, user, input));
      return redirectWithSuccess(back, t("Shown on the projector."));
    }
    await orNotFound(hideAnswer(db, user, input));
    return redirectWithSuccess(back, t("Hidden from the projector."));
  } catch (error) {
    if (isDomainError(error) && error.message === ANSWER_GONE_MESSAGE)
      return redirectWithError(here, t(ANSWER_GONE_MESSAGE));
    return redirectWithFailure(here, error, failed);
  }
}

export default function ResultsProjector({ loaderData }: Route.ComponentProps) {
  const { classId, results, refreshSeconds } = loaderData;
  const { assignment } = results;
  const { t, i18n } = useTranslation("staff");
  const number = new Intl.NumberFormat(i18n.language);
  const resultsPage = `/class/${classId}/surveys/results/${assignment.id}`;
  const formAction = `/class/${classId}/assignments/${assignment.id}/projector${autoRefreshSearch(refreshSeconds)}`;
  // Live with JavaScript (ADR 230): the results' event stream, open once the survey has started
  // (a reveal after it closed still travels); without JavaScript `?refresh=N` serves the projector PC.
  const { connected } = useLiveRevalidation<LiveResults>(
    assignment.status === "assigned" ? null : `${resultsPage}/stream`,
    // The first snapshot reloads once: what changed between the page and the stream's opening.
    { onSnapshot: (_next, previous) => (previous === null ? true : undefined) },
  );
  const announcement = useProjectorAnnouncement(results);
  return (
    <main id="main" className="projector results-projector">
      <div className="projector-bar results-projector-bar no-print">
        <TextLink size="3" to={resultsPage}>
          <BackArrow /> {t("Back to the results")}
        </TextLink>
        <p className="projector-note">
          {refreshSeconds ? (
            <>
              {t("Refreshing every {seconds, plural, one {# second} other {# seconds}}.", { seconds: refreshSeconds })}{" "}
              <TextLink underline="always" to="." reloadDocument>
                {t("Stop refreshing")}
              </TextLink>
            </>
          ) : (
            <>
              <TextLink underline="always" to=".">
                {t("Refresh now")}
              </TextLink>
              {" · "}
              <TextLink underline="always" to={`?${AUTO_REFRESH_PARAM}=${AUTO_REFRESH_DEFAULT_SECONDS}`} reloadDocument>
                {t("Refresh every {seconds, plural, one {# second} other {# seconds}}", {
                  seconds: AUTO_REFRESH_DEFAULT_SECONDS,
                })}
              </TextLink>
            </>
          )}
        </p>
      </div>

      <LiveAnnouncement announcement={announcement} connected={connected} />

      <header className="results-projector-header">
        <h1 className="projector-title">
          <bdi>{assignment.surveyTitle}</bdi>
        </h1>
        <p className="results-projector-count" data-testid="projector-response-count">
          <strong>{number.format(results.respondedCount)}</strong>{" "}
          {t("{count, plural, one {answer} other {answers}}", { count: results.respondedCount })}
          {assignment.status === "completed" ? ` · ${t("this survey is closed")}` : null}
        </p>
      </header>

      {results.unreleased ? <p className="projector-note">{t(UNRELEASED_ANSWERS_KEY, results.unreleased)}</p> : null}

      {results.hidden ? (
        <section className="projector-empty" aria-labelledby="hidden-heading">
          <h2 id="hidden-heading" className="results-projector-question-title">
            {t("Answers are hidden for now")}
          </h2>
          <p className="projector-step" data-testid="projector-hidden">
            {t(results.hidden.reason === "small-group" ? GROUP_PROTECTION_KEY : UNRELEASED_ANSWERS_KEY, results.hidden)}
          </p>
        </section>
      ) : !results.contentAvailable ? (
        <p className="projector-step">{t("The survey's questions could not be loaded. Try again in a minute.")}</p>
      ) : results.respondedCount === 0 ? (
        <p className="projector-step">{t("No answers yet. They appear here as students answer.")}</p>
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

/**
 * What screen readers hear when the live view changes: one polite summary per
 * change ("2 new answers. 1 answer shown."), never every number that moved.
 */
function useProjectorAnnouncement(results: ProjectorResults): string {
  const { t } = useTranslation("staff");
  const [announcement, setAnnouncement] = useState("");
  const revealed = results.questions.reduce(
    (sum, question) => sum + ("answers" in question ? question.answers.filter((a) => a.revealed).length : 0),
    0,
  );
  const now = { count: results.respondedCount, status: results.assignment.status, revealed };
  const before = useRef(now);
  useEffect(() => {
    const previous = before.current;
    before.current = { count: now.count, status: now.status, revealed: now.revealed };
    const parts: string[] = [];
    if (now.count > previous.count)
      parts.push(t("{count, plural, one {# new answer} other {# new answers}}", { count: now.count - previous.count }));
    if (now.revealed > previous.revealed)
      parts.push(
        t("{count, plural, one {# answer shown} other {# answers shown}}", { count: now.revealed - previous.revealed }),
      );
    if (now.status !== previous.status && now.status === "completed") parts.push(t("The survey is closed."));
    if (parts.length > 0) setAnnouncement(parts.join(". "));
  }, [now.count, now.status, now.revealed, t]);
  return announcement;
}

export const meta: Route.MetaFunction = ({ data, error }) => [
  ...pageTitle(data?.pageTitle ?? "Projector", error),
  ...(data?.refreshSeconds ? [{ httpEquiv: "refresh", content: String(data.refreshSeconds) }] : []),
];

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
