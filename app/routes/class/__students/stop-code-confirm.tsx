/** The confirmation before the class code stops (`?confirm=stop-code`), with and without JavaScript. */
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";

export function StopCodeConfirm({ base, code }: { base: string; code: string }) {
  const { t } = useTranslation("staff");
  return (
    <Card
      size="3"
      className="confirm-panel"
      role="alertdialog"
      aria-labelledby="confirm-stop-title"
      aria-describedby="confirm-stop-text"
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="confirm-stop-title">
          {t("Stop class code {code}?", { code })}
        </Heading>
        <Text id="confirm-stop-text" size="2">
          {t(
            "Nobody can join with it by typing a name any more. Printed sign-in cards keep working for the children in the class.",
          )}
        </Text>
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to=".">{t("Cancel")}</Link>
          </Button>
          <Form method="post" action={`${base}/students/manage`}>
            <Button type="submit" name="intent" value="stop-code" color="red">
              {t("Stop code")}
            </Button>
          </Form>
        </Flex>
      </Flex>
    </Card>
  );
}
