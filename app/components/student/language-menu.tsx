/**
 * The student pages' language choice (ADR 216): a plain GET form, so it works
 * without JavaScript. It reloads the same page with `?lng=<code>` (keeping the
 * page's other query parameters); the root loader keeps the choice in the
 * `lng` cookie for the school day, and every later page reads it.
 */
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LanguageSelect } from "~/components/language-select";

const LANGUAGE_PARAM = "lng";

export function LanguageMenu() {
  const { t, i18n } = useTranslation("student");
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <form method="get" action={location.pathname} className="student-language">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="student-language">{t("Language")}</label>
      <LanguageSelect
        id="student-language"
        name={LANGUAGE_PARAM}
        defaultValue={i18n.language}
        className="student-select"
      />
      <button type="submit" className="student-button student-button-quiet student-button-small">
        {t("Change")}
      </button>
    </form>
  );
}
