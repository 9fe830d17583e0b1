import { useTranslation } from "react-i18next";
import { ScheduleLine, SeriesRounds } from "~/components/class/assignment-schedule";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime } from "~/components/class/format";
import { LiveAnnouncement } from "~/components/class/live-announcement";
import { ResultBars } from "~/components/class/result-bars";
import { StatCard } from "~/components/class/stat-card";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { SurveyPageHeader } from "~/components/class/survey-page-header";
import { Card, Flex, Heading, Text as KitText, Stack } from "~/components/ui/kit";
import { ButtonAnchor, ButtonLink, Callout, TextLink } from "~/components/ui/kit-controls";
import { AUTO_REFRESH_DEFAULT_SECONDS, autoRefreshSearch, autoRefreshSeconds } from "~/lib/auto-refresh";
import { GROUP_PROTECTION_KEY, UNRELEASED_ANSWERS_KEY } from "~/lib/privacy-texts";
import { getReminderSummary } from "~/server/assignments/reminders.server";
import { getAssignmentResults } from "~/server/assignments/results.server";
import { scheduleOfAssignment } from "~/server/assignments/schedule.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { listSubmittedDrawings } from "~/server/responses/drawings.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { DrawingGallery } from "./__results/drawing-gallery";
import { ReminderCard } from "./__results/reminder-card";
import { Respondents } from "./__results/respondents";
import { useLiveResults } from "./__results/use-live-results";
import { WrittenAnswers } from "./__results/written-answers";
import type { Route } from "./+types/survey-results";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, content, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  // `?refresh=5`: the no-JS projector's opt-in auto-refresh, read as the projector view reads it.
  const refresh = autoRefreshSeconds(new URL(request.url).searchParams);
  const scope = { classId, assignmentId };
  const results = await orNotFound(getAssignmentResults(db, user, scope, createSurveyContentLookup(content)));
  // Drawings only where the questions are shown (never while small-group protection hides them).
  const hasDrawings = results.questions.some((question) => question.kind === "drawing" && question.answeredCount > 0);
  const [drawings, reminder] = await Promise.all([
    hasDrawings ? orNotFound(listSubmittedDrawings(db, user, scope)) : [],
    getReminderSummary(db, user, scope),
  ]);
  // An anonymous assignment's drawings come in no telling order.
  if (results.assignment.anonymous) drawings.sort((a, b) => a.drawingId.localeCompare(b.drawingId));
  return {
    pageTitle: t("Results: {survey}", { survey: results.assignment.surveyTitle }),
    classId,
    results,
    drawings,
    reminder,
    refreshSeconds: refresh,
    // A round of a series links to the series over time (issue 38).
    seriesId: results.assignment.seriesId,
    // issue #38: its opening and closing times, and the rounds of its series.
    schedule: await scheduleOfAssignment(db, user, {
      classId,
      ...results.assignment,
      fallbackTimeZone: config.SCHOOL_TIME_ZONE,
    }),
  };
}

export default function SurveyResults({ loaderData }: Route.ComponentProps) {
  const { classId, results, drawings, reminder, refreshSeconds, seriesId, schedule } = loaderData;
  const { assignment } = results;
  const base = `/class/${classId}`;
  const resultsPath = `${base}/surveys/results/${assignment.id}`;
  const { t, i18n } = useTranslation("staff");
  const { announcement, connected } = useLiveResults(
    assignment.status === "active" ? `${resultsPath}/stream` : null,
    // An anonymous survey's stream counts its release (it moves at releases only).
    { ...results, respondedCount: results.groupProtection?.releasedCount ?? results.respondedCount },
    t,
  );
  const date = (value: Date | string | null) => formatDateTime(value, i18n.language);
  // The layout kit (kit.tsx): Radix's markup, without the components' prop parsing.
  return (
    <Stack gap="5" className="results-page">
      <SurveyPageHeader
        classId={classId}
        crumb={t("Results")}
        title={t("Results: {survey}", { survey: assignment.surveyTitle })}
        status={<AssignmentStatusBadge status={assignment.status} />}
        anonymous={assignment.anonymous}
        facts={
          <>
            <KitText size="2" color="gray">
              {assignment.startedAt ? t("Started {date}", { date: date(assignment.startedAt) }) : t("Not started yet")}
              {assignment.closedAt ? ` · ${t("closed {date}", { date: date(assignment.closedAt) })}` : ""}
            </KitText>
            <ScheduleLine schedule={{ ...assignment, timeZone: schedule.timeZone }} />
          </>
        }
        actions={
          <Flex wrap="wrap" gap="2" align="center" className="no-print">
            {refreshSeconds ? (
              <KitText size="2" color="gray">
                {t("Refreshing every {seconds} s.", { seconds: refreshSeconds })}{" "}
                <TextLink to={resultsPath}>{t("Stop refreshing")}</TextLink>
              </KitText>
            ) : assignment.status === "active" ? (
              <TextLink to={`${resultsPath}${autoRefreshSearch(AUTO_REFRESH_DEFAULT_SECONDS)}`}>
                {t("Refresh automatically")}
              </TextLink>
            ) : null}
            {seriesId === null ? null : (
              <ButtonLink variant="soft" to={`${base}/surveys/series/${seriesId}`}>
                {t("All rounds over time")}
              </ButtonLink>
            )}
            <TextLink to={`${base}/surveys/schedule/${assignment.id}`}>{t("Schedule")}</TextLink>
            <ButtonLink variant="soft" to={`/class/${classId}/assignments/${assignment.id}/projector`}>
              {t("Show on the projector")}
            </ButtonLink>
            <ButtonAnchor variant="soft" href={`${resultsPath}/csv`} download>
              {t("Download CSV")}
            </ButtonAnchor>
          </Flex>
        }
      />
      <LiveAnnouncement announcement={announcement} connected={connected} />
      <SeriesRounds rounds={schedule.rounds} currentId={assignment.id} classId={classId} timeZone={schedule.timeZone} />

      <StatCard
        title={t("Response rate")}
        value={new Intl.NumberFormat(i18n.language, { style: "percent" }).format(results.responseRatePercent / 100)}
        valueSize="6"
        size="3"
        testId="response-rate"
      >
        <div className="rate-meter" aria-hidden="true">
          <span style={{ width: `${results.responseRatePercent}%` }} />
        </div>
        <KitText size="2" color="gray">
          {t(
            "{responses, plural, one {# response} other {# responses}} from a class of {count, plural, one {# student} other {# students}}.",
            { responses: results.respondedCount, count: results.studentCount },
          )}
        </KitText>
      </StatCard>

      {assignment.anonymous ? (
        <Callout color="violet" role="note">
          {t(
            "Anonymous survey: answers are shown without names, written answers in random order, and nothing on this page or in the CSV links an answer to a student.",
          )}
        </Callout>
      ) : null}

      {results.groupProtection && !results.groupProtection.hidden && results.groupProtection.unreleasedCount > 0 ? (
        <Callout color="gray" role="note">
          {t(UNRELEASED_ANSWERS_KEY, {
            count: results.groupProtection.unreleasedCount,
            threshold: results.groupProtection.threshold,
          })}
        </Callout>
      ) : null}

      {results.groupProtection?.hidden ? (
        <EmptyState title={t("Answers hidden to protect a small group")}>
          {results.respondedCount < results.groupProtection.threshold
            ? t(GROUP_PROTECTION_KEY, { threshold: results.groupProtection.threshold, count: results.respondedCount })
            : t(UNRELEASED_ANSWERS_KEY, {
                count: results.groupProtection.unreleasedCount,
                threshold: results.groupProtection.threshold,
              })}
        </EmptyState>
      ) : !results.contentAvailable ? (
        <EmptyState title={t("The survey's questions could not be loaded")}>
          {t(
            "The counts above are correct, but the survey content is unavailable right now, so the answers cannot be shown per question. Try again in a minute, or download the CSV.",
          )}
        </EmptyState>
      ) : results.respondedCount === 0 ? (
        <EmptyState title={t("No responses yet")}>
          {assignment.status === "active"
            ? t("The survey is open. Results appear here as students answer.")
            : t("Start the survey from Manage surveys so students can answer it.")}
        </EmptyState>
      ) : (
        <Stack gap="4">
          {results.questions.map((question, index) => {
            const headingId = `question-${index}`;
            const title = question.questionNumber ? `${question.questionNumber}. ${question.prompt}` : question.prompt;
            return (
              <Card key={question.uid} size="3" className="results-question">
                <Stack gap="3">
                  <Stack gap="1">
                    <Heading as="h2" size="4" id={headingId}>
                      {title || t("Question")}
                    </Heading>
                    <KitText size="2" color="gray">
                      {t("{count, plural, one {# answer} other {# answers}}", { count: question.answeredCount })}
                    </KitText>
                  </Stack>
                  {question.kind === "option" || question.kind === "choice" ? (
                    <ResultBars options={question.options} total={question.answeredCount} labelledBy={headingId} />
                  ) : question.kind === "freetext" ? (
                    question.answers.length === 0 ? (
                      <KitText size="2" color="gray">
                        {t("No written answers yet.")}
                      </KitText>
                    ) : (
                      <WrittenAnswers
                        answers={question.answers}
                        labelledBy={headingId}
                        total={question.answeredCount}
                      />
                    )
                  ) : (
                    <>
                      <DrawingGallery
                        drawings={drawings.filter((drawing) => drawing.fieldUid === question.uid)}
                        labelledBy={headingId}
                      />
                      {question.kind === "drawing" && question.descriptions.length > 0 ? (
                        <>
                          <Heading as="h3" size="3" id={`${headingId}-described`}>
                            {t("Described instead")}
                          </Heading>
                          <WrittenAnswers answers={question.descriptions} labelledBy={`${headingId}-described`} />
                        </>
                      ) : null}
                    </>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}

      <Respondents base={base} results={results} />
      {assignment.status === "active" ? (
        <ReminderCard
          resultsPath={resultsPath}
          anonymous={assignment.anonymous}
          notRespondedTotal={results.notRespondedTotal}
          last={reminder}
        />
      ) : null}
    </Stack>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.pageTitle ?? "Results"} · Orliverse Classroom` },
  ...(data?.refreshSeconds ? [{ httpEquiv: "refresh", content: String(data.refreshSeconds) }] : []),
];
