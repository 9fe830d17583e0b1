/**
 * The join-device cookie (ADR 203): a signed `__join_device` cookie holding
 * a random id for this browser, set by /join's form page (and by its answer
 * when missing). A wrong class code counts against this id, so a device's
 * own wrong codes slow only that device; classmates behind the same school
 * address are not held by them. It grants nothing and names nobody.
 * HttpOnly, SameSite=Lax, Secure exactly when the staff session cookie is;
 * it lasts a year.
 */
import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { DEVICE_ID_PATTERN } from "~/lib/student-api/limits";
import type { Config } from "../config.server";

export const JOIN_DEVICE_COOKIE_NAME = "__join_device";
const JOIN_DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function createJoinDeviceCookie(config: Pick<Config, "sessionSecrets" | "secureCookies">): Cookie {
  return createCookie(JOIN_DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: JOIN_DEVICE_COOKIE_MAX_AGE_SECONDS,
    secrets: config.sessionSecrets,
  });
}

/** The request's join-device id when its cookie's signature holds; otherwise null. */
export async function readJoinDeviceId(cookie: Cookie, request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${JOIN_DEVICE_COOKIE_NAME}=`)) return null;
  const value: unknown = await cookie.parse(header);
  return typeof value === "string" && DEVICE_ID_PATTERN.test(value) ? value : null;
}

/** The Set-Cookie header giving this browser a new join-device id. */
export function newJoinDevice(cookie: Cookie): Promise<string> {
  return cookie.serialize(randomBytes(18).toString("base64url"));
}
