/**
 * The OneRoster import's preview: what "Import" will do (new, changed, not
 * in the file; enrolments added and ended), the problems with their file,
 * line and field, and the upload carried in a hidden field with the plan's
 * fingerprint. A file with problems that stop the import has no Import button.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ImportPreviewForm, PreviewSection } from "~/components/import-steps";
import { Flex, Text } from "~/components/ui/kit";
import { Button, Callout } from "~/components/ui/kit-controls";
import type { OneRosterPlan } from "~/server/oneroster/oneroster-plan.server";

export interface OneRosterPreviewData {
  plan: OneRosterPlan;
  zipData: string;
}

type Name = { firstName: string; lastName: string };
const fullName = (name: Name) => `${name.firstName} ${name.lastName}`;

function Section<T>({
  id,
  title,
  items,
  render,
}: {
  id: string;
  title: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <PreviewSection id={id} title={`${title} (${items.length})`}>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{render(item)}</li>
        ))}
      </ul>
    </PreviewSection>
  );
}

const renamed = (from: string, to: string) => (
  <>
    <bdi>{from}</bdi> → <bdi>{to}</bdi>
  </>
);

export function OneRosterPreview({ preview, notice }: { preview: OneRosterPreviewData; notice: string | null }) {
  const { t } = useTranslation("staff");
  const { plan } = preview;
  const created = plan.classes.create.length + plan.teachers.create.length + plan.students.create.length;
  const changed = plan.classes.rename.length + plan.teachers.update.length + plan.students.rename.length;
  const missing = plan.classes.missing.length + plan.teachers.missing.length + plan.students.missing.length;
  return (
    <ImportPreviewForm
      id="oneroster-preview"
      hidden={{ zipData: preview.zipData, fingerprint: plan.fingerprint }}
      notice={notice}
      summary={t(
        "{created} new, {changed} changed, {missing} not in the file, {added} enrolments added, {ended} ended, {problems} problems.",
        {
          created,
          changed,
          missing,
          added: plan.enrolments.add.length,
          ended: plan.enrolments.end.length,
          problems: plan.problems.length,
        },
      )}
    >
      {plan.blocked ? (
        <Callout color="red" role="alert">
          {t("The file cannot be imported. Correct the problems and upload it again.")}
        </Callout>
      ) : null}
      <Section
        id="import-problems"
        title={t("Problems (these rows are not imported)")}
        items={plan.problems}
        render={(problem) => (
          <>
            {problem.line > 0
              ? t("{file}, line {line}, {field}:", {
                  file: problem.file,
                  line: problem.line,
                  field: problem.field || "-",
                })
              : `${problem.file}:`}{" "}
            {t(problem.message, problem.values)}
          </>
        )}
      />
      {plan.ignoredFiles.length > 0 || plan.otherUsers > 0 ? (
        <Callout role="note">
          {t("Not imported: {files}; {count} users who are neither teachers nor students.", {
            files: plan.ignoredFiles.join(", ") || "-",
            count: plan.otherUsers,
          })}
        </Callout>
      ) : null}
      <Section
        id="import-new-classes"
        title={t("New classes")}
        items={plan.classes.create}
        render={(c) => <bdi>{c.name}</bdi>}
      />
      <Section
        id="import-renamed-classes"
        title={t("Renamed classes")}
        items={plan.classes.rename}
        render={(c) => renamed(c.from, c.name)}
      />
      <Section
        id="import-new-teachers"
        title={t("New teachers")}
        items={plan.teachers.create}
        render={(s) => (
          <>
            <bdi>{s.name}</bdi> (<bdi>{s.email}</bdi>)
          </>
        )}
      />
      <Section
        id="import-changed-teachers"
        title={t("Teachers matched or renamed")}
        items={plan.teachers.update}
        render={(s) => renamed(s.from, s.name)}
      />
      <Section
        id="import-new-students"
        title={t("New students")}
        items={plan.students.create}
        render={(s) => <bdi>{fullName(s)}</bdi>}
      />
      <Section
        id="import-renamed-students"
        title={t("Renamed students")}
        items={plan.students.rename}
        render={(s) => renamed(fullName(s.from), fullName(s))}
      />
      <Section
        id="import-ended"
        title={t("Leaving a class (they keep their answers)")}
        items={plan.enrolments.end}
        render={(e) => (
          <>
            <bdi>{fullName(e.studentName)}</bdi> · <bdi>{e.className}</bdi>
          </>
        )}
      />
      {missing > 0 ? (
        <Text as="p" size="2" color="gray" id="import-missing">
          {t("Not in the file, kept as they are: {classes} classes, {teachers} teachers, {students} students.", {
            classes: plan.classes.missing.length,
            teachers: plan.teachers.missing.length,
            students: plan.students.missing.length,
          })}
        </Text>
      ) : null}
      {plan.blocked ? null : (
        <Flex justify="end">
          <Button type="submit" name="intent" value="confirm">
            {t("Import")}
          </Button>
        </Flex>
      )}
    </ImportPreviewForm>
  );
}
