/**
 * GET /api/users/with-classes: `{ data, count }`, each user with their
 * classes. Admins are dropped and `count` is the count after dropping
 * (the original client did this; we do it on the server: docs/product.md#json-api).
 */

import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listStaffWithClasses, serializeStaffMember } from "~/server/users/staff.server";
import { handleApi } from "~/server/web/api.server";
import type { Route } from "./+types/with-classes";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const { db } = getAppFromContext(context);
    const { data, count } = await listStaffWithClasses(db, user);
    return Response.json({ data: data.map(serializeStaffMember), count });
  }, context);
}
