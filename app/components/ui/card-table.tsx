/**
 * A table in a card (a class's surveys, a student's responses): the header
 * row of its columns, then its rows.
 */
import { Card, Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { TableRoot } from "./kit-controls";
import { type TableColumn, TableHead } from "./table-head";

export function CardTable({
  columns,
  actions,
  children,
}: {
  columns: TableColumn[];
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Card size="1">
      <TableRoot variant="ghost" size="2">
        <TableHead columns={columns} actions={actions} />
        <Table.Body>{children}</Table.Body>
      </TableRoot>
    </Card>
  );
}
