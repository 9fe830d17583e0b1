/** GET /api/users/all: every user in the admin's scope; `?excludeAdmin=true` leaves admins out. */
import { z } from "zod";
import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listAllStaff, serializeStaffMember } from "~/server/users/staff.server";
import { handleApi } from "~/server/web/api.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import type { Route } from "./+types/all";

const query = z.object({
  excludeAdmin: z.enum(["true", "false"], { message: "excludeAdmin must be true or false" }).optional(),
});

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const excludeAdmin = parseSearchParams(query, new URL(request.url).searchParams).excludeAdmin === "true";
    const { db } = getAppFromContext(context);
    const staff = await listAllStaff(db, user, { excludeAdmin });
    return Response.json({ data: staff.map(serializeStaffMember), count: staff.length });
  }, context);
}
