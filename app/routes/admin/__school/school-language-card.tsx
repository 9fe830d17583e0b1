import { useTranslation } from "react-i18next";
import { FormCard } from "~/components/ui/form-card";
import { Flex, Text } from "~/components/ui/kit";
import { LANGUAGES } from "~/lib/i18n/languages";

/** The language of the school's staff screens (intent "language"); "" is each reader's browser language. */
export function SchoolLanguageCard({ locale }: { locale: string | null }) {
  const { t } = useTranslation("staff");
  return (
    <FormCard id="school-language" intent="language" title={t("Language")} submitLabel={t("Save the language")}>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="school-locale">
          {t("Language of the staff screens")}
        </Text>
        <select
          id="school-locale"
          name="locale"
          className="native-select"
          defaultValue={locale ?? ""}
          aria-describedby="school-locale-hint"
        >
          <option value="">{t("Each reader's browser language")}</option>
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
        <Text as="p" size="1" color="gray" id="school-locale-hint">
          {t(
            "Staff who have not chosen a language in their profile menu see this one; classes without a language of their own use it too.",
          )}
        </Text>
      </Flex>
    </FormCard>
  );
}
