import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AuthScreen } from "~/components/auth/auth-screen";
import { passRetryAfter } from "~/lib/retry-after";
import { HONEYPOT_FIELD, signUpSchema } from "~/lib/schemas/auth";
import { SIGN_UP_DONE_MESSAGE, signUp } from "~/server/auth/accounts.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { redirectWithSuccess } from "~/server/web/redirects.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/signup";

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
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
  try {
    await signUp(app, submission.value, address);
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: HIDDEN });
  }
  // The same answer whether the address is new or already has an account (ADR 196).
  return redirectWithSuccess("/login", SIGN_UP_DONE_MESSAGE);
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function Signup({ actionData }: Route.ComponentProps) {
  return <AuthScreen initialState="signup" lastResult={actionData?.result} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Create an account · Orliverse Classroom" }];
