/** The school page's classes: each with its teachers and students, a link to its settings. */
import { Flex, Heading, Link as RadixLink, Table, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import type { SchoolDetail } from "~/server/schools/schools.server";

export function SchoolClasses({ schoolId, classes }: { schoolId: number; classes: SchoolDetail["classes"] }) {
  return (
    <section aria-labelledby="school-classes-heading">
      <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
        <Heading as="h2" size="5" id="school-classes-heading">
          Classes ({classes.length})
        </Heading>
        <RadixLink asChild size="2">
          <Link to={`/admin/create-class?schoolId=${schoolId}`}>Create a class</Link>
        </RadixLink>
      </Flex>
      {classes.length === 0 ? (
        <EmptyState
          title="No classes in this school"
          action={
            <RadixLink asChild size="2">
              <Link to={`/admin/create-class?schoolId=${schoolId}`}>Create a class</Link>
            </RadixLink>
          }
        >
          Create a class and choose its teachers; teachers can then add students and assign surveys.
        </EmptyState>
      ) : (
        <AdminTable label="Classes of this school">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Class</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Teachers</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Students</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {classes.map((klass) => (
              <Table.Row key={klass.id}>
                <Table.RowHeaderCell>
                  <RadixLink asChild>
                    <Link to={`/admin/settings?classId=${klass.id}`}>{klass.name}</Link>
                  </RadixLink>
                </Table.RowHeaderCell>
                <Table.Cell>
                  {klass.teachers.length ? klass.teachers.join(", ") : <Text color="gray">No teacher</Text>}
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
