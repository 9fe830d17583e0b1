import { Button, Callout, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { SubmitButton } from "~/components/forms";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { tokenProblem, verifyEmail } from "~/server/auth/accounts.server";
import { getAppFromContext } from "~/server/context.server";
import { refusal } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/verify-email";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

/**
 * The link from the verification e-mail. Opening it changes nothing (mail
 * scanners open links too); the button's POST marks emailVerified true.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token)
    return { token, problem: "This verification link is not complete. Open the link from your e-mail again." };
  const { db } = getAppFromContext(context);
  return { token, problem: await tokenProblem(db, token, ["verify-email"], "verification") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  const { db } = getAppFromContext(context);
  try {
    await verifyEmail(db, token);
    return { verified: true, message: "Thank you. Your e-mail address is confirmed." };
  } catch (error) {
    return { verified: false, message: refusal(error).message };
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  // The loader's and action's messages are English keys of the staff catalogue.
  const { t } = useTranslation("staff");
  const result = actionData ?? (loaderData.problem ? { verified: false, message: loaderData.problem } : null);
  return (
    <AuthCard title={t("Confirm your e-mail address")}>
      <Flex direction="column" gap="4">
        {result ? (
          <Callout.Root color={result.verified ? "green" : "red"} role={result.verified ? "status" : "alert"}>
            <Callout.Text>{t(result.message)}</Callout.Text>
          </Callout.Root>
        ) : (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton
              label={t("Confirm my e-mail address")}
              pendingLabel={t("Confirming...")}
              style={{ width: "100%" }}
            />
          </Form>
        )}
        <Button asChild size="3" variant="soft">
          <Link to="/">{t("Continue to Orliverse Classroom")}</Link>
        </Button>
      </Flex>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Confirm your e-mail")} · Orliverse Classroom` },
];
