/**
 * Data and sessions an e2e test makes for itself, written into its server's
 * own data dir before the server starts (PGlite allows one process per data
 * dir, so nothing can be written while the server runs):
 *
 *   const app = await startAppServer({
 *     fixtures: async ({ db, sessionFor }) => {
 *       const world = await createClassWorld(db);
 *       return { world, teacher: await sessionFor(world.users.teacher) };
 *     },
 *   });
 *   await signIn(context, app, app.fixtures.teacher);
 *
 * Rows are written through the app's own database client and builders
 * (tests/support/fixtures.ts), sessions through the app's own
 * `createSession`, the function every sign-in ends in. Signing in is then
 * setting the signed cookie in the browser (tests/support/browser.ts
 * `signIn`): no login form, so the sign-in rate limit is never involved.
 */
import { hashPassword } from "~/server/auth/password.server";
import { createSession, createSessionCookie, SESSION_COOKIE_NAME } from "~/server/auth/session.server";
import { type Db, openDatabase } from "~/server/db/client.server";
import { credentials, type UserRole } from "~/server/db/schema.server";
import { createUser } from "./fixtures";

/** A session row made by a fixture: the raw token goes into the signed cookie. */
export interface FixtureSession {
  userId: number;
  token: string;
  expiresAt: Date;
}

export interface FixtureKit {
  /** The server's database, through the app's own client. */
  db: Db;
  /** Starts a session for the user, as signing in does. */
  sessionFor(user: { id: number }): Promise<FixtureSession>;
}

export type FixtureCallback<T> = (kit: FixtureKit) => Promise<T>;

/** Opens the data dir, runs the callback, and closes the database again (so the server can open it). */
export async function runFixtures<T>(dataDir: string, callback: FixtureCallback<T>): Promise<T> {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    const services = {
      db: database.db,
      // Only the database part of createSession is used here; the cookie is signed by signIn.
      sessionCookie: createSessionCookie({
        sessionSecrets: ["unused-fixture-secret-000000000000"],
        secureCookies: false,
      }),
    };
    const sessionFor = async (user: { id: number }): Promise<FixtureSession> => {
      const request = new Request("http://fixture.invalid/", { headers: { "user-agent": "e2e fixture" } });
      const { token, expiresAt } = await createSession(services, user.id, request, null);
      return { userId: user.id, token, expiresAt };
    };
    return await callback({ db: database.db, sessionFor });
  } finally {
    await database.close();
  }
}

/**
 * The `Cookie` value a browser sends for this session on a server with this
 * secret: the same signing the app does (createSessionCookie).
 */
export async function sessionCookieValue(sessionSecret: string, token: string): Promise<string> {
  const { cookie } = createSessionCookie({ sessionSecrets: [sessionSecret], secureCookies: false });
  const header = await cookie.serialize(token);
  const prefix = `${SESSION_COOKIE_NAME}=`;
  return header.slice(prefix.length, header.indexOf(";"));
}

/**
 * A user who signs in with a password: only for tests that type one into a
 * form (password change, re-authentication). Everyone else signs in by a
 * fixture session.
 */
export async function createUserWithPassword(
  db: Db,
  values: { role?: UserRole; schoolId: number | null; name?: string; password: string },
) {
  const user = await createUser(db, values);
  await addPassword(db, user, values.password);
  return user;
}

/** Gives a fixture user a password (hashed as the app hashes them), for the tests that type it. */
export async function addPassword(db: Db, user: { id: number }, password: string): Promise<void> {
  await db.insert(credentials).values({ userId: user.id, passwordHash: await hashPassword(password) });
}
