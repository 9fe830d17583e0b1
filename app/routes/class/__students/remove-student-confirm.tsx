/** The no-JavaScript confirmation before a student leaves the class (`?confirm=remove-student-ID`). */
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { studentName } from "~/components/class/format";

export function RemoveStudentConfirm({
  base,
  confirmStudent,
}: {
  base: string;
  confirmStudent: { id: number; firstName: string; lastName: string };
}) {
  const { t } = useTranslation("staff");
  return (
    <Card
      size="3"
      className="confirm-panel"
      role="alertdialog"
      aria-labelledby="confirm-remove-title"
      aria-describedby="confirm-remove-text"
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="confirm-remove-title">
          {t("Remove {name} from the class?", { name: studentName(confirmStudent) })}
        </Heading>
        <Text id="confirm-remove-text" size="2">
          {t(
            "They leave this class's list. Their record and past answers are kept, and they can join again with a class code.",
          )}
        </Text>
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to=".">{t("Cancel")}</Link>
          </Button>
          <Form method="post" action={`${base}/students/manage`}>
            <input type="hidden" name="id" value={confirmStudent.id} />
            <Button type="submit" name="intent" value="remove-student" color="red">
              {t("Remove student")}
            </Button>
          </Form>
        </Flex>
      </Flex>
    </Card>
  );
}
