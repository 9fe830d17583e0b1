/** PATCH /api/classes/{classId}/assignments/{assignmentId}/status `{ status }`: 'completed' closes, anything else starts. */

import type { ApiRouteHandle } from "~/http/api-routes.server";
import { assignmentStatusSchema } from "~/lib/schemas/classroom";
import { setAssignmentStatus } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/assignment-status";

export const handle = { actionMethods: ["PATCH"] } satisfies ApiRouteHandle;

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const assignmentId = parseId(params.assignmentId);
    const { status } = parseInput(assignmentStatusSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    const result = await setAssignmentStatus(db, user, { classId, assignmentId, status });
    const message = result.change === "closed" ? "Survey closed successfully!" : "Survey started successfully!";
    return Response.json({ ...result, message });
  }, context);
}
