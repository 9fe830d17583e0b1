/** GET /api/classes/{id}: the class and its teachers. PUT /api/classes/{id}: rename it. */

import type { ApiRouteHandle } from "~/http/api-routes.server";
import { updateClassSchema } from "~/lib/schemas/classroom";
import { requireApiUser } from "~/server/auth/guards.server";
import { listClassTeachers } from "~/server/classes/class-teachers.server";
import { getClass, updateClass } from "~/server/classes/classes.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/class";

export const handle = { actionMethods: ["PUT"] } satisfies ApiRouteHandle;

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.id);
    const { db } = getAppFromContext(context);
    const klass = await getClass(db, user, classId);
    return Response.json({ class: klass, teachers: await listClassTeachers(db, user, classId) });
  }, context);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const classId = parseId(params.id);
    const input = parseInput(updateClassSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json({ class: await updateClass(db, user, classId, input) });
  }, context);
}
