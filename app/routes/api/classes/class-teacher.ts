/** POST /api/classes/{classId}/user/{userId}: add a teacher to the class. DELETE: remove them. */
import { emptyBody } from "~/lib/schemas/strict-body";
import { handleApi, jsonError, parseId, parseInput, readJsonBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { addClassTeacher, removeClassTeacher } from "~/server/classes/classes.server";
import { getAppFromContext } from "~/server/context.server";
import type { Route } from "./+types/class-teacher";

export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") {
      return jsonError(405, "METHOD_NOT_ALLOWED", "Use POST or DELETE.");
    }
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
  });
}
