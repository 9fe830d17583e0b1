/**
 * POST /student/assignments/:assignmentId/drawings?fieldUid=… (the student
 * cookie), body: the PNG (Content-Type image/png) → 201 `{ drawing }`. The
 * drawing pad of the answering page sends its drawing here just before the
 * form goes; the same domain function as the student API's upload checks and
 * stores it (uploadDrawing), and the form then names it like the API does.
 */
import { MAX_DRAWING_BYTES } from "~/lib/student-api/limits";
import { drawingUploadQuerySchema } from "~/lib/student-api/schemas";
import { getOptionalUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { readBodyWithLimit, uploadDrawing } from "~/server/responses/drawings.server";
import { parseId, parseInput } from "~/server/web/api.server";
import { getOptionalStudent } from "~/server/web/student-access.server";
import { handleStudentApi, invalidStudentToken, StudentApiError } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/drawings";

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = (await getOptionalUser(request, context)) ? null : await getOptionalStudent(request, context);
    if (!student) throw invalidStudentToken();
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
