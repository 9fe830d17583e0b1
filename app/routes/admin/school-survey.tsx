import { useTranslation } from "react-i18next";
import { formatDate } from "~/components/class/format";
import { PageHeader } from "~/components/layout/page-header";
import { type ChartColumn, TrendChart } from "~/components/trends/trend-chart";
import { TrendNotes } from "~/components/trends/trend-notes";
import { Heading, Stack } from "~/components/ui/kit";
import { ButtonAnchor, TabNav, TabNavLink, TextLink } from "~/components/ui/kit-controls";
import { getServerT } from "~/server/i18n/i18n.server";
import type { Cell } from "~/server/trends/suppression.server";
import { SchoolSurveyEmpty } from "./__survey/school-survey-empty";
import { loadSchoolSurveyView } from "./__survey/school-survey-view.server";
import type { Route } from "./+types/school-survey";

/**
 * /admin/schools/{schoolId}/survey/{surveyId}: one survey across the school's classes side by side,
 * then by year group (docs/product.md#over-time-and-across-classes).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const view = await loadSchoolSurveyView(request, context, params);
  const t = await getServerT(context, "staff");
  // `?by=year-group`: the year-group view; else the classes side by side, one question at a time
  // (`?q=`, from 0) when there are many. Only what the page draws goes to it.
  const search = new URL(request.url).searchParams;
  const byYearGroup = search.get("by") === "year-group";
  const { classes, yearGroups, ...rest } = view;
  const oneQuestion = !byYearGroup && classes.length > MANY_CLASSES;
  const q = Math.min(
    Math.max(0, Number.parseInt(search.get("q") ?? "0", 10) || 0),
    Math.max(0, view.questions.length - 1),
  );
  const only = (cell: Cell): Cell => (cell.shown && oneQuestion ? { ...cell, questions: [cell.questions[q]] } : cell);
  return {
    pageTitle: t("{survey} across classes", { survey: view.surveyTitle }),
    byYearGroup,
    question: oneQuestion ? q : null,
    view: {
      ...rest,
      classes: byYearGroup ? [] : classes.map((column) => ({ ...column, cell: only(column.cell) })),
      classCount: classes.length,
      yearGroups: byYearGroup ? yearGroups.map(({ yearGroup, total }) => ({ yearGroup, total })) : [],
    },
  };
}

/** More classes than this: numbered under the chart, named in the table, and one question at a time. */
const MANY_CLASSES = 12;

export default function SchoolSurvey({ loaderData }: Route.ComponentProps) {
  const { view, byYearGroup, question: shownQuestion } = loaderData;
  const numbered = view.classes.length > MANY_CLASSES;
  const { t, i18n } = useTranslation("staff");
  const classColumns: ChartColumn[] = view.classes.map((column, index) => {
    const label = t("{class} · {date}", { class: column.className, date: formatDate(column.startedAt, i18n.language) });
    return {
      key: `c${column.classId}`,
      short: numbered ? String(index + 1) : column.className,
      label: numbered ? `${index + 1}. ${label}` : label,
      cell: column.cell,
    };
  });
  const totalLabel = (name: string, total: { classesShown: number; classes: number }) =>
    t("{name}: {shown} of {classes} classes shown", { name, shown: total.classesShown, classes: total.classes });
  const groupColumns: ChartColumn[] = [
    ...view.yearGroups.map((group) => {
      const name = group.yearGroup ?? t("No year group");
      return { key: `g${name}`, short: name, label: totalLabel(name, group.total), cell: group.total };
    }),
    { key: "school", short: t("School"), label: totalLabel(t("School"), view.school), cell: view.school },
  ];
  const base = `/admin/schools/${view.schoolId}`;
  const here = `${base}/survey/${view.surveyId}`;
  return (
    <Stack gap="5" className="trends-page">
      <PageHeader
        title={t("{survey} across classes", { survey: view.surveyTitle })}
        description={
          <>
            <TextLink to={base}>
              <bdi>{view.schoolName}</bdi>
            </TextLink>{" "}
            · {t("Each class with its latest round of the survey.")}
          </>
        }
        actions={
          <ButtonAnchor variant="soft" href={`${here}/csv`} download className="no-print">
            {t("Download CSV")}
          </ButtonAnchor>
        }
      />
      <TrendNotes
        privacy={t(
          "A class with fewer than {threshold} responses shows “too few answers to show”. A year group’s and the school’s totals add up only the classes shown, so no total can be taken apart to show a hidden class. Anonymous surveys count their released answers only.",
          { threshold: view.threshold },
        )}
        contentAvailable={view.contentAvailable}
      />
      <TabNav label={t("Across classes and year groups")} className="no-print">
        <TabNavLink to={here} active={!byYearGroup}>
          {t("By class")}
        </TabNavLink>
        <TabNavLink to={`${here}?by=year-group`} active={byYearGroup}>
          {t("By year group")}
        </TabNavLink>
      </TabNav>
      <Heading as="h2" size="5">
        {byYearGroup ? t("By year group") : t("By class")}
      </Heading>
      {view.classCount === 0 || !view.school.shown ? (
        <SchoolSurveyEmpty
          schoolClassCount={view.schoolClassCount}
          startedCount={view.classCount}
          threshold={view.threshold}
        />
      ) : null}
      {view.classCount === 0 ? null : (
        <>
          {shownQuestion === null ? null : (
            <nav aria-label={t("Questions")} className="no-print">
              <ol className="trend-rounds">
                {view.questions.map((question, index) => (
                  <li key={question.uid}>
                    {index === shownQuestion ? (
                      <strong dir="auto">{question.prompt}</strong>
                    ) : (
                      <TextLink to={`${here}?q=${index}`}>
                        <span dir="auto">{question.prompt}</span>
                      </TextLink>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {view.questions.map((question, index) =>
            shownQuestion !== null && index !== shownQuestion ? null : (
              <TrendChart
                key={question.uid}
                question={question}
                columns={byYearGroup ? groupColumns : classColumns}
                id={`q${index}`}
                headingAs="h3"
              />
            ),
          )}
        </>
      )}
    </Stack>
  );
}
