import { Badge, Box, Button, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { PagedAdminTable } from "~/components/admin/admin-table";
import { BackArrow } from "~/components/back-arrow";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime } from "~/components/class/format";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { NotFoundBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { LazySurveyPreview } from "~/components/survey/lazy-survey-preview";
import { TextLink } from "~/components/ui/kit-controls";
import { toSearch } from "~/lib/query-string";
import type { SurveyBlock } from "~/lib/survey-content";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import {
  getSurveyRecord,
  listResponseFilterChoices,
  queryResponses,
  responseFiltersSchema,
} from "~/server/responses/responses.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import { ResponseFiltersCard } from "./__survey/response-filters-card";
import type { Route } from "./+types/survey";

const NO_SUCH_SURVEY = "There is no survey with this id.";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db, content } = getAppFromContext(context);
  const surveyId = recordIdParam(params.surveyId, NO_SUCH_SURVEY);
  const filters = parseSearchParams(responseFiltersSchema, new URL(request.url).searchParams);
  const survey = await orNotFound(getSurveyRecord(db, user, surveyId), NO_SUCH_SURVEY);
  const [page, choices, read] = await orNotFound(
    Promise.all([
      queryResponses(db, user, surveyId, filters),
      listResponseFilterChoices(db, user, surveyId),
      content.read(),
    ]),
    NO_SUCH_SURVEY,
  );
  const story = read.snapshot?.bySlug.get(survey.fullSlug) ?? null;
  return {
    survey: { id: survey.id, title: survey.title, fullSlug: survey.fullSlug, removed: survey.removedAt !== null },
    story: story ? (story.content as SurveyBlock) : null,
    contentError: read.error ? read.error.message : null,
    page,
    choices,
    filters,
    // The survey across one school's classes and year groups (issue 38): the admin's school, or the one filtered by.
    acrossSchoolId: user.schoolId ?? filters.schoolId ?? null,
  };
}

export default function AdminSurveyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { survey, story, contentError, page, choices, filters, acrossSchoolId } = loaderData;
  const base = `/admin/survey/${survey.id}`;
  const hasFilters = Boolean(filters.schoolId || filters.classId || filters.status || filters.from || filters.to);
  const csvHref = `${base}/responses.csv${toSearch({ ...filters, page: undefined, pageSize: undefined })}`;
  return (
    <Flex direction="column" gap="5">
      <Box>
        <TextLink to="/admin/survey" size="2">
          <BackArrow /> {t("All surveys")}
        </TextLink>
      </Box>
      <PageHeader
        title={survey.title || survey.fullSlug}
        description={
          <>
            {survey.fullSlug}
            {survey.removed ? " · no longer published in the content" : null}
          </>
        }
        actions={
          acrossSchoolId === null ? null : (
            <TextLink to={`/admin/schools/${acrossSchoolId}/survey/${survey.id}`}>
              {t("Across classes and year groups")}
            </TextLink>
          )
        }
      />

      <section aria-labelledby="responses-heading">
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="5" id="responses-heading">
              {t("Responses")}
            </Heading>
            <Button asChild variant="soft">
              <a href={csvHref} download>
                Download CSV ({page.total})
              </a>
            </Button>
          </Flex>
          <ResponseFiltersCard base={base} filters={filters} choices={choices} hasFilters={hasFilters} />
          {page.total === 0 ? (
            hasFilters ? (
              <EmptyState
                title={t("No responses match these filters")}
                action={{ to: base, label: t("Clear the filters") }}
              >
                {t("Try a wider date range, or another school, class or status.")}
              </EmptyState>
            ) : (
              <EmptyState
                title={t("No responses yet")}
                action={{ to: "/admin/create-class", label: t("Create a class") }}
              >
                {t(
                  "Responses appear here once a teacher assigns this survey to a class and starts it, and students answer it.",
                )}
              </EmptyState>
            )
          ) : (
            <PagedAdminTable
              label={t("Responses")}
              columns={[t("Submitted"), t("Student"), t("Class"), t("School"), t("Assignment")]}
              page={page}
              noun="{count, plural, one {# response} other {# responses}}"
              hrefFor={(target) =>
                `${base}${toSearch({ ...filters, pageSize: undefined, page: target === 1 ? undefined : target })}`
              }
            >
              {page.responses.map((row, index) => (
                <Table.Row key={row.id ?? `anonymous-${index}`} data-testid="response-row">
                  <Table.Cell>
                    {row.submittedAt ? formatDateTime(row.submittedAt) : <Text color="gray">{t("Not shown")}</Text>}
                  </Table.Cell>
                  <Table.RowHeaderCell>
                    {row.studentName ?? <Text color="gray">{t("Anonymous")}</Text>}
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <TextLink to={`/admin/settings?classId=${row.classId}`} size="2">
                      <bdi>{row.className}</bdi>
                    </TextLink>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{row.schoolName}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <AssignmentStatusBadge status={row.assignmentStatus} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </PagedAdminTable>
          )}
        </Flex>
      </section>

      <section aria-labelledby="preview-heading">
        <Flex direction="column" gap="3">
          <Flex align="center" gap="2">
            <Heading as="h2" size="5" id="preview-heading">
              {t("Preview")}
            </Heading>
            <Badge color="indigo" variant="soft">
              {t("Read-only")}
            </Badge>
          </Flex>
          {contentError ? (
            <Callout.Root color={story ? "amber" : "red"} role="status">
              <Callout.Text>{contentError}</Callout.Text>
            </Callout.Root>
          ) : null}
          {story ? (
            <Card size={{ initial: "2", sm: "4" }}>
              <LazySurveyPreview blok={story} />
            </Card>
          ) : (
            <EmptyState title={t("No preview available")}>
              {t(
                "This survey is not in the survey content right now. Choose “Sync surveys from content” on the Surveys page after it is published again.",
              )}
            </EmptyState>
          )}
        </Flex>
      </section>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, error, matches }) =>
  pageTitle(`${loaderData?.survey.title || "Survey"} · Surveys`, error, matches);

const BACK_TO_SURVEYS = { to: "/admin/survey", label: "Back to all surveys" };

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} params={params} homeLink={BACK_TO_SURVEYS} notFound={NO_SUCH_SURVEY} />;
}
