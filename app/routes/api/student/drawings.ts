/**
 * POST /api/student/v1/assignments/{assignmentId}/drawings?fieldUid=… (bearer
 * token), body: the PNG (Content-Type image/png) → 201 `{ drawing }`.
 */
import { drawingUploadQuerySchema, MAX_DRAWING_BYTES } from "~/lib/student-api/schemas";
import { getAppFromContext } from "~/server/context.server";
import { readBodyWithLimit, uploadDrawing } from "~/server/responses/drawings.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { parseId, parseInput } from "~/server/web/api.server";
import { handleStudentApi, StudentApiError } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/drawings";

export function action({ request, context, params }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const assignmentId = parseId(params.assignmentId);
    const { fieldUid } = parseInput(drawingUploadQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
    if (type !== "image/png")
      throw new StudentApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the drawing as Content-Type: image/png.");
    const png = await readBodyWithLimit(request, MAX_DRAWING_BYTES);
    const drawing = await uploadDrawing(db, content, student, { assignmentId, fieldUid, png });
    return Response.json({ drawing }, { status: 201 });
  });
}
