import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ErrorList, Field, fieldProps } from "~/components/forms";

/**
 * "Your school" (issue 36): the teacher who signed up on their own names the
 * school of their own. A plain form posting intent "rename-school" to the
 * page's action; works without JavaScript.
 */
export function SchoolNameForm({
  name,
  lastResult,
}: {
  name: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm({ id: "school-name", lastResult, defaultValue: { name } });
  return (
    <Card size="3" style={{ width: "100%", maxWidth: "28rem" }}>
      <Form method="post" {...getFormProps(form)} aria-labelledby="school-name-heading">
        <input type="hidden" name="intent" value="rename-school" />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="school-name-heading">
            {t("Your school")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t("You signed up on your own, so this school is yours: give it the name your classes know.")}
          </Text>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label={t("School name")} {...fieldProps(fields.name)} autoComplete="organization" />
          <Flex justify="end">
            <Button type="submit">{t("Save school name")}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
