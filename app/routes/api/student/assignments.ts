/**
 * GET /api/student/v1/assignments (bearer token): the class's open assignments, then the scheduled ones
 * not open yet, each with its effective status, opensAt and closesAt (issue #38).
 */

import { studentRemindersFor } from "~/server/assignments/reminders.server";
import { listStudentAssignments } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { authenticateStudent } from "~/server/students/student-tokens.server";
import { handleStudentApi } from "~/server/web/student-api-errors.server";
import type { Route } from "./+types/assignments";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleStudentApi(async () => {
    const { db } = getAppFromContext(context);
    const student = await authenticateStudent(db, request);
    const rows = await listStudentAssignments(db, student);
    const reminders = await studentRemindersFor(db, student, rows);
    return Response.json({
      assignments: rows.map(({ fullSlug: _slug, ...row }) => ({
        ...row,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        reminder: reminders.get(row.assignmentId) ?? null,
        opensAt: row.opensAt?.toISOString() ?? null,
        closesAt: row.closesAt?.toISOString() ?? null,
      })),
    });
  }, context);
}
