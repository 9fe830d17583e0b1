/**
 * The class screens' access guard (app/routes/class/**) and their per-request
 * list of the user's classes. Domain errors become screen answers in
 * app/server/web/screen-errors.server.ts.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { decideClassRoute } from "~/lib/class-route";
import { parseRecordId } from "~/lib/schemas/ids";
import type { CurrentUser } from "../auth/current-user.server";
import { requireUser } from "../auth/guards.server";
import { type ClassSummary, listMyClasses } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Config } from "../config.server";
import { getAppFromContext } from "../context.server";
import type { Db } from "../db/client.server";
import { isDomainError } from "../errors.server";
import { redirect } from "../redirects.server";
import type { CachedContent } from "../surveys/content-cache.server";

export interface ClassScreen {
  user: CurrentUser;
  db: Db;
  config: Config;
  content: CachedContent;
  classId: number;
}

/**
 * A signed-in user who may see the class in the URL. Anyone else is sent
 * where class route loading (docs/product.md#class-route-loading) would send them (the first of their
 * classes, or /home?noClasses=true): a redirect, never a 403.
 */
export async function requireClassTeacher(
  request: Request,
  context: Readonly<RouterContextProvider>,
  classIdParam: string | undefined,
): Promise<ClassScreen> {
  const user = await requireUser(request, context);
  const { db, config, content } = getAppFromContext(context);
  const classId = parseRecordId(classIdParam);
  if (classId !== null) {
    // The class layout's list of the user's classes holds only classes in
    // their scope: a class on it needs no second check (one query less on
    // every class screen).
    const myClasses = await listMyClassesForRequest(request, context, user);
    if (myClasses.some((c) => c.id === classId)) return { user, db, config, content, classId };
    try {
      await getClass(db, user, classId);
      return { user, db, config, content, classId };
    } catch (error) {
      if (!isDomainError(error) || error.code !== "NOT_FOUND") throw error;
    }
  }
  const decision = decideClassRoute(await listMyClassesForRequest(request, context, user), classIdParam);
  throw redirect(decision.kind === "current" ? `/class/${decision.currentClass.id}/home` : decision.redirectTo);
}

/** Per-request memo of the user's classes, shared by the class layout and the screen's guard. */
const myClassesContext = createContext<Promise<ClassSummary[]> | null>(null);

/**
 * The user's classes (docs/product.md#class-route-loading), loaded once per
 * request. Only reads share it: after a form post changes a class, the
 * loaders must see the change.
 */
export function listMyClassesForRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: CurrentUser,
): Promise<ClassSummary[]> {
  const { db } = getAppFromContext(context);
  if (request.method !== "GET" && request.method !== "HEAD") return listMyClasses(db, user);
  let pending = context.get(myClassesContext);
  if (!pending) {
    pending = listMyClasses(db, user);
    (context as RouterContextProvider).set(myClassesContext, pending);
  }
  return pending;
}
