import { parseWithZod } from "@conform-to/zod/v4";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { fieldProps, Honeypot, PasswordField, SubmitButton } from "~/components/forms";
import { TextLink } from "~/components/ui/kit-controls";
import { useFormReply } from "~/lib/form-reply";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passRetryAfter } from "~/lib/retry-after";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { resetPassword, tokenProblem } from "~/server/auth/accounts.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/reset-password";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

const HIDDEN = ["newPassword", "confirmPassword"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { db } = getAppFromContext(context);
  // A used or expired link says so at once, before anyone types a new password.
  const problem = token ? await tokenProblem(db, token, ["reset-password", "invite"], "password reset") : null;
  return { token, problem };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success" || formData.get(HONEYPOT_FIELD)) {
    return formReply(submission, { hideFields: HIDDEN });
  }
  const { db, oidc } = getAppFromContext(context);
  const t = await getServerT(context, "staff");
  try {
    await resetPassword(db, submission.value, oidc.providers);
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: HIDDEN, t });
  }
  return redirectWithSuccess("/login", t("Your password has been changed. Sign in with your new password."));
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { form, field } = useFormReply("reset-password", actionData?.result);
  if (!loaderData.token || loaderData.problem) {
    return (
      <AuthCard title={t("Reset your password")}>
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {loaderData.problem
              ? t(loaderData.problem)
              : t("This reset link is not complete. Open the link from your e-mail again, or ask for a new one.")}
          </Callout.Text>
        </Callout.Root>
        <Text size="2">
          <TextLink to="/forgot-password">{t("Ask for a new reset link")}</TextLink>
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("Choose a new password")}
      description={t(
        "Your new password must be at least 8 characters long and contain uppercase, lowercase, and numeric characters.",
      )}
    >
      <Form method="post" {...form.props} ref={form.ref}>
        <Flex direction="column" gap="4">
          {form.errors?.length ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>
                {form.errors.map((error) => t(error)).join(" ")}{" "}
                <TextLink to="/forgot-password">{t("Ask for a new link")}</TextLink>
              </Callout.Text>
            </Callout.Root>
          ) : null}
          <Honeypot name={HONEYPOT_FIELD} />
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField label={t("New Password")} {...fieldProps(field("newPassword"))} autoComplete="new-password" />
          <PasswordField
            label={t("Confirm New Password")}
            {...fieldProps(field("confirmPassword"))}
            autoComplete="new-password"
          />
          <SubmitButton label={t("Set new password")} pendingLabel={t("Saving...")} />
        </Flex>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Choose a new password")} · Orliverse Classroom` },
];
