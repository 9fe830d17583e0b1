/**
 * /admin/staff/:staffId/edit: one staff member's name, role and school. The
 * list's filters ride along in the query string, so Cancel and Save go back
 * to the same page of the list. Archive and Restore are the list's buttons.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { NotFoundBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { listSchoolChoices } from "~/server/schools/schools.server";
import { getStaffMember, updateStaffMember } from "~/server/users/staff.server";
import { formErrorReply, formReply, orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { EditStaffCard } from "./__shared/edit-staff-card";
import { listSearch } from "./__shared/staff-list";
import { editSchema } from "./__shared/staff-schemas";
import type { Route } from "./+types/edit";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const staffId = recordIdParam(params.staffId);
  const [member, schoolChoices] = await Promise.all([
    orNotFound(getStaffMember(db, user, staffId)),
    listSchoolChoices(db, user),
  ]);
  return { member, schoolChoices, me: { id: user.id, platform: isPlatformAdmin(user) } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const staffId = recordIdParam(params.staffId);
  const submission = parseWithZod(await request.formData(), { schema: editSchema });
  if (submission.status !== "success") return formReply(submission);
  const { name, role, schoolId } = submission.value;
  try {
    const member = await orNotFound(
      updateStaffMember(db, user, staffId, {
        name,
        role,
        schoolId: schoolId === undefined || schoolId === "" ? null : Number(schoolId),
      }),
    );
    return redirectWithSuccess(
      `/admin/staff${listSearch(new URL(request.url).searchParams)}`,
      t("{name} saved.", { name: member.name }),
    );
  } catch (error) {
    return formErrorReply(submission, error);
  }
}

export default function AdminEditStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { member, schoolChoices, me } = loaderData;
  const location = useLocation();
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={t("Staff")} description={t("Change a staff member's name, role or school.")} />
      <EditStaffCard
        key={member.id}
        member={member}
        lastResult={actionData?.result}
        schoolChoices={schoolChoices}
        platform={me.platform}
        isSelf={member.id === me.id}
        cancelTo={`/admin/staff${listSearch(new URLSearchParams(location.search))}`}
      />
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data ? `Edit ${data.member.name}` : "Edit staff", error, matches);

const STAFF_NOT_FOUND = "That staff member was not found. They may be outside your school.";

/** A staff member outside the admin's school, or no one: the 404 page, inside the header and the admin navigation. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} params={params} notFound={STAFF_NOT_FOUND} />;
}
