/** PATCH /api/users/{id}: a partial user `{ name?, role?, schoolId?, status? }` (admins, within scope). */

import type { ApiRouteHandle } from "~/http/api-routes.server";
import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { serializeStaffMember, staffUpdateSchema, updateStaffMember } from "~/server/users/staff.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/user";

export const handle = { actionMethods: ["PATCH"] } satisfies ApiRouteHandle;

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const userId = parseId(params.id);
    const patch = parseInput(staffUpdateSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json({ user: serializeStaffMember(await updateStaffMember(db, user, userId, patch)) });
  }, context);
}
