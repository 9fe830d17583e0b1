import { useTranslation } from "react-i18next";
import { Text } from "~/components/ui/kit";
import type { JOIN_MODE_CHOICES, NEW_NAMES_CHOICES } from "~/lib/schemas/classroom";
import { ClassSettingForm } from "./class-setting-form";

export interface JoinRulesView {
  joinMode: (typeof JOIN_MODE_CHOICES)[number];
  newNames: (typeof NEW_NAMES_CHOICES)[number];
}

const JOIN_MODE_LABELS: Record<JoinRulesView["joinMode"], { label: string; hint: string }> = {
  name: { label: "Class code and name", hint: "Quickest for a first lesson." },
  "personal-code": {
    label: "Class code and personal code",
    hint: "Each child types the code on their card. Every child on the list gets one.",
  },
};

const NEW_NAMES_LABELS: Record<JoinRulesView["newNames"], string> = {
  allow: "Join at once",
  hold: "Wait for me to let them in",
  refuse: "Not allowed",
};

/**
 * "How children join" (docs/product.md#student-identity): two groups of
 * radio buttons in one plain form (intent "join-rules"), so it works
 * without JavaScript.
 */
export function JoinRulesForm({ rules, error }: { rules: JoinRulesView; error?: string | null }) {
  const { t } = useTranslation("staff");
  return (
    <ClassSettingForm
      intent="join-rules"
      title={t("How children join")}
      error={error}
      submitLabel={t("Save how children join")}
    >
      <ChoiceGroup
        legend={t("Children sign in with")}
        name="joinMode"
        value={rules.joinMode}
        error={error}
        choices={Object.entries(JOIN_MODE_LABELS).map(([value, { label, hint }]) => ({
          value,
          label: t(label),
          hint: t(hint),
        }))}
      />
      <ChoiceGroup
        legend={t("Names not on the list")}
        name="newNames"
        value={rules.newNames}
        error={error}
        choices={Object.entries(NEW_NAMES_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
      />
    </ClassSettingForm>
  );
}

/** One labelled group of radio buttons, its error tied to the group. */
function ChoiceGroup({
  legend,
  name,
  value,
  error,
  choices,
}: {
  legend: string;
  name: string;
  value: string;
  error?: string | null;
  choices: { value: string; label: string; hint?: string }[];
}) {
  return (
    <fieldset
      className="class-fieldset"
      aria-describedby={error ? "join-rules-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Text size="2" weight="medium">
          {legend}
        </Text>
      </legend>
      {choices.map((choice) => (
        <label key={choice.value} className="class-radio">
          <input type="radio" name={name} value={choice.value} defaultChecked={value === choice.value} />
          <span>
            <Text size="2">{choice.label}</Text>
            {choice.hint ? (
              <>
                {" "}
                <Text size="1" color="gray">
                  {choice.hint}
                </Text>
              </>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
