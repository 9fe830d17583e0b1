/** A confirmation on the Students screen, shown from its address (`?confirm=…`), so it works without JavaScript. */
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function ConfirmPanel({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  /** The form that does it. */
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Card
      size="3"
      className="confirm-panel"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={`${id}-title`}>
          {title}
        </Heading>
        <Text id={`${id}-text`} size="2">
          {text}
        </Text>
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to=".">{t("Cancel")}</Link>
          </Button>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}
