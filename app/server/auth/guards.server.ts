/**
 * Guards say what they guarantee. Screen guards throw redirects; API guards
 * throw JSON `{ code, message }` responses.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { getAppFromContext } from "../context.server";
import { DomainError, notFound, unauthorized } from "../errors.server";
import { redirect, safeRedirectPath } from "../redirects.server";
import {
  type CurrentUser,
  homePathFor,
  isAdmin,
  isBlocked,
  type LoadedUser,
  loadSessionUser,
} from "./current-user.server";
import { type ActiveSession, hashToken, readSessionToken } from "./session.server";

export interface RequestAuth {
  session: ActiveSession | null;
  loaded: LoadedUser | null;
}

/** Per-request memo, so every loader of one request shares one session lookup. */
const authContext = createContext<Promise<RequestAuth> | null>(null);

type Context = Readonly<RouterContextProvider>;

export function getRequestAuth(request: Request, context: Context): Promise<RequestAuth> {
  let pending = context.get(authContext);
  if (!pending) {
    pending = (async () => {
      const { db, sessionCookie } = getAppFromContext(context);
      const token = await readSessionToken(sessionCookie, request);
      if (!token) return { session: null, loaded: null };
      const found = await loadSessionUser(db, hashToken(token));
      return found ?? { session: null, loaded: null };
    })();
    (context as RouterContextProvider).set(authContext, pending);
  }
  return pending;
}

export async function getOptionalUser(request: Request, context: Context): Promise<CurrentUser | null> {
  return (await getRequestAuth(request, context)).loaded?.user ?? null;
}

/** Same-site paths only, whatever the value hides (app/lib/redirect-path.ts, ADR 121). */
export { safeRedirectPath };

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  const query = target === "/" ? "" : `?${new URLSearchParams({ redirectTo: target })}`;
  return redirect(`/login${query}`);
}

/** A signed-in, unblocked user; otherwise a redirect to /login (keeping the target) or /blocked. */
export async function requireUser(request: Request, context: Context): Promise<CurrentUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw loginRedirect(request);
  if (isBlocked(user)) throw redirect("/blocked");
  return user;
}

/** An admin; a non-admin is sent to the home of class -1 (docs/product.md#where-a-signed-in-user-lands). */
export async function requireAdmin(request: Request, context: Context): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!isAdmin(user)) throw redirect("/class/-1/home");
  return user;
}

/** Nobody signed in; a signed-in user is redirected by role. */
export async function requireAnonymous(request: Request, context: Context): Promise<void> {
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(isBlocked(user) ? "/blocked" : homePathFor(user));
}

/** API: a signed-in, unblocked user, else 401/403 (thrown as domain errors; the API's one mapping answers them). */
export async function requireApiUser(request: Request, context: Context): Promise<CurrentUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw unauthorized("Sign in to continue.");
  if (isBlocked(user)) throw new DomainError("BLOCKED", "This account is blocked. Contact your school administrator.");
  return user;
}

/** API: an admin, else 404 (a 403 would confirm the endpoint's data exists). */
export async function requireApiAdmin(request: Request, context: Context): Promise<CurrentUser> {
  const user = await requireApiUser(request, context);
  if (!isAdmin(user)) throw notFound("Not Found");
  return user;
}
