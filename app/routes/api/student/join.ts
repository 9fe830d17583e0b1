/** POST /api/student/v1/join `{ code, firstName, lastName }` → `{ token, expiresIn, student, class }`. */
import { joinRequestSchema } from "~/lib/student-api/schemas";
import { joinClass } from "~/server/class-codes/join.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { STUDENT_TOKEN_LIFETIME_MS } from "~/server/students/student-tokens.server";
import { parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/join";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const input = parseInput(joinRequestSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    const joined = await joinClass(db, { ...input, ip: clientAddress(context) });
    return Response.json({ ...joined, expiresIn: STUDENT_TOKEN_LIFETIME_MS.app / 1000 });
  });
}
