/**
 * POST /student/sign-out: "Not you? Sign out". The session's token is
 * revoked (the same cookie never works again) and the cookie cleared, and the
 * browser told to clear the site's storage (`Clear-Site-Data: "storage"`):
 * the answering page's outbox, drafts and unsent answers (issue #37), goes
 * with the child, with JavaScript or without. A GET changes nothing.
 */

import { JOIN_PATH } from "~/lib/student-paths";
import { getAppFromContext } from "~/server/context.server";
import { redirect, redirectWithSuccess } from "~/server/redirects.server";
import { clearStudentSession, endStudentSession } from "~/server/students/student-session.server";
import type { Route } from "./+types/sign-out";

export const SIGNED_OUT_MESSAGE = "You are signed out.";

export function loader() {
  return redirect(JOIN_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, studentCookie } = getAppFromContext(context);
  await endStudentSession(db, studentCookie, request);
  return redirectWithSuccess(JOIN_PATH, SIGNED_OUT_MESSAGE, {
    headers: { "Set-Cookie": await clearStudentSession(studentCookie), "Clear-Site-Data": '"storage"' },
  });
}
