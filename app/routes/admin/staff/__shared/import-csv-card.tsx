/** The new-staff page's CSV import: a file, or pasted rows. */

import { Box, Button, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { CsvFileOrRows } from "~/components/csv-file-or-rows";
import { DescribedFormCard } from "~/components/ui/form-card";
import { TextAnchor } from "~/components/ui/kit-controls";

export function ImportCsvCard({
  error,
  platform,
  maxRows,
}: {
  error: string | null | undefined;
  platform: boolean;
  maxRows: number;
}) {
  const { t } = useTranslation("staff");
  return (
    <DescribedFormCard
      id="import-csv"
      intent="import-csv"
      encType="multipart/form-data"
      title={t("Import CSV")}
      description={
        <>
          {platform
            ? t(
                "Columns: name, email, role (teacher or admin; empty means teacher), school (its name). A header row is optional. Up to {count} rows.",
                { count: maxRows },
              )
            : t(
                "Columns: name, email, role (teacher or admin; empty means teacher), school (its name; empty means your school). A header row is optional. Up to {count} rows.",
                { count: maxRows },
              )}{" "}
          <TextAnchor href="/admin/staff/template.csv" download>
            {t("Download a template")}
          </TextAnchor>
          .
        </>
      }
    >
      <Box className="admin-textarea-csv">
        <CsvFileOrRows
          id="csv"
          accept=".csv,text/csv"
          pasteLabel={t("Or paste CSV rows")}
          errors={error ? [error] : undefined}
        />
      </Box>
      <Flex justify="end">
        <Button type="submit">{t("Import staff")}</Button>
      </Flex>
    </DescribedFormCard>
  );
}
