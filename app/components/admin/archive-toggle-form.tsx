import { Button } from "@radix-ui/themes";
import { Form } from "react-router";
import type { RecordStatus } from "~/lib/statuses";

/**
 * A record page's Archive button, or Restore once archived (a school, a
 * class): a plain POST of the intent to the page's own action. The labels
 * name the kind of record ("Archive school").
 */
export function ArchiveToggleForm({
  status,
  archiveLabel,
  restoreLabel,
}: {
  status: RecordStatus;
  archiveLabel: string;
  restoreLabel: string;
}) {
  return (
    <Form method="post">
      {status === "active" ? (
        <Button type="submit" name="intent" value="archive" color="red" variant="soft">
          {archiveLabel}
        </Button>
      ) : (
        <Button type="submit" name="intent" value="restore" color="green" variant="soft">
          {restoreLabel}
        </Button>
      )}
    </Form>
  );
}
