/**
 * The browser's side of a join held for the teacher (ADR 180): a signed
 * `__join_request` cookie that carries the join request's secret while the
 * device waits on /join/waiting. HttpOnly, SameSite=Lax, Secure exactly when
 * the staff session cookie is; it lasts as long as a request may wait and be
 * collected, and is cleared once the device is in (or the wait is over).
 */
import { type Cookie, createCookie } from "react-router";
import { JOIN_REQUEST_LIFETIME_MS, JOIN_REQUEST_SECRET_PREFIX } from "../class-codes/join.server";
import type { Config } from "../config.server";

export const JOIN_REQUEST_COOKIE_NAME = "__join_request";

export function createJoinRequestCookie(config: Pick<Config, "sessionSecrets" | "secureCookies">): Cookie {
  return createCookie(JOIN_REQUEST_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: config.sessionSecrets,
  });
}

/** The join request's secret the request's cookie carries, when its signature holds. */
export async function readJoinRequestSecret(cookie: Cookie, request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${JOIN_REQUEST_COOKIE_NAME}=`)) return null;
  const value = await cookie.parse(header);
  return typeof value === "string" && value.startsWith(JOIN_REQUEST_SECRET_PREFIX) ? value : null;
}

/** The Set-Cookie header that keeps the secret while the device waits (and may collect). */
export function startWaiting(cookie: Cookie, secret: string): Promise<string> {
  return cookie.serialize(secret, { maxAge: (2 * JOIN_REQUEST_LIFETIME_MS) / 1000 });
}

/** The Set-Cookie header that clears it. */
export function stopWaiting(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}
