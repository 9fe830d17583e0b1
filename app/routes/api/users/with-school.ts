/** GET /api/users/{id}/with-school: one user in the admin's scope, with school and classes; else 404. */

import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getStaffMember, serializeStaffMember } from "~/server/users/staff.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/with-school";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const userId = parseId(params.id);
    const { db } = getAppFromContext(context);
    return Response.json(serializeStaffMember(await getStaffMember(db, user, userId)));
  }, context);
}
