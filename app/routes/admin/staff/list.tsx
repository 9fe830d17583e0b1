/**
 * /admin/staff: the staff list with its filters, the last import's result
 * (`?result=`), and each row's Archive or Restore button. Adding staff is
 * /admin/staff/new; editing one is /admin/staff/:staffId/edit. A school
 * admin also makes or switches off the school's invitation link here (ADR 214).
 */
import { Badge, Box, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Link, useLocation } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { ArchiveRestoreForm } from "~/components/admin/archive-restore-form";
import { Pagination } from "~/components/admin/pagination";
import { RecordStatusBadge, RoleBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
import { parseRecordId } from "~/lib/schemas/ids";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirect, redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import {
  createSchoolInvitation,
  getLiveSchoolInvitation,
  revokeSchoolInvitation,
} from "~/server/schools/invitations.server";
import { listSchools } from "~/server/schools/schools.server";
import { getBulkCreateResult } from "~/server/users/bulk-create.server";
import { listStaff, staffFiltersSchema, updateStaffMember } from "~/server/users/staff.server";
import { readIntent, unknownIntent } from "~/server/web/intents.server";
import { nullIfNotFound, redirectWithFailure } from "~/server/web/screen-errors.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import { BulkResult } from "./__shared/bulk-result";
import { InvitationLinkCard } from "./__shared/invitation-link-card";
import { StaffFilters } from "./__shared/staff-filters";
import { listSearch } from "./__shared/staff-list";
import { statusSchema } from "./__shared/staff-schemas";
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
  const intent = await readIntent(context, formData.get("intent"), [
    "create-invitation",
    "revoke-invitation",
    "archive",
    "restore",
  ]);
  if (intent === "create-invitation" || intent === "revoke-invitation") {
    // Invitation links belong to a school: a platform admin has none to give.
    if (user.schoolId === null) throw await unknownIntent(context);
    const schoolId = user.schoolId;
    try {
      if (intent === "create-invitation") {
        const created = await createSchoolInvitation(db, user, schoolId);
        // Answered in place, not through a redirect: the link is shown once and never stored.
        return data({
          invitationLink: {
            link: mailer.link(`/signup?invite=${encodeURIComponent(created.token)}`),
            expiresAt: created.expiresAt,
          },
        });
      }
      const id = parseRecordId(String(formData.get("id") ?? ""));
      if (id === null) return redirectWithError(listUrl, t("That invitation link could not be found."));
      await revokeSchoolInvitation(db, user, schoolId, id);
      return redirectWithSuccess(listUrl, t("The invitation link is switched off. Nobody can sign up with it now."));
    } catch (error) {
      return redirectWithFailure(listUrl, error, t("The invitation link could not be changed. Please try again."), t);
    }
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
            action={
              <TextLink to="/admin/staff" size="2">
                {t("Clear the filters")}
              </TextLink>
            }
          >
            {t("Try a shorter search, or another school, role or status.")}
          </EmptyState>
        ) : (
          <EmptyState
            title={t("No staff yet")}
            action={
              <TextLink to="/admin/staff/new" size="2">
                {t("Add staff")}
              </TextLink>
            }
          >
            {t(
              "Add staff with a form, or import a CSV file with the columns name, email, role and school. Each new member gets an invitation e-mail.",
            )}
          </EmptyState>
        )
      ) : (
        <Box>
          <AdminTable label={t("Staff")}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("Name")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("Role")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("School")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("Status")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("Classes")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="visually-hidden">{t("Actions")}</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.staff.map((member) => (
                <Table.Row key={member.id}>
                  <Table.RowHeaderCell>
                    <Text weight="medium">
                      <bdi>{member.name}</bdi>
                    </Text>
                    <Text as="div" size="1" color="gray">
                      <bdi>{member.email}</bdi>
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <RoleBadge role={member.role} platform={member.role === "admin" && member.schoolId === null} />
                  </Table.Cell>
                  <Table.Cell>
                    {member.school ? (
                      <TextLink to={`/admin/schools/${member.school.id}`} size="2">
                        <bdi>{member.school.name}</bdi>
                      </TextLink>
                    ) : (
                      <Text color="gray" size="2">
                        {t("No school")}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <RecordStatusBadge status={member.status} />
                  </Table.Cell>
                  <Table.Cell>
                    {member.classes.length === 0 ? (
                      <Text color="gray" size="2">
                        {t("None")}
                      </Text>
                    ) : (
                      <Flex gap="1" wrap="wrap">
                        {member.classes.map((klass) => (
                          <Badge key={klass.id} variant="outline" color="gray" asChild>
                            <Link to={`/admin/settings?classId=${klass.id}`}>
                              <bdi>{klass.name}</bdi>
                            </Link>
                          </Badge>
                        ))}
                      </Flex>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" align="center" wrap="nowrap">
                      <Button asChild size="1" variant="soft">
                        <Link
                          to={`/admin/staff/${member.id}/edit${listSearch(params)}`}
                          aria-label={t("Edit {name}", { name: member.name })}
                        >
                          {t("Edit")}
                        </Link>
                      </Button>
                      {member.id === me.id ? (
                        <Text size="1" color="gray">
                          {t("You")}
                        </Text>
                      ) : (
                        <ArchiveRestoreForm id={member.id} name={member.name} status={member.status} />
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </AdminTable>
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            total={page.total}
            noun="{count, plural, one {# staff member} other {# staff members}}"
            hrefFor={(target) => `/admin/staff${listSearch(params, { page: target === 1 ? null : target })}`}
          />
        </Box>
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
