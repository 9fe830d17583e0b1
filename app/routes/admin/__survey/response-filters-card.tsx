import { useTranslation } from "react-i18next";
import { FilterDateField, FilterForm, FilterSelect } from "~/components/admin/filter-form";
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
        <FilterSelect
          label={t("School")}
          name="schoolId"
          value={filters.schoolId}
          anyLabel={t("All schools")}
          options={choices.schools.map((school) => ({ value: String(school.id), label: school.name }))}
        />
      ) : null}
      <FilterSelect
        label={t("Class")}
        name="classId"
        value={filters.classId}
        anyLabel={t("All classes")}
        options={choices.classes.map((klass) => ({
          value: String(klass.id),
          label: choices.schools.length > 1 ? `${klass.name} (${klass.schoolName})` : klass.name,
        }))}
      />
      <FilterSelect
        label={t("Assignment status")}
        name="status"
        value={filters.status}
        anyLabel={t("Any status")}
        options={[
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
