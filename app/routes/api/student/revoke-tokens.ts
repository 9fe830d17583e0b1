/**
 * DELETE /api/classes/{classId}/students/{studentId}/tokens (teacher session):
 * signs the student out of the student app (revokes their student tokens).
 */
import type { ApiRouteHandle } from "~/http/api-routes.server";
import { emptyBody } from "~/lib/schemas/strict-body";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { revokeStudentTokens } from "~/server/students/student-tokens.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/revoke-tokens";

export const handle = { actionMethods: ["DELETE"] } satisfies ApiRouteHandle;

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const studentId = parseId(params.studentId);
    parseInput(emptyBody, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json(await revokeStudentTokens(db, user, { classId, studentId }));
  }, context);
}
