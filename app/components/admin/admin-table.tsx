import "./admin.css";
import { TableRoot } from "~/components/ui/kit-controls";

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
