import { useTranslation } from "react-i18next";
import { FieldFrame, type ListOfErrors, TextAreaField } from "~/components/forms";

/**
 * A CSV upload's two inputs (the staff and class-list imports): a file, or its rows pasted
 * instead (`csvFile`, `csvText`); what was wrong with the upload shows under the file.
 */
export function CsvFileOrRows({
  id,
  accept,
  pasteLabel,
  errors,
}: {
  id: string;
  accept: string;
  pasteLabel: string;
  errors?: ListOfErrors;
}) {
  const { t } = useTranslation("staff");
  return (
    <>
      <FieldFrame label={t("CSV file")} id={`${id}-file`} errors={errors}>
        {(control) => <input {...control} name="csvFile" type="file" accept={accept} />}
      </FieldFrame>
      <TextAreaField label={pasteLabel} name="csvText" id={`${id}-text`} hint={t("Used when no file is chosen.")} />
    </>
  );
}
