/**
 * A data table's header row: its columns' names (a number column is
 * justified to the end), then, with `actions`, the column of each row's
 * buttons, named for screen readers only.
 */
import { Card, Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableRoot } from "./kit-controls";

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

/**
 * A table in a card (a class's surveys, a student's responses): the header row of its columns, then its rows.
 * `stackOnPhones`: below 600 px each row is a small card of its own, its cells stacked and the actions
 * cell on a line of its own (class.css, `.card-table-stacked`), so nothing scrolls sideways at 375 px.
 */
export function CardTable({
  columns,
  actions,
  stackOnPhones = false,
  children,
}: {
  columns: TableColumn[];
  actions?: boolean;
  stackOnPhones?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Card size="1" className={stackOnPhones ? "card-table-stacked" : undefined}>
      <TableRoot variant="ghost" size="2">
        <TableHead columns={columns} actions={actions} />
        <Table.Body>{children}</Table.Body>
      </TableRoot>
    </Card>
  );
}
