import { useTranslation } from "react-i18next";
import { LanguageSelect } from "~/components/language-select";
import { Stack, Text } from "~/components/ui/kit";
import { ClassSettingForm } from "./class-setting-form";

/**
 * The class's language (issue #28): the language of its student pages and
 * surveys, set by its teacher in a plain form (intent "class-language"), so
 * it works without JavaScript. "" means the school's default.
 */
export function ClassLanguageForm({ locale, error }: { locale: string | null; error?: string | null }) {
  const { t } = useTranslation("staff");
  return (
    <ClassSettingForm
      intent="class-language"
      title={t("Class language")}
      error={error}
      submitLabel={t("Save the class language")}
    >
      <Text as="p" size="2" color="gray" id="class-language-hint">
        {t("The language of the children's pages and surveys. Each child can still choose another one.")}
      </Text>
      <Stack gap="1">
        <Text as="label" htmlFor="class-locale" size="2" weight="medium">
          {t("Language")}
        </Text>
        <LanguageSelect
          id="class-locale"
          name="locale"
          className="native-select"
          defaultValue={locale ?? ""}
          aria-describedby={error ? "class-language-hint class-language-error" : "class-language-hint"}
          aria-invalid={error ? true : undefined}
          emptyLabel={t("The school's default")}
        />
      </Stack>
    </ClassSettingForm>
  );
}
