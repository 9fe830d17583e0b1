/** GET /api/classes: the classes in the caller's scope. POST /api/classes: create a class. */
import { createClassSchema } from "~/lib/schemas/classroom";
import { requireApiUser } from "~/server/auth/guards.server";
import { createClass, listClasses } from "~/server/classes/classes.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    return Response.json({ classes: await listClasses(db, user) });
  }, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const input = parseInput(createClassSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json({ class: await createClass(db, user, input) }, { status: 201 });
  }, context);
}
