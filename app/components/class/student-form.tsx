/**
 * Add or edit a student and their contacts. The contact list grows and
 * shrinks with conform's insert/remove intent buttons, which post the form
 * and come back with the changed list, with JavaScript or without. The
 * server validates (ADR 141): no validation library runs in the browser.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Box, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorList, Field, fieldProps, TextAreaField } from "~/components/forms";
import type { studentSchema } from "~/lib/schemas/classroom";
import { MAX_CONTACTS } from "~/lib/student-contacts";
import type { ContactView } from "./contact-card";

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  contacts: ContactView[];
}

export function StudentForm({
  id,
  intent,
  lastResult,
  defaultValue,
  submitLabel,
  cancelTo,
  title,
}: {
  id: string;
  intent: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: StudentFormValues;
  submitLabel: string;
  cancelTo: string;
  title: string;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof studentSchema>>({
    id,
    lastResult,
    defaultValue: defaultValue
      ? {
          ...defaultValue,
          contacts: defaultValue.contacts.map((contact) =>
            Object.fromEntries(Object.entries(contact).map(([key, value]) => [key, value ?? ""])),
          ),
        }
      : { contacts: [{}] },
  });
  const contacts = fields.contacts.getFieldList();
  return (
    <Card size="3">
      <Form method="post" {...getFormProps(form)} aria-labelledby={`${id}-title`}>
        <input type="hidden" name="intent" value={intent} />
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5" id={`${id}-title`}>
            {title}
          </Heading>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <Field label={t("First name")} {...fieldProps(fields.firstName)} autoComplete="off" />
            <Field label={t("Last name")} {...fieldProps(fields.lastName)} autoComplete="off" />
          </Grid>
          <Heading as="h3" size="4">
            {t("Contacts")}
          </Heading>
          <ErrorList id={fields.contacts.errorId} errors={fields.contacts.errors} />
          {contacts.length === 0 ? (
            <Text size="2" color="gray">
              {t("No contacts yet. Add a parent or guardian so the school can reach them.")}
            </Text>
          ) : null}
          {contacts.map((contact, index) => {
            const c = contact.getFieldset();
            return (
              // conform has no key for a hole in a posted list (contacts[1] without contacts[0]).
              <Box key={contact.key ?? index} asChild>
                <fieldset
                  className="contact-fieldset"
                  style={{
                    border: "1px solid var(--gray-a6)",
                    borderRadius: "var(--radius-3)",
                    padding: "var(--space-3)",
                  }}
                >
                  <legend>
                    <Text weight="medium">{t("Contact {number}", { number: index + 1 })}</Text>
                  </legend>
                  <Grid columns={{ initial: "1", sm: "2" }} gap="3">
                    <Field label={t("Name")} {...fieldProps(c.name)} />
                    <Field
                      label={t("Relationship")}
                      {...fieldProps(c.relationship)}
                      placeholder={t("Mother, Guardian…")}
                    />
                    <Field label={t("E-mail")} {...fieldProps(c.email)} type="email" />
                    <Field label={t("Primary phone")} {...fieldProps(c.phonePrimary)} type="tel" />
                    <Field label={t("Secondary phone (optional)")} {...fieldProps(c.phoneSecondary)} type="tel" />
                  </Grid>
                  <Box mt="3">
                    <TextAreaField label={t("Notes")} {...fieldProps(c.notes)} />
                  </Box>
                  <Flex mt="3" justify="end">
                    <Button
                      {...form.remove.getButtonProps({ name: fields.contacts.name, index })}
                      variant="soft"
                      color="red"
                      size="2"
                    >
                      {t("Remove contact {number}", { number: index + 1 })}
                    </Button>
                  </Flex>
                </fieldset>
              </Box>
            );
          })}
          {contacts.length < MAX_CONTACTS ? (
            <Flex>
              <Button {...form.insert.getButtonProps({ name: fields.contacts.name })} variant="soft" size="2">
                {t("Add another contact")}
              </Button>
            </Flex>
          ) : null}
          <Flex gap="3" justify="end" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>{t("Cancel")}</Link>
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
