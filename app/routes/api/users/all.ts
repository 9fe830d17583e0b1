/** GET /api/users/all: every user in the admin's scope; `?excludeAdmin=true` leaves admins out. */
import { handleApi } from "~/server/api.server";
import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listAllStaff, serializeStaffMember } from "~/server/users/staff.server";
import type { Route } from "./+types/all";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const excludeAdmin = new URL(request.url).searchParams.get("excludeAdmin") === "true";
    const { db } = getAppFromContext(context);
    const staff = await listAllStaff(db, user, { excludeAdmin });
    return Response.json({ data: staff.map(serializeStaffMember), count: staff.length });
  });
}
