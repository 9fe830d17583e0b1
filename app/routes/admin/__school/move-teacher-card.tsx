/** A self-signed-up school's page: the platform admin moves its teacher into their real school (ADR 213). */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { Callout, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SelectField } from "~/components/admin/select-field";
import { fieldProps } from "~/components/forms";
import { FormCard } from "~/components/ui/form-card";
import type { moveTeacherSchema } from "~/lib/schemas/move-teacher";

export function MoveTeacherCard({
  teachers,
  schools,
  lastResult,
}: {
  teachers: { id: number; name: string; email: string }[];
  schools: { id: number; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof moveTeacherSchema>>({ id: "move-teacher", lastResult });
  const [only] = teachers;
  return (
    <FormCard
      id="move-teacher"
      intent="move-teacher"
      title={t("Move into a school")}
      form={form}
      submitLabel={t("Move teacher")}
      description={
        <Text as="p" size="2" color="gray">
          {teachers.length === 1
            ? t(
                "This school was made when {name} signed up. Move the teacher into their real school: their classes, students, class codes and surveys go with them, and this school is archived.",
                { name: only.name },
              )
            : t(
                "This school was made when a teacher signed up. Move the teacher into their real school: their classes, students, class codes and surveys go with them, and this school is archived.",
              )}
        </Text>
      }
    >
      {teachers.length === 1 ? (
        <input type="hidden" name="userId" value={only.id} />
      ) : (
        <SelectField
          label={t("Teacher")}
          {...fieldProps(fields.userId)}
          options={[
            { value: "", label: t("Choose a teacher…") },
            ...teachers.map((teacher) => ({
              value: String(teacher.id),
              label: `${teacher.name} (${teacher.email})`,
            })),
          ]}
        />
      )}
      <SelectField
        label={t("Move into school")}
        {...fieldProps(fields.schoolId)}
        options={[
          { value: "", label: t("Choose a school…") },
          ...schools.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
      />
    </FormCard>
  );
}

/** A move posted on a page without the form (not a self-signed-up school, or not a platform admin) still says why. */
export function MoveTeacherRefusal({ result }: { result: SubmissionResult<string[]> }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>
        {Object.values(result.error ?? {})
          .flat()
          .join(" ") || "Nobody can be moved from this school."}
      </Callout.Text>
    </Callout.Root>
  );
}
