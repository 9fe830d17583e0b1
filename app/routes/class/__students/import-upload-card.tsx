/** The class list import's first step: a CSV file, or pasted rows, and "Preview". */
import { useTranslation } from "react-i18next";
import { CsvFileOrRows } from "~/components/csv-file-or-rows";
import { ImportUploadCard as UploadCard } from "~/components/import-steps";

export function ImportUploadCard({ error, maxRows }: { error: string | null; maxRows: number }) {
  const { t } = useTranslation("staff");
  return (
    <UploadCard
      id="import-roster"
      title={t("A class list from a file")}
      intro={t(
        "The first line names the columns: first name, last name, and optionally the guardian's name, relationship, e-mail and phone, in any of the app's languages. Separate the cells with commas or semicolons. Up to {count} students.",
        { count: maxRows },
      )}
    >
      <CsvFileOrRows
        id="roster"
        accept=".csv,.txt,text/csv"
        pasteLabel={t("Or paste the rows")}
        errors={error ? [error] : undefined}
      />
    </UploadCard>
  );
}
