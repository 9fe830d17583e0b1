/** The OneRoster import's first step: the zip file and "Preview". */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FieldFrame } from "~/components/forms";
import { Box, Card, Flex, Heading, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

export function OneRosterUploadCard({ error, maxMegabytes }: { error: string | null; maxMegabytes: number }) {
  const { t } = useTranslation("staff");
  return (
    <Card size="3" id="import-oneroster">
      <Form method="post" encType="multipart/form-data" aria-labelledby="import-oneroster-title">
        <input type="hidden" name="intent" value="preview" />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id="import-oneroster-title">
              {t("OneRoster 1.2 export")}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {t(
                "The zip file your school information system exports in OneRoster 1.2 CSV (manifest.csv, orgs.csv, users.csv, classes.csv, enrollments.csv), up to {megabytes} MB. Classes, teachers and students are matched by their id in that system, so importing a later export updates them.",
                { megabytes: maxMegabytes },
              )}
            </Text>
          </Box>
          <FieldFrame label={t("Zip file")} id="roster-zip" errors={error ? [error] : undefined}>
            {(control) => <input {...control} name="rosterZip" type="file" accept=".zip,application/zip" />}
          </FieldFrame>
          <Flex justify="end">
            <Button type="submit">{t("Preview")}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
