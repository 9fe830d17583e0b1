/** POST /api/student/v1/heartbeat (bearer token): marks the student online now. */
import { emptyBody } from "~/lib/schemas/strict-body";
import { recordHeartbeat } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/heartbeat";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { db } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    parseInput(emptyBody, await readJsonBody(request));
    const { lastSeenAt } = await recordHeartbeat(db, student);
    return Response.json({ lastSeenAt: lastSeenAt.toISOString() });
  }, context);
}
