import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LanguageSelect } from "~/components/language-select";
import { Card, Heading, Stack, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

/**
 * The class's language (issue #28): the language of its student pages and
 * surveys, set by its teacher in a plain form (intent "class-language"), so
 * it works without JavaScript. "" means the school's default.
 */
export function ClassLanguageForm({ locale, error }: { locale: string | null; error?: string | null }) {
  const { t } = useTranslation("staff");
  return (
    <Card size="2">
      <Form method="post" aria-labelledby="class-language-heading">
        <input type="hidden" name="intent" value="class-language" />
        <Stack gap="3">
          <Heading as="h2" size="4" id="class-language-heading">
            {t("Class language")}
          </Heading>
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
          {error ? (
            <Text as="p" size="2" color="red" id="class-language-error">
              {t(error)}
            </Text>
          ) : null}
          <div>
            <Button type="submit">{t("Save the class language")}</Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
