/**
 * The signed-in user as screens and the API see it (docs/product.md#the-current-user),
 * loaded with the user's school.
 */
import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { schools, sessions, users } from "../db/schema.server";

/** The school of the signed-in user, as the header shows it, with its default language (ADR 216). */
export type CurrentUserSchool = Pick<typeof schools.$inferSelect, "id" | "name" | "status"> &
  Partial<Pick<typeof schools.$inferSelect, "locale">>;

/** The user's row (every column of `users`; it holds no secret) with their school. */
export type CurrentUser = typeof users.$inferSelect & { school: CurrentUserSchool | null };

export interface LoadedUser {
  user: CurrentUser;
  /** Set when the school could not be loaded and the basic session user is used. */
  error: string | null;
}

async function loadSchool(db: Db, schoolId: number): Promise<CurrentUserSchool | null> {
  const [school] = await db
    .select({ id: schools.id, name: schools.name, status: schools.status, locale: schools.locale })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return school ?? null;
}

/**
 * Loads the user and their school. If the school cannot be loaded, the basic
 * user is used and the error message kept (docs/product.md#the-current-user).
 */
export async function loadCurrentUser(
  db: Db,
  userId: number,
  fetchSchool: (db: Db, schoolId: number) => Promise<CurrentUserSchool | null> = loadSchool,
): Promise<LoadedUser | null> {
  const [basic] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!basic) return null;
  const user: CurrentUser = { ...basic, school: null };
  if (basic.schoolId === null) return { user, error: null };
  try {
    user.school = await fetchSchool(db, basic.schoolId);
    return { user, error: null };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : "Failed to fetch user information";
    return { user, error: message };
  }
}

/** Every signed-in request runs this: prepared once per database (ADR 063). */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      user: getTableColumns(users),
      school: { id: schools.id, name: schools.name, status: schools.status, locale: schools.locale },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_user"),
);

/**
 * The live session with this id, its user and the user's school, in one
 * query: every signed-in request runs it, and on PostgreSQL each round trip
 * counts (docs/performance.md). Null when the session is gone or expired.
 */
export async function loadSessionUser(
  db: Db,
  sessionId: string,
  now = new Date(),
): Promise<{ session: { id: string; userId: number; expiresAt: Date }; loaded: LoadedUser } | null> {
  const [row] = await sessionUserQuery(db).execute({ sessionId, now });
  if (!row) return null;
  return { session: row.session, loaded: { user: { ...row.user, school: row.school }, error: null } };
}

/** Archived user, or user of an archived school: /blocked only. */
export function isBlocked(user: CurrentUser): boolean {
  return user.status === "archived" || user.school?.status === "archived";
}

export function isAdmin(user: Pick<CurrentUser, "role">): boolean {
  return user.role === "admin";
}

export function isPlatformAdmin(user: Pick<CurrentUser, "role" | "schoolId">): boolean {
  return user.role === "admin" && user.schoolId === null;
}

/** docs/product.md#where-a-signed-in-user-lands. */
export function homePathFor(user: Pick<CurrentUser, "role">): string {
  return isAdmin(user) ? "/admin/staff" : "/class/-1/home";
}

/** The JSON form of the current user (docs/product.md#the-current-user, GET /api/users/me/with-school). */
export function serializeCurrentUser(user: CurrentUser) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerified,
    image: user.image,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    school: user.school ? { id: user.school.id, name: user.school.name, status: user.school.status } : null,
  };
}
