/** GET /api/classes/{id}/students-with-contacts: the class roster, each student with their contacts. */

import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listStudentsWithContacts } from "~/server/students/students.server";
import { handleApi, parseId } from "~/server/web/api.server";
import type { Route } from "./+types/students-with-contacts";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ students: await listStudentsWithContacts(db, user, parseId(params.id)) });
  }, context);
}
