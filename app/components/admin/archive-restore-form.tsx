import { Button } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { RecordStatus } from "~/lib/statuses";

/**
 * A table row's Archive (or, once archived, Restore) button: a plain POST of
 * `intent` and `id` to the page's own action, named for the record so that a
 * screen reader tells the rows apart.
 */
export function ArchiveRestoreForm({ id, name, status }: { id: number; name: string; status: RecordStatus }) {
  const archive = status === "active";
  const { t } = useTranslation("staff");
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={archive ? "archive" : "restore"}
        size="1"
        variant="soft"
        color={archive ? "red" : "green"}
        aria-label={archive ? t("Archive {name}", { name }) : t("Restore {name}", { name })}
      >
        {archive ? t("Archive") : t("Restore")}
      </Button>
    </Form>
  );
}

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
