import { isRouteErrorResponse } from "react-router";
import { ProviderProblem } from "~/components/auth/provider-problem";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passProblemHeaders } from "~/lib/retry-after";
import { requireAnonymous, safeRedirectPath } from "~/server/auth/guards.server";
import { findProvider, OidcProblem, OidcStrategy } from "~/server/auth/oidc-strategy.server";
import { providerProblemPage, recordRefusedProviderSignIn } from "~/server/auth/provider-refusals.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { redirect } from "~/server/redirects.server";
import { notFoundPage } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/oidc-start";

/** A public page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

/** Nothing starts on a GET: a sign-in button is a form post (ADR 210). */
export async function loader() {
  throw redirect("/login");
}

/**
 * "Sign in with …": sends the browser to the provider, with the flow's
 * secrets in a short cookie. A provider that cannot be reached (or whose
 * issuer is set up wrongly) is a plain page here, thrown: a returned page
 * would run this route's loader after the post, which sends to /login and
 * loses the message (issue 36).
 */
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
      await recordRefusedProviderSignIn(app, provider, error, clientAddress(context));
      throw providerProblemPage(provider, { kind: error.kind, message: null });
    }
    throw error;
  }
  return redirect("/login");
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && typeof error.data === "object" && error.data?.kind) {
    return <ProviderProblem {...error.data} />;
  }
  return <GeneralErrorBoundary error={error} params={params} />;
}

export const headers: Route.HeadersFunction = passProblemHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Sign in")} · Orliverse Classroom` },
];

/** Never rendered: the loader sends a GET to /login, and a problem is the ErrorBoundary's page. */
export default function OidcStart() {
  return null;
}
