import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { z } from "zod";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { TextLink } from "~/components/ui/kit-controls";
import { recordIdSchema } from "~/lib/schemas/ids";
import { assignSurvey, listAssignableSurveys } from "~/server/assignments/assignments.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/surveys-library";

const assignIntent = z.object({
  intent: z.literal("assign"),
  surveyId: recordIdSchema("surveyId"),
  // A checkbox: present ("on") when ticked, absent otherwise.
  anonymous: z.literal("on").optional(),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  return {
    pageTitle: t("Survey library"),
    classId,
    surveys: await listAssignableSurveys(db, user, classId),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  await readIntent(context, formData.get("intent"), ["assign"]);
  const parsed = assignIntent.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return redirectWithError(here, t("Failed to assign survey"));
  try {
    await assignSurvey(db, user, {
      classId,
      surveyId: parsed.data.surveyId,
      anonymous: parsed.data.anonymous === "on",
    });
    return redirectWithSuccess(`/class/${classId}/surveys/manage`, t("Survey assigned successfully!"));
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to assign survey"));
  }
}

export default function SurveyLibrary({ loaderData }: Route.ComponentProps) {
  const { classId, surveys } = loaderData;
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="6">
          {t("Survey library")}
        </Heading>
        <Text color="gray" size="2">
          {t(
            "Surveys this class has not been given yet. Preview one, then assign it; you start it from Manage surveys.",
          )}
        </Text>
      </Flex>
      {surveys.length === 0 ? (
        <EmptyState
          title={t("Every survey is already assigned")}
          action={{ to: `/class/${classId}/surveys/manage`, label: t("Go to Manage surveys") }}
        >
          {t(
            "This class has every survey in the library. Start or reopen one from Manage surveys, or ask an admin to publish a new survey.",
          )}
        </EmptyState>
      ) : (
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
          {surveys.map((survey) => (
            <Card key={survey.id} size="2">
              <Flex direction="column" gap="3" height="100%" justify="between">
                <Flex direction="column" gap="1">
                  <Heading as="h2" size="4">
                    {survey.title || survey.fullSlug}
                  </Heading>
                  <Text size="1" color="gray">
                    {survey.fullSlug}
                  </Text>
                </Flex>
                <Flex gap="3" align="center" justify="between" wrap="wrap">
                  <TextLink to={`/survey/content/${survey.id}`} size="2">
                    {t("Preview")}
                    <span className="visually-hidden"> {survey.title}</span>
                  </TextLink>
                  <TextLink to={`/class/${classId}/surveys/assign/${survey.id}`} size="2">
                    {t("Schedule or repeat")}
                    <span className="visually-hidden"> {survey.title}</span>
                  </TextLink>
                  <Form method="post">
                    <Flex gap="3" align="center" wrap="wrap">
                      <input type="hidden" name="surveyId" value={survey.id} />
                      {/* A native checkbox: it posts without JS. Fixed once the survey starts. */}
                      <Text as="label" size="2" className="anonymous-choice">
                        <Flex as="span" gap="2" align="center">
                          <input type="checkbox" name="anonymous" value="on" />
                          {t("Anonymous (no names on answers)")}
                          <span className="visually-hidden">
                            {" "}
                            {t("for {name}", { name: survey.title || survey.fullSlug })}
                          </span>
                        </Flex>
                      </Text>
                      <Button type="submit" name="intent" value="assign">
                        {t("Assign")}
                        <span className="visually-hidden"> {survey.title}</span>
                      </Button>
                    </Flex>
                  </Form>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Grid>
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Survey library", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
