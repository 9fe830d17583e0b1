import { Badge, Box, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
import { TableHead } from "~/components/ui/table-head";
import { recordAuditEvent } from "~/server/audit/audit.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { listSurveyOverview } from "~/server/responses/responses.server";
import { syncSurveysAsAdmin } from "~/server/surveys/surveys.server";
import { readIntent } from "~/server/web/intents.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/surveys";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  return { surveys: await listSurveyOverview(db, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db, content } = getAppFromContext(context);
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), ["sync"]);
  try {
    const summary = await syncSurveysAsAdmin(user, { db, content: content });
    await recordAuditEvent(db, user, {
      action: "survey.sync",
      targetType: "survey",
      targetId: null,
      schoolId: user.schoolId,
      details: { ...summary },
    });
    return redirectWithSuccess(
      "/admin/survey",
      summary.removed
        ? t("Surveys synced from content: {total} published, {removed} no longer published.", {
            total: summary.total,
            removed: summary.removed,
          })
        : t("Surveys synced from content: {total} published.", { total: summary.total }),
    );
  } catch (error) {
    return redirectWithFailure(
      "/admin/survey",
      error,
      t("The survey content could not be read. Please try again in a few minutes."),
    );
  }
}

export default function AdminSurveysPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { surveys } = loaderData;
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Surveys")}
        description={t(
          "The surveys in the library, how many of your classes they are assigned to, and their responses.",
        )}
        actions={
          <Form method="post">
            <Button type="submit" name="intent" value="sync" variant="soft">
              {t("Sync surveys from content")}
            </Button>
          </Form>
        }
      />
      {surveys.length === 0 ? (
        <EmptyState title={t("No surveys yet")}>
          {t(
            "The survey library is empty. Publish surveys in the content service, then choose “Sync surveys from content” above.",
          )}
        </EmptyState>
      ) : (
        <AdminTable label={t("Surveys")}>
          <TableHead
            columns={[
              t("Survey"),
              { label: t("Classes assigned"), justify: "end" },
              { label: t("Responses"), justify: "end" },
            ]}
            actions
          />
          <Table.Body>
            {surveys.map((survey) => (
              <Table.Row key={survey.id}>
                <Table.RowHeaderCell>
                  <TextLink to={`/admin/survey/${survey.id}`} weight="medium">
                    {survey.title || survey.fullSlug}
                  </TextLink>
                  <Text as="div" size="1" color="gray">
                    {survey.fullSlug} {survey.removed ? <Badge color="amber">{t("No longer published")}</Badge> : null}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell justify="end">{survey.assignedClassCount}</Table.Cell>
                <Table.Cell justify="end">{survey.responseCount}</Table.Cell>
                <Table.Cell>
                  <Box>
                    <Button asChild size="1" variant="soft">
                      <Link
                        to={`/admin/survey/${survey.id}`}
                        aria-label={t("Responses and preview: {survey}", { survey: survey.title || survey.fullSlug })}
                      >
                        {t("Responses")}
                      </Link>
                    </Button>
                  </Box>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </AdminTable>
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Surveys", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
