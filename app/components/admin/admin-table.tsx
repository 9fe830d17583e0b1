import "./admin.css";
import { Box, Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { TableRoot } from "~/components/ui/kit-controls";
import { type TableColumn, TableHead } from "~/components/ui/table-head";
import { Pagination } from "./pagination";

/**
 * A table that scrolls sideways inside its own box on narrow screens, so the
 * page never does. The box is a labelled region reachable by keyboard.
 */
export function AdminTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-scroll" aria-label={label} tabIndex={0}>
      <TableRoot variant="ghost" size="2">
        {children}
      </TableRoot>
    </section>
  );
}

/**
 * One page of an admin list as a table (the staff, a survey's responses):
 * the table in its scrolling region, then the page links that keep the
 * list's filters.
 */
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
