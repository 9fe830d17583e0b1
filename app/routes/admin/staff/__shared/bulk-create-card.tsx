/** The new-staff page's rows: one person per row, grown and shrunk without JavaScript (conform's list intents). */

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SelectField } from "~/components/admin/select-field";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { DescribedFormCard } from "~/components/ui/form-card";
import { MAX_FORM_ROWS, type SchoolChoice, schoolOptions } from "./staff-list";
import type { bulkCreateSchema } from "./staff-schemas";

export function BulkCreateCard({
  lastResult,
  schoolChoices,
  platform,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  schoolChoices: SchoolChoice[];
  platform: boolean;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof bulkCreateSchema>>({
    id: "bulk-create",
    lastResult,
    defaultValue: {
      staffMembers: [{ role: "teacher", school: schoolChoices.length === 1 ? String(schoolChoices[0].id) : "" }],
    },
  });
  const rows = fields.staffMembers.getFieldList();
  return (
    <DescribedFormCard
      id="add-staff"
      intent="bulk-create"
      formProps={getFormProps(form)}
      title={t("Add staff")}
      description={t(
        "One row per person. Rows that cannot be created are listed with the reason; the others are created together. Each new member gets an e-mail with a link to set their password.",
      )}
    >
      <ErrorList id={form.errorId} errors={form.errors} />
      <ErrorList id={fields.staffMembers.errorId} errors={fields.staffMembers.errors} />
      {rows.map((row, index) => {
        const f = row.getFieldset();
        return (
          // conform has no key for a hole in a posted list (staffMembers[1] without staffMembers[0]).
          <fieldset key={row.key ?? index} className="admin-fieldset">
            <legend>
              <Text size="2" weight="medium">
                Staff member {index + 1}
              </Text>
            </legend>
            <div className="admin-staff-row">
              <Field label={t("Name")} {...fieldProps(f.name)} autoComplete="off" inputProps={{ size: "2" }} />
              <Field
                label={t("E-mail")}
                {...fieldProps(f.email)}
                type="email"
                autoComplete="off"
                inputProps={{ size: "2" }}
              />
              <SelectField
                label={t("Role")}
                {...fieldProps(f.role, "teacher")}
                options={[
                  { value: "teacher", label: t("Teacher") },
                  { value: "admin", label: t("Admin") },
                ]}
              />
              <SelectField
                label={t("School")}
                {...fieldProps(f.school, "")}
                options={schoolOptions(schoolChoices, platform, "No school (platform admins only)")}
              />
              <Button
                {...form.remove.getButtonProps({ name: fields.staffMembers.name, index })}
                variant="soft"
                color="red"
                size="2"
                disabled={rows.length === 1}
                aria-label={t("Remove staff member {number}", { number: index + 1 })}
              >
                {t("Remove")}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Flex gap="3" justify="between" wrap="wrap">
        {rows.length < MAX_FORM_ROWS ? (
          <Button
            {...form.insert.getButtonProps({
              name: fields.staffMembers.name,
              defaultValue: {
                role: "teacher",
                school: schoolChoices.length === 1 ? String(schoolChoices[0].id) : "",
              },
            })}
            variant="soft"
            size="2"
          >
            {t("Add another row")}
          </Button>
        ) : (
          <Text size="2" color="gray">
            For more than {MAX_FORM_ROWS} people, import a CSV.
          </Text>
        )}
        <Button type="submit">{t("Create staff")}</Button>
      </Flex>
    </DescribedFormCard>
  );
}
