/**
 * POST /student/heartbeat: with JavaScript, the open student page says every
 * minute that the student is still there (the class home's "online now").
 * 204 when it counted, 401 when there is no student session, 429 (with
 * Retry-After) when this session beats far more often than the page does.
 */
import { recordPageHeartbeat } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { getOptionalStudent } from "~/server/students/student-session.server";
import type { Route } from "./+types/heartbeat";

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await getOptionalStudent(request, context);
  if (!student) return new Response(null, { status: 401, headers: { "Cache-Control": "no-store" } });
  try {
    await recordPageHeartbeat(getAppFromContext(context).db, student);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The refusal says why, for whoever reads it (the page's script only needs the status).
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
    });
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
