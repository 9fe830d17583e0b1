/**
 * The class list import's preview: what "Import" will do (new students,
 * students who get contacts, students not in the file with a tick to remove
 * each, rows with problems), the columns as matched (the teacher may choose
 * others and preview again), and the posted text carried in a hidden field.
 */
import { useTranslation } from "react-i18next";
import { ImportPreviewForm, PreviewSection } from "~/components/import-steps";
import { Box, Flex, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";
import type { RosterColumns, RosterField, RosterPlan } from "~/server/students/roster-import.server";

export interface PreviewData {
  headers: string[];
  columns: RosterColumns;
  plan: RosterPlan;
  text: string;
}

const FIELD_LABELS: Record<RosterField, string> = {
  firstName: "First name",
  lastName: "Last name",
  contactName: "Guardian's name",
  contactRelationship: "Relationship",
  contactEmail: "E-mail",
  contactPhone: "Phone",
};

export function ImportPreview({ preview, notice }: { preview: PreviewData; notice: string | null }) {
  const { t } = useTranslation("staff");
  const { plan, headers, columns } = preview;
  const name = (student: { firstName: string; lastName: string }) => (
    <bdi>{`${student.firstName} ${student.lastName}`}</bdi>
  );
  return (
    <ImportPreviewForm
      id="import-preview"
      hidden={{ csvText: preview.text, fingerprint: plan.fingerprint }}
      notice={notice}
      summary={t(
        "{created} new, {updated} with new contacts, {unchanged} unchanged, {missing} not in the file, {problems} problems.",
        {
          created: plan.create.length,
          updated: plan.update.length,
          unchanged: plan.unchanged,
          missing: plan.missing.length,
          problems: plan.problems.length,
        },
      )}
    >
      <PreviewSection id="import-columns" title={t("Columns")}>
        <Flex gap="3" wrap="wrap">
          {(Object.keys(FIELD_LABELS) as RosterField[]).map((field) => (
            <Flex key={field} direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor={`column-${field}`}>
                {t(FIELD_LABELS[field])}
              </Text>
              <select id={`column-${field}`} name={`columns.${field}`} defaultValue={columns[field] ?? "none"}>
                <option value="none">{t("Not in the file")}</option>
                {headers.map((header, index) => (
                  <option key={index} value={index} dir="auto">
                    {header || t("Column {number}", { number: index + 1 })}
                  </option>
                ))}
              </select>
            </Flex>
          ))}
        </Flex>
        <Box>
          <Button type="submit" name="intent" value="preview" variant="soft">
            {t("Preview again")}
          </Button>
        </Box>
      </PreviewSection>
      {plan.problems.length > 0 ? (
        <PreviewSection id="import-problems" title={t("Rows with problems (not imported)")}>
          <ul>
            {plan.problems.map((problem, index) => (
              <li key={index}>
                {t("Line {line}", { line: problem.line })}: {t(problem.message, problem.values)}
              </li>
            ))}
          </ul>
        </PreviewSection>
      ) : null}
      {plan.create.length > 0 ? (
        <PreviewSection id="import-new" title={t("New students")}>
          <ul>
            {plan.create.map((student) => (
              <li key={student.line}>
                {name(student)}
                {student.contacts.map((contact) => (
                  <Text key={contact.name} size="2" color="gray">
                    {" "}
                    (<bdi>{contact.name}</bdi>)
                  </Text>
                ))}
              </li>
            ))}
          </ul>
        </PreviewSection>
      ) : null}
      {plan.update.length > 0 ? (
        <PreviewSection id="import-changed" title={t("Students who get new contacts")}>
          <ul>
            {plan.update.map((student) => (
              <li key={student.id}>
                {name(student)}: <bdi>{student.addContacts.map((contact) => contact.name).join(", ")}</bdi>
              </li>
            ))}
          </ul>
        </PreviewSection>
      ) : null}
      {plan.missing.length > 0 ? (
        <PreviewSection id="import-missing" title={t("On the class list but not in the file")}>
          <Text as="p" size="2" color="gray">
            {t("They stay in the class unless you tick them.")}
          </Text>
          {plan.missing.map((student) => (
            <Text as="label" size="2" key={student.id}>
              <input type="checkbox" name="remove" value={student.id} /> {t("Remove")} {name(student)}
            </Text>
          ))}
        </PreviewSection>
      ) : null}
      <Flex justify="end">
        <Button type="submit" name="intent" value="confirm">
          {t("Import")}
        </Button>
      </Flex>
    </ImportPreviewForm>
  );
}
