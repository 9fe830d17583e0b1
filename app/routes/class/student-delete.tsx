import { Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { studentName } from "~/components/class/format";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { TextLink } from "~/components/ui/kit-controls";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { deleteStudent, getStudentDeletionPreview } from "~/server/students/student-deletion.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { orNotFound, recordIdParam, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/student-delete";

/** The confirmation step: a full page, so it works with JavaScript off. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const studentId = recordIdParam(params.studentId);
  return {
    pageTitle: t("Delete student"),
    classId,
    preview: await orNotFound(getStudentDeletionPreview(db, user, classId, studentId)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const studentId = recordIdParam(params.studentId);
  const here = `/class/${classId}/student/${studentId}/delete`;
  await readIntent(context, (await request.formData()).get("intent"), ["delete-student"]);
  try {
    await deleteStudent(db, user, classId, studentId);
    return redirectWithSuccess(
      `/class/${classId}/students/manage`,
      t("The student and everything held about them were deleted."),
    );
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to delete the student"));
  }
}

export default function DeleteStudentPage({ loaderData }: Route.ComponentProps) {
  const { classId, preview } = loaderData;
  const name = studentName(preview.student);
  const back = `/class/${classId}/student/${preview.student.id}`;
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="4" maxWidth="40rem">
      <Text size="2" color="gray">
        <TextLink to={back}>
          <bdi>{name}</bdi>
        </TextLink>{" "}
        / {t("Delete")}
      </Text>
      <Heading as="h1" size="6">
        {t("Delete {name}?", { name })}
      </Heading>
      <Card size="3">
        <Flex direction="column" gap="3">
          <Text as="p">
            {t("This permanently deletes {name} and everything the school holds about them:", { name })}
          </Text>
          <ul data-testid="deletion-summary">
            <li>{t("the student record (name, last seen)")}</li>
            <li>
              {t("{count, plural, one {# contact} other {# contacts}} (parents, guardians)", {
                count: preview.contacts,
              })}
            </li>
            <li>
              {t(
                "{count, plural, one {# class membership} other {# class memberships}}, in every class, not only this one",
                {
                  count: preview.classes,
                },
              )}
            </li>
            <li>
              {t("{count, plural, one {# student app sign-in} other {# student app sign-ins}}: the app is signed out", {
                count: preview.tokens,
              })}
            </li>
            <li>
              {t(
                "{count, plural, one {# survey response} other {# survey responses}}, so class results will count one fewer",
                { count: preview.responses },
              )}
            </li>
            <li>{t("{count, plural, one {# drawing} other {# drawings}}", { count: preview.drawings })}</li>
          </ul>
          <Callout.Root color="red" role="note">
            <Callout.Text>
              {t(
                "This cannot be undone. The audit log keeps only that a student was deleted, by whom and when, with these counts and no name. To only take {name} off this class, use Remove on the students screen instead.",
                { name },
              )}
            </Callout.Text>
          </Callout.Root>
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={back}>{t("Cancel")}</Link>
            </Button>
            <Form method="post">
              <Button type="submit" name="intent" value="delete-student" color="red">
                {t("Delete {name} permanently", { name })}
              </Button>
            </Form>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Delete student", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
