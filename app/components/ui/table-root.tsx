/**
 * Radix Themes' `<Table.Root>` without its ScrollArea: the ScrollArea puts a
 * `<style>` element inside the table's `<div>`, which HTML does not allow
 * outside `<head>` (html-validate's element-permitted-content). Same classes,
 * so the same look; the wrapper scrolls sideways by itself. Use Radix's
 * `Table.Header`, `Table.Row`, `Table.Cell` … inside, as with `Table.Root`.
 */
export function TableRoot({
  variant = "surface",
  size = 2,
  children,
}: {
  variant?: "surface" | "ghost";
  size?: 1 | 2 | 3;
  children: React.ReactNode;
}) {
  return (
    <div className={`rt-TableRoot rt-r-size-${size} rt-variant-${variant}`} style={{ overflowX: "auto" }}>
      <table className="rt-TableRootTable">{children}</table>
    </div>
  );
}
