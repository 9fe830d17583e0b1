/**
 * POST /api/student/v1/join `{ code, firstName?, lastName?, personalCode?, newName? }` or `{ card }`
 * → 200 `{ status: "joined", token, student, class }`, or 202
 * `{ status: "waiting", requestSecret, … }` while the teacher decides (ADR 180).
 * An optional `X-Device-Id` header names the installation, so its wrong
 * codes slow only it (ADR 203).
 */
import { joinRequestSchema } from "~/lib/student-api/schemas";
import { joinAnswer, joinClass } from "~/server/class-codes/join.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/join";

export function action({ request, context }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { card, ...input } = parseInput(joinRequestSchema, await readJsonBody(request));
    const { db } = getAppFromContext(context);
    // The app's own random id for itself: its wrong codes slow only it (ADR 203).
    const deviceId = request.headers.get("x-device-id");
    const answer = joinAnswer(
      await joinClass(db, {
        ...input,
        code: input.code ?? "",
        cardToken: card,
        ip: clientAddress(context),
        deviceId,
        tokenKind: "app",
        userAgent: request.headers.get("user-agent"),
      }),
    );
    return Response.json(answer.body, { status: answer.status });
  }, context);
}
