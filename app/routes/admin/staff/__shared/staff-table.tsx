import { Badge, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedAdminTable } from "~/components/admin/admin-table";
import { ArchiveRestoreForm } from "~/components/admin/archive-restore-form";
import { RecordStatusBadge, RoleBadge } from "~/components/admin/record-status-badge";
import { TextLink } from "~/components/ui/kit-controls";
import type { StaffPage } from "~/server/users/staff.server";
import { listSearch } from "./staff-list";

/** One page of the staff list: each member's role, school, status and classes, Edit, and Archive or Restore (not on oneself). */
export function StaffTable({ page, meId, params }: { page: StaffPage; meId: number; params: URLSearchParams }) {
  const { t } = useTranslation("staff");
  return (
    <PagedAdminTable
      label={t("Staff")}
      columns={[t("Name"), t("Role"), t("School"), t("Status"), t("Classes")]}
      actions
      page={page}
      noun="{count, plural, one {# staff member} other {# staff members}}"
      hrefFor={(target) => `/admin/staff${listSearch(params, { page: target === 1 ? null : target })}`}
    >
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
              {member.id === meId ? (
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
    </PagedAdminTable>
  );
}
