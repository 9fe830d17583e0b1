import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, fieldProps, Honeypot } from "~/components/forms";
import { TextLink } from "~/components/ui/kit-controls";
import { useFormReply } from "~/lib/form-reply";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { passRetryAfter } from "~/lib/retry-after";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/forgot-password";

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
    await requestPasswordReset(app, submission.value.email, clientAddress(context), app.oidc.providers);
  } catch (error) {
    return formErrorReply(submission, error, { extra: { sent: false } });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { form, field } = useFormReply("forgot-password", actionData?.result);
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail address you sign in with and we will send you a link."
    >
      <Form method="post" {...form.props} ref={form.ref}>
        <Flex direction="column" gap="4">
          {actionData?.sent ? (
            <Callout.Root color="green" role="status">
              <Callout.Text>{RESET_REQUESTED_MESSAGE}</Callout.Text>
            </Callout.Root>
          ) : null}
          {form.errors?.length ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{form.errors.join(" ")}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Honeypot name={HONEYPOT_FIELD} />
          <Field label="E-mail" {...fieldProps(field("email"))} type="email" autoComplete="email" />
          <Button type="submit" size="3" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
          <Text size="2" align="center">
            <TextLink to="/login">Back to sign in</TextLink>
          </Text>
        </Flex>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reset your password · Orliverse Classroom" }];
