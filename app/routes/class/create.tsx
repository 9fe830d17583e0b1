import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { CreateClassForm } from "~/components/class/create-class-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { createClassFormSchema } from "~/lib/schemas/classroom";
import { createClass } from "~/server/classes/classes.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/create";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user } = await requireClassTeacher(request, context, params.classId);
  return {
    pageTitle: t("Create a class"),
    schoolName: user.school?.name ?? null,
    needsSchool: user.schoolId === null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db } = await requireClassTeacher(request, context, params.classId);
  const submission = parseWithZod(await request.formData(), { schema: createClassFormSchema });
  if (submission.status !== "success") return formReply(submission);
  try {
    const created = await createClass(db, user, submission.value);
    return redirectWithSuccess(`/class/${created.id}/home`, t("Class {name} created.", { name: created.name }));
  } catch (error) {
    return formErrorReply(submission, error);
  }
}

export default function CreateClass({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <Flex justify="center">
      <Card size="3" style={{ width: "100%", maxWidth: 520 }}>
        <CreateClassForm
          lastResult={actionData?.result}
          cancelTo={`/class/${params.classId}/home`}
          description={
            loaderData.needsSchool
              ? t("Platform admins create classes from the admin area, where they choose the school.")
              : loaderData.schoolName
                ? t("The class is created in {school}, and you become its teacher.", { school: loaderData.schoolName })
                : t("The class is created in your school, and you become its teacher.")
          }
        />
      </Card>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Create a class", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
