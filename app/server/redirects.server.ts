/**
 * Every redirect the server answers goes through here (ADR 121): the target
 * is passed through `safeRedirectPath`, so a `Location` header is always a
 * same-site path and always a valid header, whatever the target was built
 * from (a `redirectTo`, a path with an id from the URL, a list's query
 * string). A target that is not one falls back to `/`, which sends the user
 * on by role. Routes and domain modules import `redirect` and the toast
 * redirects from this module, never from react-router or remix-toast
 * (`redirects.server.test.ts` checks that).
 */
import { redirect as routerRedirect } from "react-router";
import {
  redirectWithError as toastRedirectWithError,
  redirectWithSuccess as toastRedirectWithSuccess,
} from "remix-toast";
import { safeRedirectPath } from "~/lib/redirect-path";

export { safeRedirectPath };

const FALLBACK = "/";

/** A redirect to a same-site path (else to `/`). */
export function redirect(target: string, init?: number | ResponseInit): Response {
  return routerRedirect(safeRedirectPath(target, FALLBACK), init);
}

/**
 * The one redirect off this site: to a sign-in provider's authorisation
 * endpoint (ADR 210). Only an https URL, or any URL on an origin the
 * deployment configured (a provider on loopback in tests), is followed;
 * anything else goes to `/`.
 */
export function redirectToProvider(url: URL, allowedOrigins: readonly string[], init?: ResponseInit): Response {
  const allowed = allowedOrigins.includes(url.origin) && (url.protocol === "https:" || url.protocol === "http:");
  return allowed ? routerRedirect(url.href, init) : redirect(FALLBACK, init);
}

/** A redirect with a success toast, to a same-site path (else to `/`). */
export function redirectWithSuccess(target: string, message: string, init?: ResponseInit): Promise<Response> {
  return toastRedirectWithSuccess(safeRedirectPath(target, FALLBACK), message, init);
}

/** A redirect with an error toast, to a same-site path (else to `/`). */
export function redirectWithError(target: string, message: string, init?: ResponseInit): Promise<Response> {
  return toastRedirectWithError(safeRedirectPath(target, FALLBACK), message, init);
}
