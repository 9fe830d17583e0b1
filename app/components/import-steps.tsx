/**
 * The two steps every import screen shares (issue 39: a class list, a school from OneRoster):
 * the upload card ('Preview' posts it, intent "preview") and the preview's form around what the
 * import will do, with the upload carried in hidden fields and the notice of a changed plan.
 * Plain forms: they work without JavaScript.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Box, Card, Flex, Heading, Text } from "~/components/ui/kit";
import { Button, Callout } from "~/components/ui/kit-controls";

export function ImportUploadCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Card size="3" id={id}>
      <Form method="post" encType="multipart/form-data" aria-labelledby={`${id}-title`}>
        <input type="hidden" name="intent" value="preview" />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id={`${id}-title`}>
              {title}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {intro}
            </Text>
          </Box>
          {children}
          <Flex justify="end">
            <Button type="submit">{t("Preview")}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

export function ImportPreviewForm({
  id,
  hidden,
  notice,
  summary,
  children,
}: {
  id: string;
  /** The upload and the plan's fingerprint, posted back with 'Import'. */
  hidden: Record<string, string>;
  notice: string | null;
  summary: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Form method="post" encType="multipart/form-data" aria-labelledby={`${id}-title`}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id={`${id}-title`}>
          {t("Preview")}
        </Heading>
        {notice ? (
          <Callout color="amber" role="alert">
            {notice}
          </Callout>
        ) : null}
        <Text as="p" size="2" id="import-summary">
          {summary}
        </Text>
        {children}
      </Flex>
    </Form>
  );
}

/** One part of what the import will do (new students, rows with problems, ...): a card with its heading. */
export function PreviewSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card size="2" id={id}>
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}
