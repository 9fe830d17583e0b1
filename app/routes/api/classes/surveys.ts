/** GET /api/classes/{classId}/surveys: the class's assignments with status and response counts. */

import { listClassAssignments } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/surveys";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json(await listClassAssignments(db, user, parseId(params.classId)));
  }, context);
}
