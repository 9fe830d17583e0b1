import { data } from "react-router";
import { ProviderProblem, type ProviderProblemKind, problemText } from "~/components/auth/provider-problem";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passProblemHeaders } from "~/lib/retry-after";
import { requireAnonymous } from "~/server/auth/guards.server";
import { clearTransactionCookie, findProvider, OidcProblem, OidcStrategy } from "~/server/auth/oidc-strategy.server";
import { providerProblemPage, recordRefusedProviderSignIn } from "~/server/auth/provider-refusals.server";
import { ProviderSignInRefused, signInWithProvider } from "~/server/auth/provider-sign-in.server";
import { signInAndRedirect } from "~/server/auth/sign-in.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { type Say, sayRefusal } from "~/server/i18n/refusal-text.server";
import { notFoundPage } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/oidc-callback";

/** A public page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

/**
 * The provider sends the browser back here. The strategy checks state, PKCE
 * and the ID token; our rules find or link the staff member
 * (signInWithProvider); the session starts as a password sign-in's does
 * (signInAndRedirect). Anything else is a plain page saying what to do.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const app = getAppFromContext(context);
  const provider = findProvider(app.oidc, params.provider);
  if (!provider) throw notFoundPage();
  const address = clientAddress(context);
  // The flow's secrets are good for one answer, whatever it was.
  const clear = await clearTransactionCookie(app.oidc);
  try {
    const signedIn = await new OidcStrategy(app.oidc, provider, null, async ({ claims, transaction }) => ({
      userId: await signInWithProvider(app.db, provider, claims),
      redirectTo: transaction.redirectTo,
    })).authenticate(request);
    const response = await signInAndRedirect(app, signedIn.userId, request, address, signedIn.redirectTo, "provider");
    response.headers.append("Set-Cookie", clear);
    return response;
  } catch (error) {
    const problem = problemOf(error, await getServerT(context, "staff"), provider);
    if (error instanceof OidcProblem || error instanceof ProviderSignInRefused) {
      await recordRefusedProviderSignIn(app, provider, error, address);
    } else {
      // Too many tries: logged, not audited (each further try would add a row to the audit log).
      app.logger.info("oidc.sign_in_refused", { provider: provider.id, kind: problem.kind, ip: address });
    }
    const page = providerProblemPage(provider, problem);
    return data(page.data, { ...page.init, headers: withCookie(page.init?.headers, clear) });
  }
}

function withCookie(init: HeadersInit | undefined, cookie: string): Headers {
  const headers = new Headers(init);
  headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * What went wrong, said in the reader's language: our rules' message (it names the provider and the
 * address), or the page's own sentence for the kind, so the page's data (a `.data` request, the API's
 * clients) says why as the page does.
 */
function problemOf(
  error: unknown,
  t: Say,
  provider: { id: string; name: string },
): { kind: ProviderProblemKind; message: string | null; retryAfter?: string } {
  if (error instanceof OidcProblem) {
    return { kind: error.kind, message: problemText(error.kind, provider.name, provider.id, t).text };
  }
  if (error instanceof ProviderSignInRefused) return { kind: error.kind, message: sayRefusal(error, t) };
  if (isDomainError(error) && error.code === "RATE_LIMITED") {
    return { kind: "too-many", message: sayRefusal(error, t), retryAfter: error.headers?.["Retry-After"] };
  }
  throw error;
}

export const headers: Route.HeadersFunction = passProblemHeaders;

export default function OidcCallback({ loaderData }: Route.ComponentProps) {
  return <ProviderProblem {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Sign in")} · Orliverse Classroom` },
];
