/**
 * /admin/staff: the staff list with its filters, the last import's result
 * (`?result=`), and each row's Archive or Restore button. Adding staff is
 * /admin/staff/new; editing one is /admin/staff/:staffId/edit. A school
 * admin also makes or switches off the school's invitation link here (ADR 214).
 */
import { Button, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { parseRecordId } from "~/lib/schemas/ids";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirect, redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { getLiveSchoolInvitation } from "~/server/schools/invitations.server";
import { listSchools } from "~/server/schools/schools.server";
import { getBulkCreateResult } from "~/server/users/bulk-create.server";
import { listStaff, staffFiltersSchema, updateStaffMember } from "~/server/users/staff.server";
import { readIntent, unknownIntent } from "~/server/web/intents.server";
import { nullIfNotFound, redirectWithFailure } from "~/server/web/screen-errors.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import { BulkResult } from "./__shared/bulk-result";
import { answerInvitationIntent, INVITATION_INTENTS, isInvitationIntent } from "./__shared/invitation-intents.server";
import { InvitationLinkCard } from "./__shared/invitation-link-card";
import { StaffFilters } from "./__shared/staff-filters";
import { listSearch } from "./__shared/staff-list";
import { statusSchema } from "./__shared/staff-schemas";
import { StaffTable } from "./__shared/staff-table";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const url = new URL(request.url);
  // The edit panel once lived on this page: an old link opens the edit page, keeping the list's filters.
  const editId = parseRecordId(url.searchParams.get("edit"));
  if (editId !== null) throw redirect(`/admin/staff/${editId}/edit${listSearch(url.searchParams)}`);
  const filters = parseSearchParams(staffFiltersSchema, url.searchParams);
  const resultId = parseRecordId(url.searchParams.get("result"));
  const [page, schools, bulkResult, invitation] = await Promise.all([
    listStaff(db, user, filters),
    listSchools(db, user),
    resultId !== null ? nullIfNotFound(getBulkCreateResult(db, user, resultId)) : null,
    // A school admin's school has an invitation link; a platform admin has no school of their own.
    user.schoolId !== null ? getLiveSchoolInvitation(db, user, user.schoolId) : null,
  ]);
  return {
    page,
    filters,
    schools: schools.map((school) => ({ id: school.id, name: school.name, status: school.status })),
    bulkResult,
    invitation,
    me: { id: user.id, platform: isPlatformAdmin(user), schoolName: user.school?.name ?? null },
  };
}

/** A row's Archive or Restore button, and the school admin's invitation link buttons. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db, mailer } = getAppFromContext(context);
  const formData = await request.formData();
  const listUrl = `/admin/staff${listSearch(new URL(request.url).searchParams)}`;
  const intent = await readIntent(context, formData.get("intent"), [...INVITATION_INTENTS, "archive", "restore"]);
  if (isInvitationIntent(intent)) {
    // Invitation links belong to a school: a platform admin has none to give.
    if (user.schoolId === null) throw await unknownIntent(context);
    return answerInvitationIntent({ db, mailer, user, schoolId: user.schoolId, intent, formData, here: listUrl, t });
  }
  const parsed = statusSchema.safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) return redirectWithError(listUrl, t("That staff member could not be found."));
  try {
    const archive = parsed.data.intent === "archive";
    const member = await updateStaffMember(db, user, parsed.data.id, { status: archive ? "archived" : "active" });
    return redirectWithSuccess(
      listUrl,
      archive ? t("{name} archived.", { name: member.name }) : t("{name} restored.", { name: member.name }),
    );
  } catch (error) {
    return redirectWithFailure(listUrl, error, t("The staff member could not be changed. Please try again."), t);
  }
}

export default function AdminStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, filters, schools, bulkResult, invitation, me } = loaderData;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hasFilters = Boolean(filters.q || filters.schoolId || filters.role || filters.status);
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Staff")}
        description={
          me.platform
            ? t("Teachers and administrators in every school.")
            : me.schoolName
              ? t("Teachers and administrators of {school}.", { school: me.schoolName })
              : t("Teachers and administrators of your school.")
        }
        actions={
          <>
            {/* A document load, so the browser puts the keyboard's next Tab at the form it scrolls to. */}
            <Button asChild variant="soft">
              <Link to="/admin/staff/new#add-staff" reloadDocument>
                {t("Add staff")}
              </Link>
            </Button>
            <Button asChild variant="soft">
              <Link to="/admin/staff/new#import-csv" reloadDocument>
                {t("Import CSV")}
              </Link>
            </Button>
          </>
        }
      />
      {bulkResult ? <BulkResult result={bulkResult} /> : null}
      {me.platform ? null : (
        <InvitationLinkCard
          schoolName={me.schoolName ?? "your school"}
          live={invitation}
          justCreated={actionData && "invitationLink" in actionData ? actionData.invitationLink : null}
        />
      )}

      <StaffFilters filters={filters} schools={schools} hasFilters={hasFilters} />

      {page.total === 0 ? (
        hasFilters ? (
          <EmptyState
            title={t("No staff match these filters")}
            action={{ to: "/admin/staff", label: t("Clear the filters") }}
          >
            {t("Try a shorter search, or another school, role or status.")}
          </EmptyState>
        ) : (
          <EmptyState title={t("No staff yet")} action={{ to: "/admin/staff/new", label: t("Add staff") }}>
            {t(
              "Add staff with a form, or import a CSV file with the columns name, email, role and school. Each new member gets an invitation e-mail.",
            )}
          </EmptyState>
        )
      ) : (
        <StaffTable page={page} meId={me.id} params={params} />
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Staff", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
