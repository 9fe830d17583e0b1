import { redirect } from "~/server/web/redirects.server";
import { homePathFor, isBlocked, loadCurrentUser } from "./current-user.server";
import { safeRedirectPath } from "./guards.server";
import { createSession, type SessionServices } from "./session.server";

/** Starts a session and sends the user on: to a same-site redirectTo, else by role (docs/product.md#where-a-signed-in-user-lands). */
export async function signInAndRedirect(
  services: SessionServices,
  userId: number,
  request: Request,
  clientAddress: string | null,
  redirectTo?: string | null,
): Promise<Response> {
  const { db } = services;
  const session = await createSession(services, userId, request, clientAddress);
  const loaded = await loadCurrentUser(db, userId);
  const home = loaded ? (isBlocked(loaded.user) ? "/blocked" : homePathFor(loaded.user)) : "/";
  const target = loaded && !isBlocked(loaded.user) ? safeRedirectPath(redirectTo, home) : home;
  return redirect(target, { headers: { "Set-Cookie": session.setCookie } });
}
