import { Badge, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { z } from "zod";
import { ScheduleLine } from "~/components/class/assignment-schedule";
import { EmptyState } from "~/components/class/empty-state";
import { formatDate } from "~/components/class/format";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { TextLink } from "~/components/ui/kit-controls";
import { ScreenHeader } from "~/components/ui/screen-header";
import { CardTable } from "~/components/ui/table-head";
import { recordIdSchema } from "~/lib/schemas/ids";
import { listClassAssignments, setAssignmentStatus } from "~/server/assignments/assignments.server";
import { classTimeZone } from "~/server/assignments/schedule.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/surveys-manage";

const statusIntent = z.object({
  intent: z.enum(["start", "close"]),
  assignmentId: recordIdSchema("assignmentId"),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  return {
    pageTitle: t("Manage surveys"),
    classId,
    ...(await listClassAssignments(db, user, classId)),
    timeZone: await classTimeZone(db, classId, config.SCHOOL_TIME_ZONE),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), ["start", "close"]);
  const parsed = statusIntent.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return redirectWithError(here, t("Failed to update survey status"));
  try {
    const { change } = await setAssignmentStatus(db, user, {
      classId,
      assignmentId: parsed.data.assignmentId,
      status: parsed.data.intent === "close" ? "completed" : "active",
    });
    return redirectWithSuccess(
      here,
      change === "closed" ? t("Survey closed successfully!") : t("Survey started successfully!"),
    );
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to update survey status"));
  }
}

export default function ManageSurveys({ loaderData }: Route.ComponentProps) {
  const { classId, assignments, studentCount, timeZone } = loaderData;
  const base = `/class/${classId}`;
  const { t, i18n } = useTranslation("staff");
  return (
    <Flex direction="column" gap="4">
      <ScreenHeader
        title={t("Manage surveys")}
        description={t("Start a survey to open it for your students; close it when the class is done.")}
        actions={
          <Button asChild>
            <Link to={`${base}/surveys/library`}>{t("Assign a survey")}</Link>
          </Button>
        }
      />
      {assignments.length === 0 ? (
        <EmptyState
          title={t("No surveys assigned yet")}
          action={{ to: `${base}/surveys/library`, label: t("Open the survey library") }}
        >
          {t("Choose a survey in the library and assign it to this class. It then appears here, ready to start.")}
        </EmptyState>
      ) : (
        <CardTable columns={[t("Survey"), t("Status"), t("Responses")]} actions stackOnPhones>
          {assignments.map((assignment) => (
            <Table.Row key={assignment.id} align="center">
              <Table.RowHeaderCell>
                <Flex direction="column" gap="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text weight="medium">
                      <bdi>{assignment.surveyTitle}</bdi>
                    </Text>
                    {assignment.anonymous ? (
                      <Badge color="violet" title={t("Answers are not linked to students; fixed once started")}>
                        {t("Anonymous")}
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text size="1" color="gray">
                    {assignment.status === "assigned"
                      ? t("Assigned {date}", { date: formatDate(assignment.createdAt, i18n.language) })
                      : assignment.status === "active"
                        ? t("Started {date}", { date: formatDate(assignment.startedAt, i18n.language) })
                        : t("Closed {date}", { date: formatDate(assignment.closedAt, i18n.language) })}
                  </Text>
                  {assignment.status === "completed" ? null : <ScheduleLine schedule={{ ...assignment, timeZone }} />}
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>
                <AssignmentStatusBadge status={assignment.status} />
              </Table.Cell>
              <Table.Cell>
                {/* On a phone the header row is out of sight: the column's name goes before the number. */}
                <span className="card-table-label" aria-hidden="true">
                  {t("Responses")}{" "}
                </span>
                {assignment.responseCount} / {studentCount}
              </Table.Cell>
              <Table.Cell>
                <Flex gap="2" align="center" justify="end" wrap="wrap">
                  {assignment.status !== "assigned" ? (
                    <TextLink to={`${base}/surveys/results/${assignment.id}`} size="2">
                      {t("Results")}
                      <span className="visually-hidden"> {t("of {survey}", { survey: assignment.surveyTitle })}</span>
                    </TextLink>
                  ) : null}
                  <TextLink to={`${base}/surveys/schedule/${assignment.id}`} size="2">
                    {t("Schedule")}
                    <span className="visually-hidden"> {assignment.surveyTitle}</span>
                  </TextLink>
                  <Form method="post">
                    <input type="hidden" name="assignmentId" value={assignment.id} />
                    {assignment.status === "active" ? (
                      <Button type="submit" name="intent" value="close" color="orange" variant="soft" size="2">
                        {t("Close")}
                        <span className="visually-hidden"> {assignment.surveyTitle}</span>
                      </Button>
                    ) : (
                      <Button type="submit" name="intent" value="start" size="2">
                        {assignment.status === "completed" ? t("Reopen") : t("Start")}
                        <span className="visually-hidden"> {assignment.surveyTitle}</span>
                      </Button>
                    )}
                  </Form>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </CardTable>
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Manage surveys", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
