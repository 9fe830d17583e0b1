/**
 * The schedule fields of the assign form and the assignment's schedule form (issue #38): native
 * datetime-local inputs read in the school's time zone, and the repeat choices of a series. They post
 * without JavaScript; the server checks them (no zod in the browser, ADR 141) and answers per field.
 */
import { useTranslation } from "react-i18next";
import { ErrorList, Field, type FieldMeta, fieldProps, initialText, TextAreaField } from "~/components/forms";
import { Stack, Text } from "~/components/ui/kit";

/** Opens and closes, as datetime-local values in `timeZone` ("" for none). */
export function ScheduleFields({
  opensAt,
  closesAt,
  timeZone,
  defaults = {},
  opensLocked = false,
}: {
  opensAt: FieldMeta;
  closesAt: FieldMeta;
  timeZone: string;
  defaults?: { opensAt?: string; closesAt?: string };
  /** Already open: the opening time is shown, and sent back unchanged. */
  opensLocked?: boolean;
}) {
  const { t } = useTranslation("staff");
  const hint = t("In the school's time zone ({zone}). Leave empty to start or close it by hand.", {
    zone: timeZone,
  });
  return (
    <Stack gap="3">
      <Field
        label={t("Opens at")}
        type="datetime-local"
        {...fieldProps(opensAt, defaults.opensAt ?? "")}
        hint={opensLocked ? t("This survey has already opened.") : hint}
        inputProps={opensLocked ? { readOnly: true } : undefined}
      />
      <Field
        label={t("Closes at")}
        type="datetime-local"
        {...fieldProps(closesAt, defaults.closesAt ?? "")}
        hint={hint}
      />
    </Stack>
  );
}

/** Repeat: not at all, every N weeks until a day, or on a list of days; each round an assignment of its own. */
export function RepeatFields({ fields }: { fields: Record<"repeat" | "everyWeeks" | "until" | "dates", FieldMeta> }) {
  const { t } = useTranslation("staff");
  const repeat = initialText(fields.repeat, "none");
  const choices = [
    { value: "none", label: t("Once") },
    { value: "weeks", label: t("Every few weeks, until a day") },
    { value: "dates", label: t("On these days") },
  ];
  return (
    <Stack gap="3">
      <fieldset className="class-fieldset" aria-describedby={fields.repeat.errors ? "repeat-error" : undefined}>
        <legend>
          <Text size="2" weight="medium">
            {t("Repeat")}
          </Text>
        </legend>
        {choices.map((choice) => (
          <label key={choice.value} className="class-radio">
            <input
              type="radio"
              name={fields.repeat.name}
              value={choice.value}
              defaultChecked={repeat === choice.value}
            />
            <Text size="2">{choice.label}</Text>
          </label>
        ))}
        <ErrorList id="repeat-error" errors={fields.repeat.errors} />
      </fieldset>
      <Text size="2" color="gray">
        {t(
          "Each round opens and closes at the same times of day as the first, and has its own results. A series has at most 52 rounds.",
        )}
      </Text>
      <Field
        label={t("Every how many weeks")}
        type="number"
        {...fieldProps(fields.everyWeeks, "2")}
        inputProps={{ min: 1, max: 12 }}
      />
      <Field label={t("Until (the last day a round may open)")} type="date" {...fieldProps(fields.until, "")} />
      <TextAreaField label={t("Or these days (one per line, YYYY-MM-DD)")} {...fieldProps(fields.dates, "")} />
    </Stack>
  );
}
