/**
 * A data table's header row: its columns' names (a number column is
 * justified to the end), then, with `actions`, the column of each row's
 * buttons, named for screen readers only.
 */
import { Table } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";

export type TableColumn = string | { label: string; justify: "end" };

export function TableHead({ columns, actions = false }: { columns: TableColumn[]; actions?: boolean }) {
  const { t } = useTranslation("staff");
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((column) =>
          typeof column === "string" ? (
            <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
          ) : (
            <Table.ColumnHeaderCell key={column.label} justify={column.justify}>
              {column.label}
            </Table.ColumnHeaderCell>
          ),
        )}
        {actions ? (
          <Table.ColumnHeaderCell>
            <span className="visually-hidden">{t("Actions")}</span>
          </Table.ColumnHeaderCell>
        ) : null}
      </Table.Row>
    </Table.Header>
  );
}
