/** PATCH /api/users/{id}: a partial user `{ name?, role?, schoolId?, status? }` (admins, within scope). */
import { handleApi, jsonError, parseId, parseInput, readJsonBody } from "~/server/api.server";
import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { serializeStaffMember, staffUpdateSchema, updateStaffMember } from "~/server/users/staff.server";
import type { Route } from "./+types/user";

export function loader() {
  return jsonError(405, "METHOD_NOT_ALLOWED", "Use PATCH, or GET /api/users/{id}/with-school.");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return jsonError(405, "METHOD_NOT_ALLOWED", "Use PATCH.");
    const user = await requireApiAdmin(request, context);
    const userId = parseId(params.id);
    const patch = parseInput(staffUpdateSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json({ user: serializeStaffMember(await updateStaffMember(db, user, userId, patch)) });
  });
}
