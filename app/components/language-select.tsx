import type { SelectHTMLAttributes } from "react";
import { LANGUAGES } from "~/lib/i18n/languages";

/**
 * A native select of the app's languages, each named in its own language
 * (and marked with its `lang`), after an optional first choice of "" (a
 * default: the school's, the browser's). Works without JavaScript.
 */
export function LanguageSelect({
  emptyLabel,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { emptyLabel?: string }) {
  return (
    <select {...select}>
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
