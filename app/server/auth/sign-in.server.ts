import { redirect } from "~/server/redirects.server";
import type { SessionMethod } from "../db/schema.server";
import { homePathFor, isBlocked, loadCurrentUser } from "./current-user.server";
import { rememberDevice } from "./device-cookie.server";
import { safeRedirectPath } from "./guards.server";
import { createSession, type SessionServices } from "./session.server";

/**
 * Starts a session and sends the user on: to a same-site redirectTo, else by
 * role (docs/product.md#where-a-signed-in-user-lands). The browser is
 * remembered for the account (device cookie, ADR 195).
 */
export async function signInAndRedirect(
  services: SessionServices,
  userId: number,
  request: Request,
  clientAddress: string | null,
  redirectTo?: string | null,
  method: SessionMethod = "password",
): Promise<Response> {
  const { db } = services;
  const session = await createSession(services, userId, request, clientAddress, method);
  const loaded = await loadCurrentUser(db, userId);
  const home = loaded ? (isBlocked(loaded.user) ? "/blocked" : homePathFor(loaded.user)) : "/";
  const target = loaded && !isBlocked(loaded.user) ? safeRedirectPath(redirectTo, home) : home;
  const headers = new Headers();
  headers.append("Set-Cookie", session.setCookie);
  headers.append("Set-Cookie", await rememberDevice(services.sessionCookie.deviceCookie, request, userId));
  return redirect(target, { headers });
}
