/**
 * /join's "Are you Zara Newkid?" (issue 36): the typed name is close to a
 * name on the class list. Two plain forms posting to /join, so it works
 * without JavaScript: yes joins with the listed name (by the class's identity
 * rules, as if it was typed so), "I am new" joins the typed name as a new
 * one (`newName`).
 */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";

export interface NameSuggestion {
  firstName: string;
  lastName: string;
}

function Hidden({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function CloseNameQuestion({
  code,
  typed,
  suggestion,
}: {
  code: string;
  typed: NameSuggestion;
  suggestion: NameSuggestion;
}) {
  const { t } = useTranslation("student");
  const listed = `${suggestion.firstName} ${suggestion.lastName}`;
  return (
    <section className="student-card" aria-labelledby="close-name-heading">
      <h2 id="close-name-heading">{t("Are you {name}?", { name: listed })}</h2>
      <p>
        {t("You typed {typed}. A name like it is on your class list.", {
          typed: `${typed.firstName} ${typed.lastName}`,
        })}
      </p>
      <div className="student-actions">
        <Form method="post">
          <Hidden values={{ code, ...suggestion }} />
          <button type="submit" className="student-button">
            {t("Yes, I am {name}", { name: listed })}
          </button>
        </Form>
        <Form method="post">
          <Hidden values={{ code, ...typed, newName: "yes" }} />
          <button type="submit" className="student-button student-button-quiet">
            {t("No, I am new")}
          </button>
        </Form>
      </div>
    </section>
  );
}
