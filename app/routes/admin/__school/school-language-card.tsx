import { type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "~/components/forms";
import { LanguageSelect } from "~/components/language-select";
import { FormCard } from "~/components/ui/form-card";
import { TimeZoneField } from "./time-zone-field";

/** The language of the school's staff screens (intent "language"); "" is each reader's browser language. */
export function SchoolLanguageCard({
  locale,
  timeZone,
  lastResult,
}: {
  locale: string | null;
  /** The school's time zone for scheduled surveys (issue #38); null: the deployment's. */
  timeZone: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("staff");
  // Every form of the page posts to its route: each reads only its own reply (a refused choice shows its error).
  const [form, fields] = useForm<{ locale: string; timeZone: string }>({
    id: "school-language",
    lastResult,
    defaultValue: { locale: locale ?? "", timeZone: timeZone ?? "" },
  });
  return (
    <FormCard
      id="school-language"
      intent="language"
      title={t("Language and time zone")}
      form={form}
      submitLabel={t("Save language and time zone")}
    >
      <FieldFrame
        label={t("Language of the staff screens")}
        id="school-locale"
        hint={t(
          "Staff who have not chosen a language in their profile menu see this one; classes without a language of their own use it too.",
        )}
        errors={fields.locale.errors}
      >
        {(control) => (
          <LanguageSelect
            {...control}
            name={fields.locale.name}
            className="native-select"
            defaultValue={locale ?? ""}
            emptyLabel={t("Each reader's browser language")}
          />
        )}
      </FieldFrame>
      <TimeZoneField meta={fields.timeZone} timeZone={timeZone} />
    </FormCard>
  );
}
