/** The school page's classes: each with its teachers and students, a link to its settings. */
import { Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import { TextLink } from "~/components/ui/kit-controls";
import type { SchoolDetail } from "~/server/schools/schools.server";

export function SchoolClasses({ schoolId, classes }: { schoolId: number; classes: SchoolDetail["classes"] }) {
  const { t } = useTranslation("staff");
  return (
    <section aria-labelledby="school-classes-heading">
      <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
        <Heading as="h2" size="5" id="school-classes-heading">
          {t("Classes ({count})", { count: classes.length })}
        </Heading>
        <TextLink to={`/admin/create-class?schoolId=${schoolId}`} size="2">
          {t("Create a class")}
        </TextLink>
      </Flex>
      {classes.length === 0 ? (
        <EmptyState
          title={t("No classes in this school")}
          action={{ to: `/admin/create-class?schoolId=${schoolId}`, label: t("Create a class") }}
        >
          {t("Create a class and choose its teachers; teachers can then add students and assign surveys.")}
        </EmptyState>
      ) : (
        <AdminTable label={t("Classes of this school")}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("Class")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Teachers")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t("Students")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("Status")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {classes.map((klass) => (
              <Table.Row key={klass.id}>
                <Table.RowHeaderCell>
                  <TextLink to={`/admin/settings?classId=${klass.id}`}>
                    <bdi>{klass.name}</bdi>
                  </TextLink>
                </Table.RowHeaderCell>
                <Table.Cell>
                  {klass.teachers.length ? klass.teachers.join(", ") : <Text color="gray">{t("No teacher")}</Text>}
                </Table.Cell>
                <Table.Cell justify="end">{klass.studentCount}</Table.Cell>
                <Table.Cell>
                  <RecordStatusBadge status={klass.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </AdminTable>
      )}
    </section>
  );
}
