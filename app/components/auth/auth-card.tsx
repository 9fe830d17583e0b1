import { Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGES } from "~/lib/i18n/languages";
import { safeRedirectPath } from "~/lib/redirect-path";
import { Logo } from "../layout/logo";

/**
 * The visible language choice of the public account screens (issue 36): a plain GET form that
 * loads the same page with `?lng=<code>` (its other query parameters kept: a return target, an
 * invitation); the root loader keeps the choice in the `lng` cookie, as the student pages' menu does.
 */
function AuthLanguageForm() {
  const { t, i18n } = useTranslation("staff");
  const location = useLocation();
  // A return target goes on only as the same-site path the sign-in form would take from it (ADR 121).
  const kept = [...new URLSearchParams(location.search)]
    .filter(([name]) => name !== "lng")
    .map(([name, value]) => [name, name === "redirectTo" ? safeRedirectPath(value, "") : value] as const)
    .filter(([name, value]) => name !== "redirectTo" || value !== "");
  return (
    <form method="get" action={location.pathname} className="auth-language">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="auth-language">{t("Language")}</label>
      <select id="auth-language" name="lng" className="native-select" defaultValue={i18n.language}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <button type="submit" className="auth-language-button">
        {t("Change language")}
      </button>
    </form>
  );
}

/** The centred card every public account screen uses. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Flex asChild direction="column" align="center" justify="center" className="auth-page" px="4" py="8" gap="5">
      <main id="main" tabIndex={-1}>
        <Logo />
        <Card size="4" className="auth-card">
          <Flex direction="column" gap="4">
            <Box>
              <Heading as="h1" size="6" mb="1">
                {title}
              </Heading>
              {description ? (
                <Text as="p" color="gray" size="2">
                  {description}
                </Text>
              ) : null}
            </Box>
            {children}
          </Flex>
        </Card>
        <AuthLanguageForm />
      </main>
    </Flex>
  );
}
