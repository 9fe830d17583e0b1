/**
 * /class/{classId}/surveys/assign/{surveyId}: the assign form with a schedule and rounds (issue #38).
 * Named or anonymous, optional opening and closing times in the school's time zone, and an optional
 * repeat ("every 2 weeks until 20 March", or a list of days), each round an assignment of its own.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { RepeatFields, ScheduleFields } from "~/components/class/schedule-fields";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { Card, Heading, Row, Stack, Text } from "~/components/ui/kit";
import { Button, TextLink } from "~/components/ui/kit-controls";
import { assignFormSchema } from "~/lib/schemas/schedule";
import { listAssignableSurveys } from "~/server/assignments/assignments.server";
import { assignRounds, classTimeZone } from "~/server/assignments/schedule.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { formErrorReply, formReply, notFoundPage, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/survey-assign";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const surveyId = recordIdParam(params.surveyId);
  // A survey the class has already (or one removed from the registry) is not assignable: the 404 page.
  const survey = (await listAssignableSurveys(db, user, classId)).find((candidate) => candidate.id === surveyId);
  if (!survey) throw notFoundPage();
  return {
    pageTitle: t("Assign {survey}", { survey: survey.title || survey.fullSlug }),
    classId,
    survey,
    timeZone: await classTimeZone(db, classId, config.SCHOOL_TIME_ZONE),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const surveyId = recordIdParam(params.surveyId);
  const timeZone = await classTimeZone(db, classId, config.SCHOOL_TIME_ZONE);
  const now = new Date();
  const submission = parseWithZod(await request.formData(), { schema: assignFormSchema(timeZone, now) });
  if (submission.status !== "success") return formReply(submission);
  try {
    const { roundCount } = await assignRounds(db, user, { classId, surveyId, ...submission.value }, now);
    return redirectWithSuccess(
      `/class/${classId}/surveys/manage`,
      roundCount === 1
        ? t("Survey assigned successfully!")
        : t("{count, plural, one {# round} other {# rounds}} assigned.", { count: roundCount }),
    );
  } catch (error) {
    return formErrorReply(submission, error, { t });
  }
}

export default function AssignSurvey({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, survey, timeZone } = loaderData;
  const { t } = useTranslation("staff");
  const [form, fields] = useForm({ id: "assign-survey", lastResult: actionData?.result });
  const title = survey.title || survey.fullSlug;
  return (
    <Stack gap="4">
      <Text size="2" color="gray">
        <TextLink to={`/class/${classId}/surveys/library`}>{t("Survey library")}</TextLink> / {t("Assign")}
      </Text>
      <Card size="3" style={{ maxWidth: 640 }}>
        <Form method="post" {...getFormProps(form)} aria-labelledby="assign-title">
          <Stack gap="4">
            <Heading as="h1" size="6" id="assign-title">
              {t("Assign {survey}", { survey: title })}
            </Heading>
            <ErrorList id={form.errorId} errors={form.errors} />
            <label className="class-radio">
              <input type="checkbox" name={fields.anonymous.name} value="on" defaultChecked={false} />
              <Text size="2">{t("Anonymous (no names on answers)")}</Text>
            </label>
            <ScheduleFields opensAt={fields.opensAt as never} closesAt={fields.closesAt as never} timeZone={timeZone} />
            <RepeatFields
              fields={{
                repeat: fields.repeat,
                everyWeeks: fields.everyWeeks,
                until: fields.until,
                dates: fields.dates,
              }}
            />
            <Row gap="3" justify="end">
              <Button type="submit">{t("Assign")}</Button>
            </Row>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Assign", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
