/**
 * The student session of the browser: a `__student` cookie that carries a
 * "browser" student token (issued by joinClass for the student pages; the
 * API refuses it as a bearer token, and this session refuses the app's
 * "app" tokens), signed with the app's session secrets, HttpOnly,
 * SameSite=Lax, Secure exactly when the staff session cookie is (ADR 150,
 * ADR 190).
 *
 * - It lasts a school day (STUDENT_SESSION_TTL_MS, the browser token's
 *   lifetime): the cookie's Max-Age, and on the server the token's expiresAt,
 *   so a copied or replayed cookie is no longer taken after that either.
 * - It ends on "Not you? Sign out" (the token is revoked), and whenever the
 *   token no longer authenticates: the teacher revokes the student's tokens,
 *   the student leaves the class roster, the class or school is archived.
 * - It never mixes with a staff session: staff pages and the API read only
 *   `__session`; the student pages refuse a request that carries a signed-in
 *   staff session (the join page explains what to do).
 */
import { and, eq, isNull } from "drizzle-orm";
import { type Cookie, createContext, createCookie, type RouterContextProvider } from "react-router";
import { hashToken } from "../auth/session.server";
import type { Config } from "../config.server";
import { getAppFromContext } from "../context.server";
import type { Db } from "../db/client.server";
import { studentTokens } from "../db/schema.server";
import { STUDENT_TOKEN_LIFETIME_MS } from "./student-token-lifetimes.server";
import { authenticateStudentToken, STUDENT_TOKEN_PREFIX, type StudentPrincipal } from "./student-tokens.server";

export const STUDENT_COOKIE_NAME = "__student";
/**
 * A school day: a session started at 8 in the morning ends at 4 in the
 * afternoon. The browser token's own lifetime, so the cookie and the token
 * end together.
 */
export const STUDENT_SESSION_TTL_MS = STUDENT_TOKEN_LIFETIME_MS.browser;

export function createStudentCookie(config: Pick<Config, "sessionSecrets" | "secureCookies">): Cookie {
  return createCookie(STUDENT_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: config.sessionSecrets,
  });
}

/** True when the request carries a student cookie at all (signed or not). */
export function hasStudentCookie(request: Request): boolean {
  return request.headers.get("cookie")?.includes(`${STUDENT_COOKIE_NAME}=`) ?? false;
}

/** The raw student token the request's `__student` cookie carries, when its signature holds. */
export async function readStudentSessionToken(cookie: Cookie, request: Request): Promise<string | null> {
  if (!hasStudentCookie(request)) return null;
  const value = await cookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && value.startsWith(STUDENT_TOKEN_PREFIX) ? value : null;
}

/** The Set-Cookie header that starts a student session with a browser token that was just issued. */
export function startStudentSession(cookie: Cookie, token: string): Promise<string> {
  return cookie.serialize(token, { maxAge: STUDENT_SESSION_TTL_MS / 1000 });
}

/** The Set-Cookie header that clears the student cookie. */
export function clearStudentSession(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The student the request's cookie names, or null when there is none or it
 * no longer holds (revoked, past its expiry, not a browser token, off the
 * roster, class or school archived).
 */
export async function loadStudentSession(
  db: Db,
  cookie: Cookie,
  request: Request,
  now = new Date(),
): Promise<StudentPrincipal | null> {
  const token = await readStudentSessionToken(cookie, request);
  if (!token) return null;
  return authenticateStudentToken(db, token, { kind: "browser", now });
}

/** Per-request memo: the layout and the page of one request share one lookup. */
const studentContext = createContext<Promise<StudentPrincipal | null> | null>(null);

/** The student the request's cookie names (null when none holds), looked up once per request. */
export function getOptionalStudent(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StudentPrincipal | null> {
  let pending = context.get(studentContext);
  if (!pending) {
    const { db, studentCookie } = getAppFromContext(context);
    pending = loadStudentSession(db, studentCookie, request);
    (context as RouterContextProvider).set(studentContext, pending);
  }
  return pending;
}

/** Sign-out: the cookie's token is revoked, so the same cookie never works again. */
export async function endStudentSession(db: Db, cookie: Cookie, request: Request, now = new Date()): Promise<void> {
  const token = await readStudentSessionToken(cookie, request);
  if (!token) return;
  await db
    .update(studentTokens)
    .set({ revokedAt: now })
    .where(and(eq(studentTokens.tokenHash, hashToken(token)), isNull(studentTokens.revokedAt)));
}
