/**
 * The student pages' language choice (ADR 216): a plain GET form, so it works
 * without JavaScript. It reloads the same page with `?lng=<code>` (keeping the
 * page's other query parameters); the root loader keeps the choice in the
 * `lng` cookie for the school day, and every later page reads it.
 *
 * On a page whose route names a form in its handle (`languageForm`: the
 * answering page's answers), the choice belongs to that form instead (issue
 * 36): one button per language posts the form to `?lng=<code>` with what the
 * child has typed, and the page comes back in the new language with it all
 * kept. Nothing is sent as answers (the action sees `intent=language`).
 */
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { LanguageSelect } from "~/components/language-select";
import { LANGUAGES } from "~/lib/i18n/languages";

const LANGUAGE_PARAM = "lng";

/** The intent of the language buttons of a page with a `languageForm`. */
export const LANGUAGE_INTENT = "language";

/** A route's handle naming the form its page's language choice posts (the form's id). */
export interface LanguageFormHandle {
  languageForm?: string;
}

export function LanguageMenu() {
  const { t, i18n } = useTranslation("student");
  const location = useLocation();
  const languageForm = useMatches()
    .map((match) => (match.handle as LanguageFormHandle | undefined)?.languageForm)
    .reverse()
    .find(Boolean);
  if (languageForm) {
    return (
      <fieldset className="student-language student-language-buttons">
        <legend>{t("Language")}</legend>
        {LANGUAGES.map((language) => (
          <button
            key={language.code}
            type="submit"
            form={languageForm}
            name="intent"
            value={LANGUAGE_INTENT}
            formAction={`${location.pathname}?${LANGUAGE_PARAM}=${language.code}`}
            formNoValidate
            lang={language.code}
            aria-pressed={language.code === i18n.language}
            className="student-button student-button-quiet student-button-small"
          >
            {language.name}
          </button>
        ))}
      </fieldset>
    );
  }
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
