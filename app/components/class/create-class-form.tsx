import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import type { createClassFormSchema } from "~/lib/schemas/classroom";

/**
 * The teacher's "Create a class" form: on /class/{classId}/create, and on
 * /home for a teacher who has no class yet (the class screens would send
 * them back to /home). Posts to the page it is on.
 */
export function CreateClassForm({
  lastResult,
  description,
  cancelTo,
  headingLevel = "h1",
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  description: string;
  /** Where Cancel goes; no Cancel when there is nowhere to go back to. */
  cancelTo?: string;
  headingLevel?: "h1" | "h2";
}) {
  // The server checks the name and answers with field errors (no zod in the browser, ADR 141).
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof createClassFormSchema>>({ id: "create-class", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="create-class-title">
      <Flex direction="column" gap="4">
        <Heading as={headingLevel} size={headingLevel === "h1" ? "6" : "5"} id="create-class-title">
          {t("Create a class")}
        </Heading>
        <Text color="gray" size="2">
          {description}
        </Text>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("Class name")}
          {...fieldProps(fields.name)}
          placeholder={t("e.g. 5C Poppies")}
          autoComplete="off"
        />
        <Flex gap="3" justify="end">
          {cancelTo ? (
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>{t("Cancel")}</Link>
            </Button>
          ) : null}
          <Button type="submit">{t("Create class")}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
