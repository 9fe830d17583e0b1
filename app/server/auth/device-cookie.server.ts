/**
 * Device cookies (OWASP "Slow down online guessing attacks with device
 * cookies"; ADR 195). A successful sign-in leaves a signed cookie in the
 * browser naming the account and a random id for this browser. When that
 * browser signs in to the same account again, the per-account and
 * per-address limits on wrong passwords do not hold it: only its own count
 * of wrong passwords does (RATE_LIMITS.signInPerDevice). So a stranger's
 * wrong passwords slow the stranger, and never lock the owner out of a
 * browser they used before.
 *
 * The cookie grants nothing else: it is not a session and proves nothing
 * but that this browser once knew the password. One browser keeps entries
 * for a few accounts (a staff-room computer), newest first.
 */
import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import type { Config } from "../config.server";

export const DEVICE_COOKIE_NAME = "__device";
/** A year: a teacher's own laptop stays known across the school year. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser remembers (a shared staff-room computer). */
export const DEVICE_ENTRIES_KEPT = 5;

export interface DeviceEntry {
  /** The account's user id. */
  userId: number;
  /** This browser's random id for that account: the key of its own count of wrong passwords. */
  deviceId: string;
}

export function createDeviceCookie(config: Pick<Config, "sessionSecrets" | "secureCookies">): Cookie {
  return createCookie(DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    secrets: config.sessionSecrets,
  });
}

function isEntry(value: unknown): value is DeviceEntry {
  if (typeof value !== "object" || value === null) return false;
  const { userId, deviceId } = value as Record<string, unknown>;
  return Number.isSafeInteger(userId) && typeof deviceId === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(deviceId);
}

/** The entries of the request's device cookie when its signature holds; otherwise none. */
export async function readDeviceEntries(cookie: Cookie, request: Request): Promise<DeviceEntry[]> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${DEVICE_COOKIE_NAME}=`)) return [];
  const value: unknown = await cookie.parse(header);
  return Array.isArray(value) ? value.filter(isEntry).slice(0, DEVICE_ENTRIES_KEPT) : [];
}

/** This browser's entry for the account, if it signed in to it before. */
export async function knownDeviceFor(cookie: Cookie, request: Request, userId: number): Promise<DeviceEntry | null> {
  return (await readDeviceEntries(cookie, request)).find((entry) => entry.userId === userId) ?? null;
}

/**
 * The Set-Cookie that remembers this browser for the account after a
 * successful sign-in: a new device id (its count of wrong passwords starts
 * over), first in the list, the oldest entries dropped.
 */
export async function rememberDevice(cookie: Cookie, request: Request, userId: number): Promise<string> {
  const others = (await readDeviceEntries(cookie, request)).filter((entry) => entry.userId !== userId);
  const entries: DeviceEntry[] = [{ userId, deviceId: randomBytes(18).toString("base64url") }, ...others].slice(
    0,
    DEVICE_ENTRIES_KEPT,
  );
  return cookie.serialize(entries);
}
