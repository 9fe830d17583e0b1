/**
 * The school's time zone (issue #38): scheduled surveys open and close in it. A text input with the
 * browser's list of zones as suggestions (a datalist: it works without JavaScript); "" for the
 * deployment's default. The server checks the name.
 */

import { TextField } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "~/components/forms";

/** A short list of suggestions; any IANA name the server's Intl knows is accepted. */
const SUGGESTED = [
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Vienna",
  "Europe/Zurich",
  "Europe/Amsterdam",
  "Europe/Brussels",
  "Europe/Warsaw",
  "Europe/Athens",
  "Africa/Casablanca",
  "Africa/Cairo",
  "Asia/Beirut",
  "Asia/Dubai",
  "Asia/Riyadh",
  "America/New_York",
  "America/Mexico_City",
  "America/Buenos_Aires",
];

export function TimeZoneField({
  meta,
  timeZone,
}: {
  meta: { name: string; errors?: string[] };
  timeZone: string | null;
}) {
  const { t } = useTranslation("staff");
  return (
    <FieldFrame
      label={t("Time zone of scheduled surveys")}
      id="school-time-zone"
      hint={t("An IANA name such as Europe/Berlin. Leave empty for the server's default.")}
      errors={meta.errors}
    >
      {(control) => (
        <>
          <TextField.Root
            {...control}
            size="3"
            name={meta.name}
            list="school-time-zones"
            defaultValue={timeZone ?? ""}
            autoComplete="off"
            dir="ltr"
          />
          <datalist id="school-time-zones">
            {SUGGESTED.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </FieldFrame>
  );
}
