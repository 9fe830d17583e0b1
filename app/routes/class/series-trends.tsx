import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/class/empty-state";
import { formatDate } from "~/components/class/format";
import { SurveyPageHeader } from "~/components/class/survey-page-header";
import { type ChartColumn, TrendChart } from "~/components/trends/trend-chart";
import { TrendNotes } from "~/components/trends/trend-notes";
import { Text as KitText, Stack } from "~/components/ui/kit";
import { ButtonAnchor, TextLink } from "~/components/ui/kit-controls";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { getSeriesTrend } from "~/server/trends/trends.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/series-trends";

/** /class/{classId}/surveys/series/{seriesId}: a series' answers round by round (docs/product.md#over-time-and-across-classes). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, content, classId } = await requireClassTeacher(request, context, params.classId);
  const seriesId = recordIdParam(params.seriesId);
  const trend = await orNotFound(getSeriesTrend(db, user, { classId, seriesId }, createSurveyContentLookup(content)));
  return { pageTitle: t("Over time: {survey}", { survey: trend.surveyTitle }), classId, trend };
}

export default function SeriesTrends({ loaderData }: Route.ComponentProps) {
  const { classId, trend } = loaderData;
  const { t, i18n } = useTranslation("staff");
  const base = `/class/${classId}`;
  const columns: ChartColumn[] = trend.rounds.map((round) => ({
    key: String(round.assignmentId),
    short: String(round.number),
    label: t("Round {number} · {date}", {
      number: round.number,
      date: formatDate(round.date, i18n.language),
    }),
    cell: round.cell,
  }));
  return (
    <Stack gap="5" className="trends-page">
      <SurveyPageHeader
        classId={classId}
        crumb={t("Over time")}
        title={t("Over time: {survey}", { survey: trend.surveyTitle })}
        anonymous={trend.anonymous}
        facts={
          <KitText size="2" color="gray">
            {t("{count, plural, one {# round} other {# rounds}}", { count: trend.rounds.length })}
          </KitText>
        }
        actions={
          <ButtonAnchor
            variant="soft"
            href={`${base}/surveys/series/${trend.seriesId}/csv`}
            download
            className="no-print"
          >
            {t("Download CSV")}
          </ButtonAnchor>
        }
      />
      <TrendNotes
        privacy={t(
          "A round with fewer than {threshold} responses shows “too few answers to show”, so nobody’s answer can be picked out. Anonymous rounds show their released answers only.",
          { threshold: trend.threshold },
        )}
        contentAvailable={trend.contentAvailable}
      />
      <ol className="trend-rounds no-print">
        {trend.rounds.map((round, index) => (
          <li key={round.assignmentId}>
            <TextLink to={`${base}/surveys/results/${round.assignmentId}`}>{columns[index].label}</TextLink>
          </li>
        ))}
      </ol>
      {trend.rounds.some((round) => round.cell.shown) ? (
        trend.questions.map((question, index) => (
          <TrendChart key={question.uid} question={question} columns={columns} id={`q${index}`} />
        ))
      ) : (
        // First time: no round has enough answers yet, so no chart would show anything.
        <EmptyState
          title={t("No answers to show yet")}
          action={{ to: `${base}/surveys/manage`, label: t("Go to Manage surveys") }}
        >
          {t(
            "Each round shows here once at least {threshold} students have answered it. Start a round from Manage surveys, or remind the students who have not answered from a round's results.",
            { threshold: trend.threshold },
          )}
        </EmptyState>
      )}
    </Stack>
  );
}
