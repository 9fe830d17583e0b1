import { useTranslation } from "react-i18next";
import { LanguageSelect } from "~/components/language-select";
import { FormCard } from "~/components/ui/form-card";
import { Flex, Text } from "~/components/ui/kit";

/** The language of the school's staff screens (intent "language"); "" is each reader's browser language. */
export function SchoolLanguageCard({ locale }: { locale: string | null }) {
  const { t } = useTranslation("staff");
  return (
    <FormCard id="school-language" intent="language" title={t("Language")} submitLabel={t("Save the language")}>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="school-locale">
          {t("Language of the staff screens")}
        </Text>
        <LanguageSelect
          id="school-locale"
          name="locale"
          className="native-select"
          defaultValue={locale ?? ""}
          aria-describedby="school-locale-hint"
          emptyLabel={t("Each reader's browser language")}
        />
        <Text as="p" size="1" color="gray" id="school-locale-hint">
          {t(
            "Staff who have not chosen a language in their profile menu see this one; classes without a language of their own use it too.",
          )}
        </Text>
      </Flex>
    </FormCard>
  );
}
