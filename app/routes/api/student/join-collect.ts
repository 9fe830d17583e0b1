/**
 * POST /api/student/v1/join/collect `{ requestSecret }`: the student app asks
 * whether the teacher has let it in. 200 `{ status: "joined", token, … }` once
 * admitted (once only), 202 while still waiting, 403 JOIN_REFUSED, 410
 * JOIN_REQUEST_GONE (ADR 180).
 */
import { joinCollectRequestSchema } from "~/lib/student-api/schemas";
import { joinAnswer } from "~/server/class-codes/join.server";
import { collectJoinRequest } from "~/server/class-codes/join-collect.server";
import { getAppFromContext } from "~/server/context.server";
import { parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/join-collect";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { requestSecret } = parseInput(joinCollectRequestSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    const answer = joinAnswer(await collectJoinRequest(db, requestSecret));
    return Response.json(answer.body, { status: answer.status });
  }, context);
}
