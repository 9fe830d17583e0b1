import { badge } from "~/components/ui/radix-classes";

const LABELS = {
  assigned: { label: "Not started", color: "gray" },
  active: { label: "Active", color: "green" },
  completed: { label: "Closed", color: "blue" },
} as const;

/** `<Badge size="2">` as a plain element (radix-classes.ts): one per assignment in the class's lists. */
export function AssignmentStatusBadge({ status }: { status: keyof typeof LABELS }) {
  const { label, color } = LABELS[status];
  return (
    <span data-accent-color={color} className={badge(2)}>
      {label}
    </span>
  );
}
