/**
 * POST /student/heartbeat: with JavaScript, the open student page says every
 * minute that the student is still there (the class home's "online now").
 * 204 when it counted, 401 when there is no student session.
 */
import { recordPresence } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { getOptionalStudent } from "~/server/web/student-access.server";
import type { Route } from "./+types/heartbeat";

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await getOptionalStudent(request, context);
  if (!student) return new Response(null, { status: 401, headers: { "Cache-Control": "no-store" } });
  await recordPresence(getAppFromContext(context).db, student);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
