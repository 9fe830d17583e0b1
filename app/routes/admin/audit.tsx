import { Button, Card, Code, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Pagination } from "~/components/admin/pagination";
import { SelectField } from "~/components/admin/select-field";
import { BackArrow } from "~/components/back-arrow";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime } from "~/components/class/format";
import { Field } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
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
      <Card size="2">
        {/* A GET form: filtering works without JavaScript and the URL can be shared. */}
        <Form method="get" className="admin-filters" aria-label={t("Filter the audit log")}>
          <SelectField
            label={t("Who")}
            name="actorId"
            defaultValue={filters.actorId ? String(filters.actorId) : ""}
            options={[
              { value: "", label: t("Anyone") },
              ...log.actors.map((actor) => ({ value: String(actor.id), label: actor.name })),
            ]}
          />
          <SelectField
            label={t("Action")}
            name="action"
            defaultValue={filters.action ?? ""}
            options={[
              { value: "", label: t("Any action") },
              ...log.actions.map((action) => ({ value: action, label: action })),
            ]}
          />
          <Field
            label={t("From")}
            name="from"
            type="date"
            defaultValue={filters.from ?? ""}
            inputProps={{ size: "2" }}
          />
          <Field label={t("To")} name="to" type="date" defaultValue={filters.to ?? ""} inputProps={{ size: "2" }} />
          <Flex gap="2" align="end">
            <Button type="submit">{t("Apply filters")}</Button>
            {hasFilters ? (
              <Button asChild variant="soft" color="gray">
                <Link to="/admin/audit">{t("Clear")}</Link>
              </Button>
            ) : null}
          </Flex>
        </Form>
      </Card>
      {log.rows.length === 0 ? (
        <EmptyState title={hasFilters ? t("No events match these filters") : t("No events yet")}>
          {hasFilters
            ? t("Widen the dates or clear the filters.")
            : t("Changes made by admins and teachers appear here.")}
        </EmptyState>
      ) : (
        <AdminTable label={t("Audit events")}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("When")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Who")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Action")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Target")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Details")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {log.rows.map((row) => (
              <Table.Row key={row.id} data-testid="audit-row">
                <Table.Cell>{formatDateTime(row.createdAt)}</Table.Cell>
                <Table.Cell>
                  {row.actorName ??
                    (row.byStudent ? (
                      <Text color="gray">{t("A student (app)")}</Text>
                    ) : row.actorUserId === null && row.action.startsWith("retention.") ? (
                      <Text color="gray">{t("Retention job")}</Text>
                    ) : (
                      <Text color="gray">{t("Deleted user")}</Text>
                    ))}
                </Table.Cell>
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
