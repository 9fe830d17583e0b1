import { Badge } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { RecordStatus } from "~/lib/statuses";

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  const { t } = useTranslation("staff");
  return status === "active" ? (
    <Badge color="green" variant="soft">
      {t("Active")}
    </Badge>
  ) : (
    <Badge color="gray" variant="soft">
      {t("Archived")}
    </Badge>
  );
}

export function RoleBadge({ role, platform }: { role: "admin" | "teacher"; platform?: boolean }) {
  const { t } = useTranslation("staff");
  if (role === "admin") {
    return (
      <Badge color="purple" variant="soft">
        {platform ? t("Platform admin") : t("Admin")}
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="soft">
      {t("Teacher")}
    </Badge>
  );
}
