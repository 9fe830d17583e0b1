import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AuthScreen } from "~/components/auth/auth-screen";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passRetryAfter } from "~/lib/retry-after";
import { HONEYPOT_FIELD, signInSchema } from "~/lib/schemas/auth";
import { createAuthenticator } from "~/server/auth/authenticator.server";
import { readDeviceEntries } from "~/server/auth/device-cookie.server";
import { requireAnonymous, safeRedirectPath } from "~/server/auth/guards.server";
import { signInAndRedirect } from "~/server/auth/sign-in.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/login";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const { oidc } = getAppFromContext(context);
  // Only a same-site path is kept in the form; anything else signs in to the user's home.
  return {
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "") || null,
    // The school sign-in buttons the deployment configured (ADR 210).
    providers: oidc.providers.map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request, context);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (formData.get(HONEYPOT_FIELD)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["Your sign-in could not be processed. Please try again."],
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return formReply(submission, { hideFields: ["password"] });
  const app = getAppFromContext(context);
  const address = clientAddress(context);
  try {
    const knownDevices = await readDeviceEntries(app.sessionCookie.deviceCookie, request);
    const userId = await createAuthenticator(app.db, address, knownDevices, app.oidc.providers).authenticate(
      "form",
      request,
    );
    return await signInAndRedirect(app, userId, request, address, submission.value.redirectTo);
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: ["password"], t: await getServerT(context, "staff") });
  }
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthScreen
      initialState="login"
      lastResult={actionData?.result}
      redirectTo={loaderData.redirectTo}
      providers={loaderData.providers}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Sign in")} · Orliverse Classroom` },
];
