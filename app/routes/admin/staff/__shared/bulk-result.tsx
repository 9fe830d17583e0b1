/** What a bulk create or CSV import did: the rows created and invited, and the rows refused with why. */

import { Box, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { plural } from "~/components/class/format";
import { TableHead } from "~/components/ui/table-head";
import type { BulkCreateResult } from "~/server/users/bulk-create.server";

export function BulkResult({ result }: { result: BulkCreateResult }) {
  const { t } = useTranslation("staff");
  return (
    <Card size="3" id="bulk-result">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5">
          Result: {plural(result.created.length, "created")}, {plural(result.refused.length, "refused", "refused")}
        </Heading>
        {result.created.length > 0 ? (
          <Box>
            <Heading as="h3" size="3" mb="2">
              Created and invited ({result.created.length})
            </Heading>
            <AdminTable label={t("Created staff")}>
              <TableHead columns={[t("Row"), t("Name"), t("E-mail"), t("Role"), t("School")]} />
              <Table.Body>
                {result.created.map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.RowHeaderCell>
                      <bdi>{row.name}</bdi>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <bdi>{row.email}</bdi>
                    </Table.Cell>
                    <Table.Cell>{row.role === "admin" ? t("Admin") : t("Teacher")}</Table.Cell>
                    <Table.Cell>{row.schoolName ?? t("No school")}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </AdminTable>
          </Box>
        ) : null}
        {result.refused.length > 0 ? (
          <Box>
            <Heading as="h3" size="3" mb="2">
              Refused ({result.refused.length})
            </Heading>
            <AdminTable label={t("Refused rows")}>
              <TableHead columns={[t("Row"), t("Name"), t("E-mail"), t("Why")]} />
              <Table.Body>
                {result.refused.map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.RowHeaderCell>{row.name || "—"}</Table.RowHeaderCell>
                    <Table.Cell>{row.email || "—"}</Table.Cell>
                    <Table.Cell>{row.reasons.join("; ")}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </AdminTable>
            <Text as="p" size="2" color="gray" mt="2">
              {t("Fix these rows and add them again; the created rows are already saved.")}
            </Text>
          </Box>
        ) : null}
      </Flex>
    </Card>
  );
}
