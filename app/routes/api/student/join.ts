/** POST /api/student/v1/join `{ code, firstName, lastName }` → `{ token, student, class }`. */
import { joinRequestSchema } from "~/lib/student-api/schemas";
import { joinClass } from "~/server/class-codes/join.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/join";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const input = parseInput(joinRequestSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json(await joinClass(db, { ...input, ip: clientAddress(context) }));
  });
}
