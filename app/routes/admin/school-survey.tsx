import { useTranslation } from "react-i18next";
import { formatDate } from "~/components/class/format";
import { PageHeader } from "~/components/layout/page-header";
import { type ChartColumn, TrendChart } from "~/components/trends/trend-chart";
import { Heading, Stack } from "~/components/ui/kit";
import { ButtonAnchor, Callout, TextLink } from "~/components/ui/kit-controls";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { getSchoolSurveyView } from "~/server/trends/school-survey.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/school-survey";

/**
 * /admin/schools/{schoolId}/survey/{surveyId}: one survey across the school's classes side by side,
 * then by year group (docs/product.md#over-time-and-across-classes).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const t = await getServerT(context, "staff");
  const { db, content } = getAppFromContext(context);
  const input = { schoolId: recordIdParam(params.schoolId), surveyId: recordIdParam(params.surveyId) };
  const view = await orNotFound(getSchoolSurveyView(db, user, input, createSurveyContentLookup(content)));
  return { pageTitle: t("{survey} across classes", { survey: view.surveyTitle }), view };
}

export default function SchoolSurvey({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { t, i18n } = useTranslation("staff");
  const classColumns: ChartColumn[] = view.classes.map((column) => ({
    key: `c${column.classId}`,
    short: column.className,
    label: t("{class} · {date}", { class: column.className, date: formatDate(column.startedAt, i18n.language) }),
    cell: column.cell,
  }));
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
          <ButtonAnchor variant="soft" href={`${base}/survey/${view.surveyId}/csv`} download className="no-print">
            {t("Download CSV")}
          </ButtonAnchor>
        }
      />
      <Callout color="gray" role="note">
        {t(
          "A class with fewer than {threshold} responses shows “too few answers to show”. A year group’s and the school’s totals add up only the classes shown, so no total can be taken apart to show a hidden class. Anonymous surveys count their released answers only.",
          { threshold: view.threshold },
        )}
      </Callout>
      {view.contentAvailable ? null : (
        <Callout color="amber">{t("The survey's questions could not be loaded")}</Callout>
      )}
      {view.classes.length === 0 ? (
        <Callout color="gray">{t("No class of this school has started this survey yet.")}</Callout>
      ) : (
        <>
          <section aria-labelledby="by-class" className="trend-section">
            <Stack gap="4">
              <Heading as="h2" size="5" id="by-class">
                {t("By class")}
              </Heading>
              {view.questions.map((question, index) => (
                <TrendChart
                  key={question.uid}
                  question={question}
                  columns={classColumns}
                  id={`c${index}`}
                  headingAs="h3"
                />
              ))}
            </Stack>
          </section>
          <section aria-labelledby="by-year-group" className="trend-section">
            <Stack gap="4">
              <Heading as="h2" size="5" id="by-year-group">
                {t("By year group")}
              </Heading>
              {view.questions.map((question, index) => (
                <TrendChart
                  key={question.uid}
                  question={question}
                  columns={groupColumns}
                  id={`g${index}`}
                  headingAs="h3"
                />
              ))}
            </Stack>
          </section>
        </>
      )}
    </Stack>
  );
}
