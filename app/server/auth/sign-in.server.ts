import { redirect } from "~/server/redirects.server";
import type { Db } from "../db/client.server";
import { homePathFor, isBlocked, loadCurrentUser } from "./current-user.server";
import { safeRedirectPath } from "./guards.server";
import { createSession } from "./session.server";

/** Starts a session and sends the user on: to a same-site redirectTo, else by role (SPEC.md §6). */
export async function signInAndRedirect(
  db: Db,
  userId: number,
  request: Request,
  redirectTo?: string | null,
): Promise<Response> {
  const session = await createSession(db, userId, request);
  const loaded = await loadCurrentUser(db, userId);
  const home = loaded ? (isBlocked(loaded.user) ? "/blocked" : homePathFor(loaded.user)) : "/";
  const target = loaded && !isBlocked(loaded.user) ? safeRedirectPath(redirectTo, home) : home;
  return redirect(target, { headers: { "Set-Cookie": session.setCookie } });
}
