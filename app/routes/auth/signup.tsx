import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { AuthScreen } from "~/components/auth/auth-screen";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passRetryAfter } from "~/lib/retry-after";
import { HONEYPOT_FIELD, signUpSchema } from "~/lib/schemas/auth";
import { SIGN_UP_CLOSED_MESSAGE, SIGN_UP_DONE_MESSAGE, signUp } from "~/server/auth/accounts.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { getLanguage, getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { checkInvitationToken } from "~/server/schools/invitations.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/signup";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

const HIDDEN = ["password", "confirmPassword"];

/** The invitation link's token (`/signup?invite=...`, ADR 214), or null for a public sign-up. */
function invitationToken(request: Request): string | null {
  return new URL(request.url).searchParams.get("invite");
}

/**
 * Public sign-up (the teacher gets a school of their own, ADR 213), sign-up
 * through a school's invitation link, or, with PUBLIC_SIGNUP=off and no link,
 * how to get an account (ADR 214).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const { db, config } = getAppFromContext(context);
  const token = invitationToken(request);
  if (token !== null) {
    const invitation = await checkInvitationToken(db, token);
    if (!invitation.ok) return data({ mode: "link-problem" as const, message: invitation.problem }, { status: 404 });
    return { mode: "invitation" as const, invitation: { token, schoolName: invitation.schoolName } };
  }
  if (!config.publicSignUp) return { mode: "closed" as const, message: SIGN_UP_CLOSED_MESSAGE };
  return { mode: "public" as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (formData.get(HONEYPOT_FIELD)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["Your sign-up could not be processed. Please try again."],
          hideFields: HIDDEN,
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return formReply(submission, { hideFields: HIDDEN });
  const app = getAppFromContext(context);
  const address = clientAddress(context);
  const t = await getServerT(context, "staff");
  try {
    await signUp(app, submission.value, address, {
      invitationToken: invitationToken(request),
      publicSignUp: app.config.publicSignUp,
      language: getLanguage(context),
    });
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: HIDDEN, t });
  }
  // The same answer whether the address is new or already has an account (ADR 196).
  return redirectWithSuccess("/login", t(SIGN_UP_DONE_MESSAGE));
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  // The loader's messages are English keys of the staff catalogue.
  if (loaderData.mode === "link-problem") {
    return (
      <NoSignUpHere title={t("This invitation link does not work")} color="red">
        {t(loaderData.message)}
      </NoSignUpHere>
    );
  }
  if (loaderData.mode === "closed") {
    return (
      <NoSignUpHere title={t("Create an account")} color="blue">
        {t(loaderData.message)}
      </NoSignUpHere>
    );
  }
  return (
    <AuthScreen
      initialState="signup"
      lastResult={actionData?.result}
      invitation={loaderData.mode === "invitation" ? loaderData.invitation : null}
    />
  );
}

/** A plain page instead of the form: a link that does not work, or public sign-up switched off. */
function NoSignUpHere({ title, color, children }: { title: string; color: "red" | "blue"; children: string }) {
  const { t } = useTranslation("staff");
  return (
    <AuthCard title={title}>
      <Flex direction="column" gap="4">
        <Callout.Root color={color} role={color === "red" ? "alert" : "status"}>
          <Callout.Text>{children}</Callout.Text>
        </Callout.Root>
        <Button asChild size="3" variant="soft">
          <Link to="/login">{t("Sign in")}</Link>
        </Button>
      </Flex>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Create an account")} · Orliverse Classroom` },
];
