/**
 * PATCH /api/classes/{classId}/assignments/{assignmentId} `{ anonymous }`:
 * switch an assignment between named and anonymous. Only before it starts;
 * afterwards the mode is fixed and this is a 409 with a message saying so.
 */
import { z } from "zod";
import type { ApiRouteHandle } from "~/http/api-routes.server";
import { strictBody } from "~/lib/schemas/strict-body";
import { setAssignmentAnonymous } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/assignment";

export const handle = { actionMethods: ["PATCH"] } satisfies ApiRouteHandle;

const assignmentPatch = strictBody({ anonymous: z.boolean({ error: "anonymous must be true or false." }) });

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const assignmentId = parseId(params.assignmentId);
    const { anonymous } = parseInput(assignmentPatch, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    const assignment = await setAssignmentAnonymous(db, user, { classId, assignmentId, anonymous });
    return Response.json({ assignment });
  }, context);
}
