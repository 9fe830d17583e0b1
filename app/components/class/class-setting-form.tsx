/**
 * One of the class's settings forms (its language, how children join): a
 * plain form with a named intent in a card, named by its heading, then its
 * fields, the setting's error (a staff catalogue key) and the save button.
 * The ids are `${intent}-heading` and `${intent}-error`, for the fields to
 * point at.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Card, Heading, Stack, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

export function ClassSettingForm({
  intent,
  title,
  error,
  submitLabel,
  children,
}: {
  intent: string;
  title: string;
  error?: string | null;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Card size="2">
      <Form method="post" aria-labelledby={`${intent}-heading`}>
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="3">
          <Heading as="h2" size="4" id={`${intent}-heading`}>
            {title}
          </Heading>
          {children}
          {error ? (
            <Text as="p" size="2" color="red" id={`${intent}-error`}>
              {t(error)}
            </Text>
          ) : null}
          <div>
            <Button type="submit">{submitLabel}</Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
