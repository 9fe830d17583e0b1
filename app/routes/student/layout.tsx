/**
 * The signed-in student's frame: their name and class, and "Not you? Sign
 * out" on every page. Each page view counts as seen for the class's "online
 * now"; with JavaScript a light heartbeat keeps it while the page is open.
 */
import { Outlet } from "react-router";
import { StudentFrame } from "~/components/student/student-frame";
import { StudentHeartbeat } from "~/components/student/student-heartbeat";
import { recordPresence } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { requireStudent } from "~/server/web/student-access.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context);
  await recordPresence(getAppFromContext(context).db, student);
  return { student: { firstName: student.firstName, lastName: student.lastName, className: student.className } };
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StudentFrame student={loaderData.student}>
      <Outlet />
      <StudentHeartbeat />
    </StudentFrame>
  );
}
