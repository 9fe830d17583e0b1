import { useTranslation } from "react-i18next";
import { Callout } from "~/components/ui/kit-controls";

/**
 * Above the charts of a survey over rounds or classes: how small groups are
 * kept from being picked out (`privacy`, the screen's own sentence), and a
 * warning when the survey's questions could not be loaded.
 */
export function TrendNotes({ privacy, contentAvailable }: { privacy: string; contentAvailable: boolean }) {
  const { t } = useTranslation("staff");
  return (
    <>
      <Callout color="gray" role="note">
        {privacy}
      </Callout>
      {contentAvailable ? null : <Callout color="amber">{t("The survey's questions could not be loaded")}</Callout>}
    </>
  );
}
