/**
 * One page of an admin list as a table (the staff, a survey's responses):
 * the table in its scrolling region, then the page links that keep the
 * list's filters.
 */
import { Box, Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { type TableColumn, TableHead } from "~/components/ui/table-head";
import { AdminTable } from "./admin-table";
import { Pagination } from "./pagination";

export function PagedAdminTable({
  label,
  columns,
  actions,
  page,
  noun,
  hrefFor,
  children,
}: {
  label: string;
  columns: TableColumn[];
  actions?: boolean;
  page: { page: number; pageCount: number; total: number };
  /** What the rows are, as a plural message of `count`. */
  noun: string;
  hrefFor: (page: number) => string;
  /** The page's rows. */
  children: ReactNode;
}) {
  return (
    <Box>
      <AdminTable label={label}>
        <TableHead columns={columns} actions={actions} />
        <Table.Body>{children}</Table.Body>
      </AdminTable>
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} noun={noun} hrefFor={hrefFor} />
    </Box>
  );
}
