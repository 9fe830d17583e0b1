/** /admin/students/{studentId}/export.json: everything held about one student, for a data request (admins only). */

import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { exportStudentData } from "~/server/privacy/student-export.server";
import { parseId } from "~/server/web/api.server";
import type { Route } from "./+types/student-export";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  try {
    const studentId = parseId(params.studentId);
    const body = await exportStudentData(db, user, studentId);
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="student-${studentId}-data.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Response || (isDomainError(error) && error.code === "NOT_FOUND")) {
      return new Response("Not Found", { status: 404, statusText: "Not Found" });
    }
    throw error;
  }
}
