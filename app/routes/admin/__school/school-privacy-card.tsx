import { type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Field, fieldProps } from "~/components/forms";
import { FormCard } from "~/components/ui/form-card";
import type { schoolPrivacySchema } from "~/lib/privacy";

/** The students' privacy of the school (intent "privacy"): how long responses are kept, the smallest anonymous group. */
export function SchoolPrivacyCard({
  privacy,
  lastResult,
}: {
  privacy: { retentionMonths: number; minGroupSize: number };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof schoolPrivacySchema>>({
    id: "school-privacy",
    lastResult,
    defaultValue: { retentionMonths: String(privacy.retentionMonths), minGroupSize: String(privacy.minGroupSize) },
  });
  return (
    <FormCard
      id="school-privacy"
      intent="privacy"
      title={t("Students' privacy")}
      form={form}
      submitLabel={t("Save privacy settings")}
    >
      <Field
        label={t("Keep survey responses for (months)")}
        {...fieldProps(fields.retentionMonths)}
        type="number"
        hint={t("Responses and drawings older than this are deleted every day. Default 24.")}
      />
      <Field
        label={t("Smallest group for anonymous results (students)")}
        {...fieldProps(fields.minGroupSize)}
        type="number"
        hint={t("Anonymous survey answers stay hidden until this many students have responded. Default 5, at least 3.")}
      />
    </FormCard>
  );
}
