/**
 * Database sessions. The cookie carries only a random id (signed with the
 * session secrets); the table stores its SHA-256, an expiry, ip and agent.
 * A new id is issued at every sign-in (rotation).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, ne } from "drizzle-orm";
import { createCookie } from "react-router";
import { getConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { sessions } from "../db/schema.server";

export const SESSION_COOKIE_NAME = "__session";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;

export function sessionCookie() {
  if (!cookie) {
    const config = getConfig();
    cookie = createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      secrets: config.sessionSecrets,
    });
  }
  return cookie;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Cookie headers whose session value verified, and the token each carries.
 * Checking a signature imports the secret into WebCrypto and signs again on
 * every request (about 0.4 ms, docs/performance.md); a header that verified
 * once verifies again, since the secrets are fixed for the process's life.
 * Only verified headers are kept, and only the latest few hundred.
 */
const verifiedCookieHeaders = new Map<string, string>();
const VERIFIED_COOKIE_HEADERS_KEPT = 500;

/** The raw session token the request's cookie carries, if its signature is valid. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const known = verifiedCookieHeaders.get(header);
  if (known !== undefined) return known;
  const value = await sessionCookie().parse(header);
  if (typeof value !== "string" || value.length <= 20) return null;
  if (verifiedCookieHeaders.size >= VERIFIED_COOKIE_HEADERS_KEPT) {
    verifiedCookieHeaders.delete(verifiedCookieHeaders.keys().next().value as string);
  }
  verifiedCookieHeaders.set(header, value);
  return value;
}

export function clientIp(request: Request): string | null {
  // The last hop of X-Forwarded-For is the one our own proxy appended.
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",").at(-1)?.trim() || null;
  return request.headers.get("x-real-ip");
}

export interface CreatedSession {
  token: string;
  id: string;
  expiresAt: Date;
  setCookie: string;
}

/** Starts a new session for the user, ending the one the request carried (rotation). */
export async function createSession(db: Db, userId: number, request: Request): Promise<CreatedSession> {
  const previous = await readSessionToken(request);
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
  });
  // Expired sessions are swept now and then, by whoever signs in.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const setCookie = await sessionCookie().serialize(token, { expires: expiresAt, maxAge: SESSION_TTL_MS / 1000 });
  return { token, id, expiresAt, setCookie };
}

export interface ActiveSession {
  id: string;
  userId: number;
  expiresAt: Date;
}

export async function destroySessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends the request's session. Returns the Set-Cookie header that clears it. */
export async function endSession(db: Db, request: Request): Promise<string> {
  const token = await readSessionToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  return destroySessionCookie();
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
