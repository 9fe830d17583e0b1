/** GET /api/classes/my-classes: `{ classes: [{ id, name, schoolId, schoolName }] }` (docs/product.md#class-route-loading). */

import { requireApiUser } from "~/server/auth/guards.server";
import { listMyClasses } from "~/server/classes/class-scope.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi } from "~/server/web/api.server";
import type { Route } from "./+types/my-classes";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ classes: await listMyClasses(db, user) });
  }, context);
}
