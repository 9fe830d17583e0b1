/** /admin/staff/template.csv: the staff import template (name,email,role,school). */
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { csvDownload } from "~/server/csv/csv.server";
import { listSchoolChoices } from "~/server/schools/schools.server";
import { staffCsvTemplate } from "~/server/users/staff-csv.server";
import type { Route } from "./+types/staff-template-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const [school] = await listSchoolChoices(db, user);
  return csvDownload("staff-template.csv", staffCsvTemplate(school?.name ?? "Your School Name"));
}
