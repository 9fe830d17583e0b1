import { useTranslation } from "react-i18next";
import { FilterDateField, FilterForm } from "~/components/admin/filter-form";
import { SelectField } from "~/components/admin/select-field";
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
    <FilterForm label={t("Filter responses")} clearTo={base} hasFilters={hasFilters}>
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
      <FilterDateField label={t("Submitted from")} name="from" value={filters.from} />
      <FilterDateField label={t("Submitted to")} name="to" value={filters.to} />
    </FilterForm>
  );
}
