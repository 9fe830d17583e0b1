import { parseWithZod } from "@conform-to/zod/v4";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, fieldProps, Honeypot, SubmitButton } from "~/components/forms";
import { TextLink } from "~/components/ui/kit-controls";
import { useFormReply } from "~/lib/form-reply";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passRetryAfter } from "~/lib/retry-after";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { getLanguage, getServerT } from "~/server/i18n/i18n.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/forgot-password";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail address, we have sent a link to reset its password. The link works for one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return formReply(submission, { extra: { sent: false } });
  // A bot that fills the honeypot gets the same answer and nothing is sent.
  if (formData.get(HONEYPOT_FIELD)) return { result: submission.reply({ resetForm: true }), sent: true };
  try {
    const app = getAppFromContext(context);
    await requestPasswordReset(
      app,
      submission.value.email,
      clientAddress(context),
      app.oidc.providers,
      getLanguage(context),
    );
  } catch (error) {
    return formErrorReply(submission, error, { extra: { sent: false }, t: await getServerT(context, "staff") });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { form, field } = useFormReply("forgot-password", actionData?.result);
  return (
    <AuthCard
      title={t("Reset your password")}
      description={t("Enter the e-mail address you sign in with and we will send you a link.")}
    >
      <Form method="post" {...form.props} ref={form.ref}>
        <Flex direction="column" gap="4">
          {actionData?.sent ? (
            <Callout.Root color="green" role="status">
              <Callout.Text>{t(RESET_REQUESTED_MESSAGE)}</Callout.Text>
            </Callout.Root>
          ) : null}
          {form.errors?.length ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{form.errors.map((error) => t(error)).join(" ")}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Honeypot name={HONEYPOT_FIELD} />
          <Field label={t("E-mail")} {...fieldProps(field("email"))} type="email" autoComplete="email" />
          <SubmitButton label={t("Send reset link")} pendingLabel={t("Sending...")} />
          <Text size="2" align="center">
            <TextLink to="/login">{t("Back to sign in")}</TextLink>
          </Text>
        </Flex>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Reset your password")} · Orliverse Classroom` },
];
