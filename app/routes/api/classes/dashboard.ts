/** GET /api/classes/{id}/dashboard: what the class home shows. */

import { requireApiUser } from "~/server/auth/guards.server";
import { getClassDashboard } from "~/server/classes/class-dashboard.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/dashboard";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json(await getClassDashboard(db, user, parseId(params.id)));
  }, context);
}
