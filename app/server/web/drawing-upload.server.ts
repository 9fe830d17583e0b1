/**
 * The drawing upload's answer, for both ways a student sends one: the JSON
 * API (a bearer token) and the answering page's drawing pad (the student
 * cookie). The caller says who the student is; the rest is one rule: a PNG
 * (`Content-Type: image/png`) of at most MAX_DRAWING_BYTES for a drawing
 * question named by `?fieldUid=`, checked and stored by `uploadDrawing`,
 * answered 201 `{ drawing }`, or a `{ code, message }` error.
 */
import type { RouterContextProvider } from "react-router";
import { MAX_DRAWING_BYTES } from "~/lib/student-api/limits";
import { drawingUploadQuerySchema } from "~/lib/student-api/schemas";
import { getAppFromContext } from "~/server/context.server";
import type { Db } from "~/server/db/client.server";
import { DomainError } from "~/server/errors.server";
import { readBodyWithLimit, uploadDrawing } from "~/server/responses/drawings.server";
import type { StudentPrincipal } from "~/server/students/student-tokens.server";
import { parseId, parseInput } from "./api.server";
import { handleStudentApi } from "./student-api-errors.server";

export function answerDrawingUpload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  assignmentIdParam: string,
  authenticate: (db: Db) => Promise<StudentPrincipal>,
): Promise<Response> {
  return handleStudentApi(async () => {
    const { db, content } = getAppFromContext(context);
    const student = await authenticate(db);
    const assignmentId = parseId(assignmentIdParam);
    const { fieldUid } = parseInput(drawingUploadQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
    if (type !== "image/png")
      throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the drawing as Content-Type: image/png.");
    const png = await readBodyWithLimit(request, MAX_DRAWING_BYTES);
    const drawing = await uploadDrawing(db, content, student, { assignmentId, fieldUid, png });
    return Response.json({ drawing }, { status: 201 });
  }, context);
}
