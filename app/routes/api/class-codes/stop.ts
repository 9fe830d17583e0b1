/** POST /api/classCodes/stop `{ classId }`: stop the live code; with none live, a 200 saying nothing changed. */
import { stopClassCodeSchema } from "~/lib/schemas/classroom";
import { requireApiUser } from "~/server/auth/guards.server";
import { stopClassCode } from "~/server/class-codes/class-codes.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/stop";

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const input = parseInput(stopClassCodeSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json(await stopClassCode(db, user, input));
  }, context);
}
