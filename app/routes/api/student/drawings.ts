/**
 * POST /api/student/v1/assignments/{assignmentId}/drawings?fieldUid=… (bearer
 * token), body: the PNG (Content-Type image/png) → 201 `{ drawing }`.
 */
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { answerDrawingUpload } from "~/server/web/drawing-upload.server";
import type { Route } from "./+types/drawings";

export function action({ request, context, params }: Route.ActionArgs) {
  return answerDrawingUpload(request, context, params.assignmentId, (db) => authenticateStudent(db, request));
}
