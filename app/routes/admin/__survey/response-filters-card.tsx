import { Button, Card, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SelectField } from "~/components/admin/select-field";
import { Field } from "~/components/forms";
import type { ResponseFilterChoices, ResponseFilters } from "~/server/responses/responses.server";

/** The survey's responses, filtered by school, class, assignment status and submission dates: a plain GET form. */
export function ResponseFiltersCard({
  base,
  filters,
  choices,
  hasFilters,
}: {
  base: string;
  filters: ResponseFilters;
  choices: ResponseFilterChoices;
  hasFilters: boolean;
}) {
  const { t } = useTranslation("staff");
  return (
    <Card size="2">
      <Form method="get" className="admin-filters" aria-label={t("Filter responses")}>
        {choices.schools.length > 1 ? (
          <SelectField
            label={t("School")}
            name="schoolId"
            defaultValue={filters.schoolId ? String(filters.schoolId) : ""}
            options={[
              { value: "", label: t("All schools") },
              ...choices.schools.map((school) => ({ value: String(school.id), label: school.name })),
            ]}
          />
        ) : null}
        <SelectField
          label={t("Class")}
          name="classId"
          defaultValue={filters.classId ? String(filters.classId) : ""}
          options={[
            { value: "", label: t("All classes") },
            ...choices.classes.map((klass) => ({
              value: String(klass.id),
              label: choices.schools.length > 1 ? `${klass.name} (${klass.schoolName})` : klass.name,
            })),
          ]}
        />
        <SelectField
          label={t("Assignment status")}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: t("Any status") },
            { value: "assigned", label: t("Not started") },
            { value: "active", label: t("Active") },
            { value: "completed", label: t("Closed") },
          ]}
        />
        <Field
          label={t("Submitted from")}
          name="from"
          type="date"
          defaultValue={filters.from ?? ""}
          inputProps={{ size: "2" }}
        />
        <Field
          label={t("Submitted to")}
          name="to"
          type="date"
          defaultValue={filters.to ?? ""}
          inputProps={{ size: "2" }}
        />
        <Flex gap="2">
          <Button type="submit">{t("Apply filters")}</Button>
          {hasFilters ? (
            <Button asChild variant="soft" color="gray">
              <Link to={base}>{t("Clear")}</Link>
            </Button>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}
