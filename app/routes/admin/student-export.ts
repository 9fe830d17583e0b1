/** /admin/students/{studentId}/export.json: everything held about one student, for a data request (admins only). */

import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { exportStudentData } from "~/server/privacy/student-export.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/student-export";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const studentId = recordIdParam(params.studentId);
  const body = await orNotFound(exportStudentData(db, user, studentId));
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="student-${studentId}-data.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
