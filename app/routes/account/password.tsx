import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { dataWithError, dataWithSuccess } from "remix-toast";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { SchoolNameForm } from "~/components/account/school-name-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { passwordReturnTarget } from "~/lib/account-links";
import { changePasswordSchema } from "~/lib/schemas/password";
import { getRequestAuth, requireUser, safeRedirectPath } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { findOwnSelfSchool } from "~/server/schools/self-school-name.server";
import { runChangePassword } from "~/server/web/change-password-reply.server";
import { RENAME_SCHOOL_INTENT, renameSelfSchoolAction } from "~/server/web/self-school-name-action.server";
import type { Route } from "./+types/password";

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

/** This page again, with the form's return target: where a refused change comes back to. */
function pageAgain(formData: FormData): string {
  const target = safeRedirectPath(passwordReturnTarget(String(formData.get("redirectTo") ?? "")), "/");
  return `/account/password?${new URLSearchParams({ redirectTo: target })}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db } = getAppFromContext(context);
  return {
    redirectTo: safeRedirectPath(passwordReturnTarget(new URL(request.url).searchParams.get("redirectTo")), "/"),
    // A teacher who signed up on their own names their school here (issue 36).
    selfSchool: await findOwnSelfSchool(db, user),
  };
}

/**
 * One action for the dialog (a fetcher, `mode=dialog`: answers with data and
 * a toast) and the no-JavaScript page (answers with a redirect and a toast).
 * The page's refusals other than a field's are a redirect back to the page
 * with the toast too: the toast is a flash cookie the root loader reads, and
 * in the same document request it ran before the action wrote it (issue 36).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireUser(request, context);
  const { session } = await getRequestAuth(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === RENAME_SCHOOL_INTENT) {
    return renameSelfSchoolAction(getAppFromContext(context).db, user, formData, pageAgain(formData), t);
  }
  const inDialog = formData.get("mode") === "dialog";
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  if (submission.status !== "success" || !session) {
    return data({ result: submission.reply({ hideFields: HIDDEN }), ok: false }, { status: 400 });
  }
  const { db } = getAppFromContext(context);
  const outcome = await runChangePassword(db, user, session.id, submission);
  switch (outcome.kind) {
    case "success":
      if (inDialog)
        return dataWithSuccess(
          { result: submission.reply({ resetForm: true }), ok: true },
          t("Password changed successfully!"),
        );
      return redirectWithSuccess(
        safeRedirectPath(passwordReturnTarget(String(formData.get("redirectTo") ?? "")), "/"),
        t("Password changed successfully!"),
      );
    case "wrong-current-password":
      return data(
        {
          result: submission.reply({
            fieldErrors: { currentPassword: [t("Current password is incorrect")] },
            hideFields: HIDDEN,
          }),
          ok: false,
        },
        { status: 400 },
      );
    case "failed":
      if (!inDialog) return redirectWithError(pageAgain(formData), t("Failed to change password. Please try again."));
      return dataWithError(
        {
          result: submission.reply({
            formErrors: [t("Failed to change password. Please try again.")],
            hideFields: HIDDEN,
          }),
          ok: false,
        },
        t("Failed to change password. Please try again."),
        { status: 400 },
      );
    case "unexpected":
      if (!inDialog)
        return redirectWithError(pageAgain(formData), t("An unexpected error occurred. Please try again."));
      return dataWithError(
        {
          result: submission.reply({
            formErrors: [t("An unexpected error occurred. Please try again.")],
            hideFields: HIDDEN,
          }),
          ok: false,
        },
        t("An unexpected error occurred. Please try again."),
        { status: 500 },
      );
  }
}

/** The full-page form: the same form as the dialog, for browsers without JavaScript. */
export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const schoolResult = actionData && "form" in actionData ? actionData.result : undefined;
  const passwordResult = actionData && !("form" in actionData) ? actionData.result : undefined;
  return (
    <Flex direction="column" align="center" gap="5" px="4" py="6">
      <Card size="3" style={{ width: "100%", maxWidth: "28rem" }}>
        <Flex direction="column" gap="3">
          <Heading as="h1" size="5">
            {t("Change Password")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t(
              "Enter your current password and choose a new one. Your new password must be at least 8 characters long and contain uppercase, lowercase, and numeric characters.",
            )}
          </Text>
          <Box>
            <ChangePasswordForm
              lastResult={passwordResult}
              redirectTo={loaderData.redirectTo}
              cancelHref={loaderData.redirectTo}
            />
          </Box>
        </Flex>
      </Card>
      {loaderData.selfSchool ? <SchoolNameForm name={loaderData.selfSchool.name} lastResult={schoolResult} /> : null}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Change Password", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
