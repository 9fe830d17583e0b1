/** GET /api/classes/{classId}/surveys/assignable: surveys the class has not been given yet. */

import { listAssignableSurveys } from "~/server/assignments/assignments.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/assignable-surveys";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ surveys: await listAssignableSurveys(db, user, parseId(params.classId)) });
  }, context);
}
