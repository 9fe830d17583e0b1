import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { TextLink } from "~/components/ui/kit-controls";
import { DEFAULT_LANGUAGE, type Language, languageDir, languageName } from "~/lib/i18n/languages";

/**
 * The languages the survey has, as plain links (`?lang=`), so the switch
 * works without JavaScript: each in its own name and language, the one shown
 * marked as current, the default marked as such (ADR 240).
 */
export function LanguageLinks({
  surveyId,
  languages,
  shown,
}: {
  surveyId: number;
  languages: Language[];
  shown: Language;
}) {
  const { t } = useTranslation("staff");
  return (
    <nav aria-label={t("Survey language")}>
      <Flex as="div" align="center" gap="3" wrap="wrap">
        <Text size="2" weight="bold">
          {t("Survey language")}
        </Text>
        <Flex asChild align="center" gap="3" wrap="wrap">
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {languages.map((code) => {
              const name = (
                <span lang={code} dir={languageDir(code)}>
                  {languageName(code)}
                </span>
              );
              const mark = code === DEFAULT_LANGUAGE ? ` ${t("(default)")}` : null;
              return (
                <li key={code}>
                  <Text size="2">
                    {code === shown ? (
                      <strong aria-current="true">
                        {name}
                        {mark}
                      </strong>
                    ) : (
                      <TextLink
                        to={
                          code === DEFAULT_LANGUAGE
                            ? `/survey/content/${surveyId}`
                            : `/survey/content/${surveyId}?lang=${code}`
                        }
                        hrefLang={code}
                      >
                        {name}
                        {mark}
                      </TextLink>
                    )}
                  </Text>
                </li>
              );
            })}
          </ul>
        </Flex>
      </Flex>
    </nav>
  );
}
