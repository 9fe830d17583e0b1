/** POST /api/classes/{classId}/user/{userId}: add a teacher to the class. DELETE: remove them. */
import type { ApiRouteHandle } from "~/http/api-routes.server";
import { emptyBody } from "~/lib/schemas/strict-body";
import { requireApiUser } from "~/server/auth/guards.server";
import { addClassTeacher, removeClassTeacher } from "~/server/classes/class-teachers.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/class-teacher";

export const handle = { actionMethods: ["POST", "DELETE"] } satisfies ApiRouteHandle;

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.classId);
    const userId = parseId(params.userId);
    parseInput(emptyBody, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    if (request.method === "POST") {
      return Response.json({ teacher: await addClassTeacher(db, user, classId, userId) }, { status: 201 });
    }
    await removeClassTeacher(db, user, classId, userId);
    return Response.json({ removed: true, classId, userId });
  }, context);
}
