/**
 * POST /api/student/v1/assignments/{assignmentId}/responses (bearer token)
 * `{ answers, idempotencyKey? }`, optional `Idempotency-Key` header (the
 * same key as the body's, if both) → `{ response }`.
 * A retry answered from the stored response says `Idempotent-Replayed: true`.
 */
import { idempotencyKeySchema, submitResponseRequestSchema } from "~/lib/student-api/schemas";
import { getAppFromContext } from "~/server/context.server";
import { validationError } from "~/server/errors.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { parseId, parseInput, readJsonBody } from "~/server/web/api.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/responses";

function readIdempotencyKey(request: Request): string | null {
  const header = request.headers.get("idempotency-key");
  if (header === null) return null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Idempotency-Key is not valid";
    throw validationError(message, { "Idempotency-Key": [message] });
  }
  return parsed.data;
}

export function action({ request, context, params }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const assignmentId = parseId(params.assignmentId);
    const header = readIdempotencyKey(request);
    const { answers, idempotencyKey: inBody } = parseInput(submitResponseRequestSchema, await readJsonBody(request));
    if (header !== null && inBody !== undefined && header !== inBody) {
      const message = "Send the same key in the Idempotency-Key header and in idempotencyKey, or only one of them.";
      throw validationError(message, { idempotencyKey: [message] });
    }
    const idempotencyKey = header ?? inBody ?? null;
    const { response, outcome } = await submitResponse(db, content, student, {
      assignmentId,
      answers,
      idempotencyKey,
    });
    return Response.json(
      { response: { ...response, submittedAt: response.submittedAt.toISOString() } },
      { headers: outcome === "replayed" ? { "Idempotent-Replayed": "true" } : undefined },
    );
  }, context);
}
