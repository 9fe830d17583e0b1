import { type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Field, fieldProps } from "~/components/forms";
import { FormCard } from "~/components/ui/form-card";
import type { renameSchema } from "./school-schemas";

/** The school's name (intent "rename"). */
export function SchoolNameCard({
  name,
  lastResult,
}: {
  name: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("staff");
  // Every form of the page posts to its route: each reads only its own reply.
  const [form, fields] = useForm<z.input<typeof renameSchema>>({
    id: "rename-school",
    lastResult,
    defaultValue: { name },
  });
  return (
    <FormCard id="rename-school" intent="rename" title={t("Rename")} form={form} submitLabel={t("Save name")}>
      <Field label={t("School name")} {...fieldProps(fields.name)} autoComplete="off" />
    </FormCard>
  );
}
