import { Code, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { FilterDateField, FilterForm, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { BackArrow } from "~/components/back-arrow";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime } from "~/components/class/format";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
import { TableHead } from "~/components/ui/table-head";
import { toSearch } from "~/lib/query-string";
import { auditFiltersSchema, listAuditLog } from "~/server/audit/audit-log.server";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const filters = parseSearchParams(auditFiltersSchema, new URL(request.url).searchParams);
  const log = await listAuditLog(db, user, filters);
  return { log, filters, platform: isPlatformAdmin(user), schoolName: user.school?.name ?? null };
}

/**
 * Who did it when no staff member did: a student in the app or the browser (the join's token
 * kind), a device asking to join (it is nobody yet), the retention job, or a user since deleted.
 */
function unnamedActor(row: { byStudent: boolean; actorUserId: number | null; action: string; details: unknown }) {
  const tokenKind = (row.details as { tokenKind?: unknown } | null)?.tokenKind;
  if (row.byStudent) {
    if (tokenKind === "browser") return "A student (browser)";
    return tokenKind === "app" ? "A student (app)" : "A student";
  }
  if (row.actorUserId !== null) return "Deleted user";
  if (row.action === "student.join_request") return "A device asking to join";
  return row.action.startsWith("retention.") ? "Retention job" : "Deleted user";
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { log, filters, platform, schoolName } = loaderData;
  const hasFilters = Boolean(filters.actorId || filters.action || filters.from || filters.to);
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Audit log")}
        description={t("{scope}: every change, and every time an admin read survey responses with students' names.", {
          scope: platform ? t("All schools") : (schoolName ?? t("Your school")),
        })}
      />
      <FilterForm label={t("Filter the audit log")} clearTo="/admin/audit" hasFilters={hasFilters} buttonsAlign="end">
        <FilterSelect
          label={t("Who")}
          name="actorId"
          value={filters.actorId}
          anyLabel={t("Anyone")}
          options={log.actors.map((actor) => ({ value: String(actor.id), label: actor.name }))}
        />
        <FilterSelect
          label={t("Action")}
          name="action"
          value={filters.action}
          anyLabel={t("Any action")}
          options={log.actions.map((action) => ({ value: action, label: action }))}
        />
        <FilterDateField label={t("From")} name="from" value={filters.from} />
        <FilterDateField label={t("To")} name="to" value={filters.to} />
      </FilterForm>
      {log.rows.length === 0 ? (
        <EmptyState title={hasFilters ? t("No events match these filters") : t("No events yet")}>
          {hasFilters
            ? t("Widen the dates or clear the filters.")
            : t("Changes made by admins and teachers appear here.")}
        </EmptyState>
      ) : (
        <AdminTable label={t("Audit events")}>
          <TableHead columns={[t("When"), t("Who"), t("Action"), t("Target"), t("Details")]} />
          <Table.Body>
            {log.rows.map((row) => (
              <Table.Row key={row.id} data-testid="audit-row">
                <Table.Cell>{formatDateTime(row.createdAt)}</Table.Cell>
                <Table.Cell>{row.actorName ?? <Text color="gray">{t(unnamedActor(row))}</Text>}</Table.Cell>
                <Table.Cell>
                  <Code variant="ghost">{row.action}</Code>
                </Table.Cell>
                <Table.Cell>
                  {row.targetId ? `${row.targetType} #${row.targetId}` : row.targetType}
                  {row.schoolName ? (
                    <Text as="div" size="1" color="gray">
                      <bdi>{row.schoolName}</bdi>
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <Text size="1" className="audit-details">
                    {Object.keys(row.details).length ? JSON.stringify(row.details) : ""}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </AdminTable>
      )}
      <Pagination
        page={log.page}
        pageCount={log.pageCount}
        total={log.total}
        noun="{count, plural, one {# event} other {# events}}"
        hrefFor={(page) => `/admin/audit${toSearch({ ...filters, page })}`}
      />
      <Text size="2">
        <TextLink to="/admin">
          <BackArrow /> {t("Admin overview")}
        </TextLink>
      </Text>
    </Flex>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Orliverse Classroom" }];
