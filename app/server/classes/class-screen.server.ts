/**
 * Glue for the class screens (app/routes/class/**): the class-access guard
 * and the one mapping of domain errors to toasts after a form post.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { redirectWithError } from "remix-toast";
import { decideClassRoute } from "~/lib/class-route";
import type { CurrentUser } from "../auth/current-user.server";
import { requireUser } from "../auth/guards.server";
import type { Config } from "../config.server";
import { getAppFromContext } from "../context.server";
import type { Db } from "../db/client.server";
import { isDomainError } from "../errors.server";
import { logger } from "../logger.server";
import { getClass } from "./classes.server";
import { listMyClasses } from "./class-scope.server";
import { isRecordId } from "~/lib/schemas/ids";

export interface ClassScreen {
  user: CurrentUser;
  db: Db;
  config: Config;
  classId: number;
}

/**
 * A signed-in user who may see the class in the URL. Anyone else is sent
 * where SPEC.md §2's class route loading would send them (the first of their
 * classes, or /home?noClasses=true): a redirect, never a 403.
 */
export async function requireClassTeacher(
  request: Request,
  context: Readonly<RouterContextProvider>,
  classIdParam: string | undefined,
): Promise<ClassScreen> {
  const user = await requireUser(request, context);
  const { db, config } = getAppFromContext(context);
  const classId = Number(classIdParam);
  if (isRecordId(classId)) {
    try {
      await getClass(db, user, classId);
      return { user, db, config, classId };
    } catch (error) {
      if (!isDomainError(error) || error.code !== "NOT_FOUND") throw error;
    }
  }
  const decision = decideClassRoute(await listMyClasses(db, user), classIdParam);
  throw redirect(decision.kind === "current" ? `/class/${decision.currentClass.id}/home` : decision.redirectTo);
}

/** A domain rule said no: toast its message. Anything else: log it and toast the fallback text. */
export function redirectWithFailure(url: string, error: unknown, fallbackMessage: string): Promise<Response> {
  if (error instanceof Response) throw error;
  if (isDomainError(error)) return redirectWithError(url, error.message);
  logger.error("class_screen.action_failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return redirectWithError(url, fallbackMessage);
}

/** A sub-resource (student, assignment) missing from an accessible class: the Not Found page. */
export function notFoundResponse(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}
