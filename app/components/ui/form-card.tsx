/**
 * A form card: one plain `<Form method="post">` with a named intent in a card,
 * titled by its heading (the form's accessible name), then an optional
 * description, the form's own errors, its fields, and its submit button at the
 * end. The settings screens' forms (a school's name, privacy, language, sign-in)
 * are written with it, so each is one way to read.
 *
 * DescribedFormCard is the larger card of a page's main form (adding staff,
 * importing a file): its heading and a grey description under it as one
 * block, then its body, which ends with its own submit row.
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { CSSProperties, ReactNode } from "react";
import { Form } from "react-router";
import { ErrorList } from "~/components/forms";
import { Box, Card, Flex, Heading, Text } from "./kit";
import { Button } from "./kit-controls";

export function FormCard({
  id,
  intent,
  title,
  description,
  form,
  submitLabel,
  size = "3",
  headingSize = "4",
  gap = "3",
  style = { maxWidth: 560 },
  children,
}: {
  /** The heading's id is `${id}-title`; without `form`, it also names the form. */
  id: string;
  intent: string;
  title: string;
  description?: ReactNode;
  /** conform's form: its id and submit handling, and its form-level errors under the heading. */
  // biome-ignore lint/suspicious/noExplicitAny: any form's fields; only the form-level metadata is read.
  form?: FormMetadata<any, string[]>;
  submitLabel: string;
  size?: "2" | "3";
  headingSize?: "4" | "5";
  gap?: "3" | "4";
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card size={size} style={style}>
      <Form method="post" {...(form ? getFormProps(form) : {})} aria-labelledby={titleId}>
        <input type="hidden" name="intent" value={intent} />
        <Flex direction="column" gap={gap}>
          <Heading as="h2" size={headingSize} id={titleId}>
            {title}
          </Heading>
          {description}
          {form ? <ErrorList id={form.errorId} errors={form.errors} /> : null}
          {children}
          <Flex justify="end">
            <Button type="submit">{submitLabel}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

export function DescribedFormCard({
  id,
  intent,
  title,
  description,
  formProps,
  encType,
  children,
}: {
  /** The card's id; the heading's is `${id}-title`, and it names the form. */
  id: string;
  intent: string;
  title: string;
  description: ReactNode;
  /** conform's form props (`getFormProps(form)`), where conform handles the form. */
  formProps?: ReturnType<typeof getFormProps>;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card size="3" id={id}>
      <Form method="post" encType={encType} {...formProps} aria-labelledby={titleId}>
        <input type="hidden" name="intent" value={intent} />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id={titleId}>
              {title}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {description}
            </Text>
          </Box>
          {children}
        </Flex>
      </Form>
    </Card>
  );
}
