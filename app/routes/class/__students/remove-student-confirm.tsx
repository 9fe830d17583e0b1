/** The no-JavaScript confirmation before a student leaves the class (`?confirm=remove-student-ID`). */
import { Button } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { studentName } from "~/components/class/format";
import { ConfirmPanel } from "./confirm-panel";

export function RemoveStudentConfirm({
  base,
  confirmStudent,
}: {
  base: string;
  confirmStudent: { id: number; firstName: string; lastName: string };
}) {
  const { t } = useTranslation("staff");
  return (
    <ConfirmPanel
      id="confirm-remove"
      title={t("Remove {name} from the class?", { name: studentName(confirmStudent) })}
      text={t(
        "They leave this class's list. Their record and past answers are kept, and they can join again with a class code.",
      )}
    >
      <Form method="post" action={`${base}/students/manage`}>
        <input type="hidden" name="id" value={confirmStudent.id} />
        <Button type="submit" name="intent" value="remove-student" color="red">
          {t("Remove student")}
        </Button>
      </Form>
    </ConfirmPanel>
  );
}
