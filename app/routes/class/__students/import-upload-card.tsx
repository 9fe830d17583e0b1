/** The class list import's first step: a CSV file, or pasted rows, and "Preview". */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FieldFrame, TextAreaField } from "~/components/forms";
import { Box, Card, Flex, Heading, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

export function ImportUploadCard({ error, maxRows }: { error: string | null; maxRows: number }) {
  const { t } = useTranslation("staff");
  return (
    <Card size="3" id="import-roster">
      <Form method="post" encType="multipart/form-data" aria-labelledby="import-roster-title">
        <input type="hidden" name="intent" value="preview" />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id="import-roster-title">
              {t("A class list from a file")}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {t(
                "The first line names the columns: first name, last name, and optionally the guardian's name, relationship, e-mail and phone, in any of the app's languages. Separate the cells with commas or semicolons. Up to {count} students.",
                { count: maxRows },
              )}
            </Text>
          </Box>
          <FieldFrame label={t("CSV file")} id="roster-file" errors={error ? [error] : undefined}>
            {(control) => <input {...control} name="csvFile" type="file" accept=".csv,.txt,text/csv" />}
          </FieldFrame>
          <TextAreaField
            label={t("Or paste the rows")}
            name="csvText"
            id="roster-text"
            hint={t("Used when no file is chosen.")}
          />
          <Flex justify="end">
            <Button type="submit">{t("Preview")}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
