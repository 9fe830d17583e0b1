import { Badge } from "@radix-ui/themes";

export function RecordStatusBadge({ status }: { status: "active" | "archived" }) {
  return status === "active" ? (
    <Badge color="green" variant="soft">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="soft">
      Archived
    </Badge>
  );
}

export function RoleBadge({ role, platform }: { role: "admin" | "teacher"; platform?: boolean }) {
  if (role === "admin") {
    return (
      <Badge color="purple" variant="soft">
        {platform ? "Platform admin" : "Admin"}
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="soft">
      Teacher
    </Badge>
  );
}
