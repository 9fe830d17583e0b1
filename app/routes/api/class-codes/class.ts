/** GET /api/classCodes/class/{classId}: `{ classCode }`, the live code or null. */

import { requireApiUser } from "~/server/auth/guards.server";
import { getClassCode } from "~/server/class-codes/class-codes.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/class";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ classCode: await getClassCode(db, user, parseId(params.classId)) });
  }, context);
}
