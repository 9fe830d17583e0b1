import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { z } from "zod";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { classNameSchema } from "~/lib/schemas/classroom";

/** What a teacher types to create a class: its name (the school is their own). */
export const createClassFormSchema = z.object({ name: classNameSchema });

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
  const [form, fields] = useForm({
    id: "create-class",
    lastResult,
    constraint: getZodConstraint(createClassFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createClassFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="create-class-title">
      <Flex direction="column" gap="4">
        <Heading as={headingLevel} size={headingLevel === "h1" ? "6" : "5"} id="create-class-title">
          Create a class
        </Heading>
        <Text color="gray" size="2">
          {description}
        </Text>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Class name" {...fieldProps(fields.name)} placeholder="e.g. 5C Poppies" autoComplete="off" />
        <Flex gap="3" justify="end">
          {cancelTo ? (
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>Cancel</Link>
            </Button>
          ) : null}
          <Button type="submit">Create class</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
