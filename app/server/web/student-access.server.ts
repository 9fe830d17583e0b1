/**
 * The guard of the student pages (ADR 150). A student page needs the
 * browser's student session, and never a staff session: a signed-in teacher
 * or admin is sent to /join, which says what to do instead of turning them
 * into a student. A student cookie that no longer holds (signed out
 * elsewhere, revoked by the teacher, older than a school day, the student
 * taken off the roster, the class or school archived) is cleared on the way
 * to /join, with a message saying why.
 */
import type { RouterContextProvider } from "react-router";
import { JOIN_PATH } from "~/lib/student-paths";
import { getOptionalUser } from "../auth/guards.server";
import { getAppFromContext } from "../context.server";
import { redirect, redirectWithError } from "../redirects.server";
import { clearStudentSession, getOptionalStudent, hasStudentCookie } from "../students/student-session.server";
import type { StudentPrincipal } from "../students/student-tokens.server";

type Context = Readonly<RouterContextProvider>;

export const STUDENT_SESSION_ENDED_MESSAGE = "You are signed out. To go on, join your class again with the class code.";

/**
 * A signed-in student and no signed-in staff user; otherwise a redirect to
 * /join (clearing a student cookie that no longer holds, with a message).
 */
export async function requireStudent(request: Request, context: Context): Promise<StudentPrincipal> {
  if (await getOptionalUser(request, context)) throw redirect(JOIN_PATH);
  const student = await getOptionalStudent(request, context);
  if (student) return student;
  if (!hasStudentCookie(request)) throw redirect(JOIN_PATH);
  const setCookie = await clearStudentSession(getAppFromContext(context).studentCookie);
  throw await redirectWithError(JOIN_PATH, STUDENT_SESSION_ENDED_MESSAGE, { headers: { "Set-Cookie": setCookie } });
}
