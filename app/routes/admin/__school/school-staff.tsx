/** The school page's staff: who works there, each a link to their edit page. */
import { Flex, Heading, Table } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { RecordStatusBadge, RoleBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import { TextLink } from "~/components/ui/kit-controls";
import type { SchoolDetail } from "~/server/schools/schools.server";

export function SchoolStaff({ schoolId, staff }: { schoolId: number; staff: SchoolDetail["staff"] }) {
  const { t } = useTranslation("staff");
  return (
    <section aria-labelledby="school-staff-heading">
      <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
        <Heading as="h2" size="5" id="school-staff-heading">
          {t("Staff ({count})", { count: staff.length })}
        </Heading>
        <TextLink to={`/admin/staff?schoolId=${schoolId}`} size="2">
          {t("Manage on the Staff page")}
        </TextLink>
      </Flex>
      {staff.length === 0 ? (
        <EmptyState title={t("No staff in this school")} action={{ to: "/admin/staff/new", label: t("Add staff") }}>
          {t("Add teachers and admins on the Staff page, or import them from a CSV file.")}
        </EmptyState>
      ) : (
        <AdminTable label={t("Staff of this school")}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("Name")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("E-mail")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Role")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Status")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {staff.map((member) => (
              <Table.Row key={member.id}>
                <Table.RowHeaderCell>
                  <TextLink to={`/admin/staff/${member.id}/edit`}>
                    <bdi>{member.name}</bdi>
                  </TextLink>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <bdi>{member.email}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <RoleBadge role={member.role} />
                </Table.Cell>
                <Table.Cell>
                  <RecordStatusBadge status={member.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </AdminTable>
      )}
    </section>
  );
}
