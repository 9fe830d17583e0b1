import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { ProviderProblem } from "~/components/auth/provider-problem";
import { metaTranslator } from "~/lib/i18n/meta";
import { requireAnonymous, safeRedirectPath } from "~/server/auth/guards.server";
import { findProvider, OidcProblem, OidcStrategy } from "~/server/auth/oidc-strategy.server";
import { getAppFromContext } from "~/server/context.server";
import { redirect } from "~/server/redirects.server";
import { notFoundPage } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/oidc-start";

/** Nothing starts on a GET: a sign-in button is a form post (ADR 210). */
export async function loader() {
  throw redirect("/login");
}

/** "Sign in with …": sends the browser to the provider, with the flow's secrets in a short cookie. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAnonymous(request, context);
  const app = getAppFromContext(context);
  const provider = findProvider(app.oidc, params.provider);
  if (!provider) throw notFoundPage();
  const form = await request.clone().formData();
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""), "") || null;
  try {
    await new OidcStrategy(app.oidc, provider, redirectTo, async () => null).authenticate(request);
  } catch (error) {
    // The strategy's redirect to the provider.
    if (error instanceof Response) return error;
    if (error instanceof OidcProblem) {
      return data({ kind: error.kind, providerName: provider.name }, { status: 503 });
    }
    throw error;
  }
  return redirect("/login");
}

export default function OidcStart({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <ProviderProblem kind={actionData?.kind ?? "failed"} providerName={actionData?.providerName ?? t("the provider")} />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Sign in")} · Orliverse Classroom` },
];
