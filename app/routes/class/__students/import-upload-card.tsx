/** The class list import's first step: a CSV file, or pasted rows, and "Preview". */
import { useTranslation } from "react-i18next";
import { FieldFrame, TextAreaField } from "~/components/forms";
import { DescribedFormCard } from "~/components/ui/form-card";
import { Flex } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

export function ImportUploadCard({ error, maxRows }: { error: string | null; maxRows: number }) {
  const { t } = useTranslation("staff");
  return (
    <DescribedFormCard
      id="import-roster"
      intent="preview"
      encType="multipart/form-data"
      title={t("A class list from a file")}
      description={t(
        "The first line names the columns: first name, last name, and optionally the guardian's name, relationship, e-mail and phone, in any of the app's languages. Separate the cells with commas or semicolons. Up to {count} students.",
        { count: maxRows },
      )}
    >
      <FieldFrame label={t("CSV file")} id="roster-file" errors={error ? [error] : undefined}>
        {(control) => <input {...control} name="csvFile" type="file" accept=".csv,.txt,text/csv" />}
      </FieldFrame>
      <TextAreaField
        label={t("Or paste the rows")}
        name="csvText"
        id="roster-text"
        hint={t("Used when no file is chosen.")}
      />
      <Flex justify="end">
        <Button type="submit">{t("Preview")}</Button>
      </Flex>
    </DescribedFormCard>
  );
}
