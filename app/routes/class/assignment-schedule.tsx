/**
 * /class/{classId}/surveys/schedule/{assignmentId}: an assignment's opening and closing times (issue
 * #38), in the school's time zone, and the rounds of its series. Empty fields: started and closed by hand.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ScheduleLine, SeriesRounds } from "~/components/class/assignment-schedule";
import { ScheduleFields } from "~/components/class/schedule-fields";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { Card, Heading, Row, Stack, Text } from "~/components/ui/kit";
import { Button, TextLink } from "~/components/ui/kit-controls";
import { scheduleFormSchema } from "~/lib/schemas/schedule";
import { dateToZonedInput } from "~/lib/zoned-time";
import { getAssignment } from "~/server/assignments/assignments.server";
import { classTimeZone, listSeriesRounds, setAssignmentSchedule } from "~/server/assignments/schedule.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { formErrorReply, formReply, orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/assignment-schedule";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const now = new Date();
  const assignment = await orNotFound(getAssignment(db, user, classId, assignmentId, now));
  const timeZone = await classTimeZone(db, classId, config.SCHOOL_TIME_ZONE);
  return {
    pageTitle: t("Schedule: {survey}", { survey: assignment.surveyTitle }),
    classId,
    assignment,
    timeZone,
    rounds: await listSeriesRounds(db, user, { classId, seriesId: assignment.seriesId }, now),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), ["schedule"]);
  const now = new Date();
  const stored = await orNotFound(getAssignment(db, user, classId, assignmentId, now));
  const timeZone = await classTimeZone(db, classId, config.SCHOOL_TIME_ZONE);
  const submission = parseWithZod(formData, { schema: scheduleFormSchema(timeZone, now, stored) });
  if (submission.status !== "success") return formReply(submission);
  try {
    await setAssignmentSchedule(db, user, { classId, assignmentId, ...submission.value }, now);
    return redirectWithSuccess(`/class/${classId}/surveys/schedule/${assignmentId}`, t("The schedule is saved."));
  } catch (error) {
    return formErrorReply(submission, error, { t });
  }
}

export default function AssignmentSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, assignment, timeZone, rounds } = loaderData;
  const { t } = useTranslation("staff");
  const [form, fields] = useForm({ id: "assignment-schedule", lastResult: actionData?.result });
  const base = `/class/${classId}/surveys`;
  return (
    <Stack gap="4">
      <Text size="2" color="gray">
        <TextLink to={`${base}/manage`}>{t("Surveys")}</TextLink> /{" "}
        <TextLink to={`${base}/results/${assignment.id}`}>{t("Results")}</TextLink> / {t("Schedule")}
      </Text>
      <Stack gap="1">
        <Heading as="h1" size="6">
          {t("Schedule: {survey}", { survey: assignment.surveyTitle })}
        </Heading>
        <Row gap="2">
          <AssignmentStatusBadge status={assignment.status} />
          <ScheduleLine schedule={{ ...assignment, timeZone }} />
        </Row>
      </Stack>
      {assignment.status === "completed" ? (
        <Text size="2">{t("This survey is closed. Reopen it from Manage surveys to schedule it again.")}</Text>
      ) : (
        <Card size="3" style={{ maxWidth: 560 }}>
          <Form method="post" {...getFormProps(form)} aria-labelledby="schedule-title">
            <input type="hidden" name="intent" value="schedule" />
            <Stack gap="3">
              <Heading as="h2" size="4" id="schedule-title">
                {t("Opening and closing times")}
              </Heading>
              <ErrorList id={form.errorId} errors={form.errors} />
              <ScheduleFields
                opensAt={fields.opensAt as never}
                closesAt={fields.closesAt as never}
                timeZone={timeZone}
                defaults={{
                  opensAt: dateToZonedInput(assignment.opensAt, timeZone),
                  closesAt: dateToZonedInput(assignment.closesAt, timeZone),
                }}
                opensLocked={assignment.status === "active"}
              />
              <Row justify="end">
                <Button type="submit">{t("Save the schedule")}</Button>
              </Row>
            </Stack>
          </Form>
        </Card>
      )}
      <SeriesRounds rounds={rounds} currentId={assignment.id} classId={classId} timeZone={timeZone} />
    </Stack>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Schedule", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
