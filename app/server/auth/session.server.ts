/**
 * Database sessions. The cookie carries only a random id (signed with the
 * session secrets); the table stores its SHA-256, an expiry, ip and agent.
 * A new id is issued at every sign-in (rotation).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, ne } from "drizzle-orm";
import { type Cookie, createCookie } from "react-router";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { type SessionMethod, sessions } from "../db/schema.server";
import { createDeviceCookie } from "./device-cookie.server";

export const SESSION_COOKIE_NAME = "__session";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** How many verified cookie headers an app remembers (see readSessionToken). */
const VERIFIED_COOKIE_HEADERS_KEPT = 500;

/** The app's session cookie: signed with its secrets, Secure as its configuration says. */
export interface SessionCookie {
  cookie: Cookie;
  verifiedHeaders: Map<string, string>;
  /** The device cookie a successful sign-in leaves (app/server/auth/device-cookie.server.ts, ADR 195). */
  deviceCookie: Cookie;
}

export function createSessionCookie(config: Pick<Config, "sessionSecrets" | "secureCookies">): SessionCookie {
  return {
    cookie: createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      secrets: config.sessionSecrets,
    }),
    verifiedHeaders: new Map(),
    deviceCookie: createDeviceCookie(config),
  };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The raw session token the request's cookie carries, if its signature is valid.
 *
 * Checking a signature imports the secret into WebCrypto and signs again on
 * every request (about 0.4 ms, docs/performance.md); a header that verified
 * once verifies again, since an app's secrets are fixed for its life. Only
 * verified headers are kept, and only the latest few hundred.
 */
export async function readSessionToken(sessionCookie: SessionCookie, request: Request): Promise<string | null> {
  return readSessionTokenFromHeader(sessionCookie, request.headers.get("cookie"));
}

/** readSessionToken from a Cookie header (the server entry reads it before React Router's Request exists). */
export async function readSessionTokenFromHeader(
  sessionCookie: SessionCookie,
  header: string | null | undefined,
): Promise<string | null> {
  if (!header?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const verified = sessionCookie.verifiedHeaders;
  const known = verified.get(header);
  if (known !== undefined) return known;
  const value = await sessionCookie.cookie.parse(header);
  if (typeof value !== "string" || value.length <= 20) return null;
  if (verified.size >= VERIFIED_COOKIE_HEADERS_KEPT) verified.delete(verified.keys().next().value as string);
  verified.set(header, value);
  return value;
}

export interface CreatedSession {
  token: string;
  id: string;
  expiresAt: Date;
  setCookie: string;
}

/** What starting or ending a session needs: the database and the app's session cookie. */
export interface SessionServices {
  db: Db;
  sessionCookie: SessionCookie;
}

/**
 * Starts a new session for the user, ending the one the request carried
 * (rotation). `clientAddress` is the request's real address (the server entry
 * resolves it; app/server/context.server.ts).
 */
export async function createSession(
  { db, sessionCookie }: SessionServices,
  userId: number,
  request: Request,
  clientAddress: string | null,
  method: SessionMethod = "password",
): Promise<CreatedSession> {
  const previous = await readSessionToken(sessionCookie, request);
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    ip: clientAddress,
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    method,
  });
  // Expired sessions are swept now and then, by whoever signs in.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const setCookie = await sessionCookie.cookie.serialize(token, { expires: expiresAt, maxAge: SESSION_TTL_MS / 1000 });
  return { token, id, expiresAt, setCookie };
}

export interface ActiveSession {
  id: string;
  userId: number;
  expiresAt: Date;
}

export async function destroySessionCookie(sessionCookie: SessionCookie): Promise<string> {
  return sessionCookie.cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends the request's session. Returns the Set-Cookie header that clears it. */
export async function endSession({ db, sessionCookie }: SessionServices, request: Request): Promise<string> {
  const token = await readSessionToken(sessionCookie, request);
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  return destroySessionCookie(sessionCookie);
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
