/** GET /api/classes/{id}/online-students: students seen in the last two minutes. */

import { requireApiUser } from "~/server/auth/guards.server";
import { listOnlineStudents } from "~/server/classes/class-dashboard.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/online-students";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ students: await listOnlineStudents(db, user, parseId(params.id)) });
  }, context);
}
