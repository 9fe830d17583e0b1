/**
 * POST /student/assignments/:assignmentId/drawings?fieldUid=… (the student
 * cookie), body: the PNG (Content-Type image/png) → 201 `{ drawing }`. The
 * drawing pad of the answering page sends its drawing here just before the
 * form goes; the same domain function as the student API's upload checks and
 * stores it (uploadDrawing), and the form then names it like the API does.
 */
import { getOptionalUser } from "~/server/auth/guards.server";
import { getOptionalStudent } from "~/server/students/student-session.server";
import { invalidStudentToken } from "~/server/students/student-tokens.server";
import { answerDrawingUpload } from "~/server/web/drawing-upload.server";
import type { Route } from "./+types/drawings";

export function action({ request, context, params }: Route.ActionArgs) {
  return answerDrawingUpload(request, context, params.assignmentId, async () => {
    // A signed-in staff member's browser is not a student's, whatever cookie it also holds.
    const student = (await getOptionalUser(request, context)) ? null : await getOptionalStudent(request, context);
    if (!student) throw invalidStudentToken();
    return student;
  });
}
