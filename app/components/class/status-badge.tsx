import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/kit";

const LABELS = {
  assigned: { label: "Not started", color: "gray" },
  active: { label: "Active", color: "green" },
  completed: { label: "Closed", color: "blue" },
} as const;

/** The kit's `<Badge size="2">` (kit.tsx): one per assignment in the class's lists. */
export function AssignmentStatusBadge({ status }: { status: keyof typeof LABELS }) {
  const { t } = useTranslation("staff");
  const { label, color } = LABELS[status];
  return (
    <Badge size="2" color={color}>
      {t(label)}
    </Badge>
  );
}
