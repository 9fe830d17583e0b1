/** The OneRoster import's first step: the zip file and "Preview". */
import { useTranslation } from "react-i18next";
import { FieldFrame } from "~/components/forms";
import { ImportUploadCard } from "~/components/import-steps";

export function OneRosterUploadCard({ error, maxMegabytes }: { error: string | null; maxMegabytes: number }) {
  const { t } = useTranslation("staff");
  return (
    <ImportUploadCard
      id="import-oneroster"
      title={t("OneRoster 1.2 export")}
      intro={t(
        "The zip file your school information system exports in OneRoster 1.2 CSV (manifest.csv, orgs.csv, users.csv, classes.csv, enrollments.csv), up to {megabytes} MB. Classes, teachers and students are matched by their id in that system, so importing a later export updates them.",
        { megabytes: maxMegabytes },
      )}
    >
      <FieldFrame label={t("Zip file")} id="roster-zip" errors={error ? [error] : undefined}>
        {(control) => <input {...control} name="rosterZip" type="file" accept=".zip,application/zip" />}
      </FieldFrame>
    </ImportUploadCard>
  );
}
