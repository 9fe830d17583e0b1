/** POST /api/classCodes/generate `{ classId, expirationHours? }`: a new live code (default 87600 hours), replacing the old. */
import { generateClassCodeSchema } from "~/lib/schemas/classroom";
import { strictBody } from "~/lib/schemas/strict-body";
import { requireApiUser } from "~/server/auth/guards.server";
import { generateClassCode } from "~/server/class-codes/class-codes.server";
import { getAppFromContext } from "~/server/context.server";
import { handleApi, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/generate";

/** The form shares the fields; the JSON body is strict. */
const generateClassCodeBody = strictBody(generateClassCodeSchema.shape);

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const input = parseInput(generateClassCodeBody, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json({ classCode: await generateClassCode(db, user, input) }, { status: 201 });
  }, context);
}
