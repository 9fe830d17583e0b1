/** POST /api/student/v1/heartbeat (bearer token): marks the student online now. */
import { emptyBody } from "~/lib/schemas/strict-body";
import { parseInput, readJsonBody } from "~/server/api.server";
import { getAppFromContext } from "~/server/context.server";
import { recordHeartbeat } from "~/server/student-api/assignments.server";
import { handleStudentApi } from "~/server/student-api/errors.server";
import { authenticateStudent } from "~/server/student-api/tokens.server";
import type { Route } from "./+types/heartbeat";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { db } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    parseInput(emptyBody, await readJsonBody(request));
    const { lastSeenAt } = await recordHeartbeat(db, student);
    return Response.json({ lastSeenAt: lastSeenAt.toISOString() });
  });
}
