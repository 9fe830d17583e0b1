import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LanguageSelect } from "~/components/language-select";

/** Where the profile menu's language form posts (app/routes/account/language.ts). */
export const LANGUAGE_ACTION = "/account/language";

/**
 * The staff member's own language (issue #28): a plain form in the profile
 * menu, so it works with JavaScript off. "" means no choice of their own:
 * the school's default, then the browser's. The page they were on comes back
 * in the chosen language (`redirectTo`). Each language is named in itself.
 */
export function LanguageForm({ current, here }: { current: string | null; here: string }) {
  const { t } = useTranslation("staff");
  return (
    <Form method="post" action={LANGUAGE_ACTION} className="language-form" reloadDocument>
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor="profile-language" className="language-form-label">
        {t("Language")}
      </label>
      <LanguageSelect
        id="profile-language"
        name="locale"
        className="native-select"
        defaultValue={current ?? ""}
        emptyLabel={t("School or browser default")}
      />
      <button type="submit" className="menu-item">
        {t("Change language")}
      </button>
    </Form>
  );
}
