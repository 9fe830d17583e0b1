import { Badge } from "@radix-ui/themes";

const LABELS = {
  assigned: { label: "Not started", color: "gray" },
  active: { label: "Active", color: "green" },
  completed: { label: "Closed", color: "blue" },
} as const;

export function AssignmentStatusBadge({ status }: { status: keyof typeof LABELS }) {
  const { label, color } = LABELS[status];
  return (
    <Badge color={color} variant="soft" size="2">
      {label}
    </Badge>
  );
}
