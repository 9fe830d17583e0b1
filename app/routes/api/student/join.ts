/** POST /api/student/v1/join `{ code, firstName, lastName }` → `{ token, student, class }`. */
import { joinRequestSchema } from "~/lib/student-api/schemas";
import { parseInput, readJsonBody } from "~/server/api.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { handleStudentApi } from "~/server/student-api/errors.server";
import { joinClass } from "~/server/student-api/join.server";
import type { Route } from "./+types/join";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const input = parseInput(joinRequestSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    return Response.json(await joinClass(db, { ...input, ip: clientAddress(context) }));
  });
}
