/** The staff list's filters: a GET form, so a filtered list is a URL to share and works without JavaScript. */

import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/admin/filter-form";
import { Field } from "~/components/forms";
import type { StaffFilters as Filters } from "~/server/users/staff.server";

export function StaffFilters({
  filters,
  schools,
  hasFilters,
}: {
  filters: Filters;
  schools: { id: number; name: string; status: string }[];
  hasFilters: boolean;
}) {
  const { t } = useTranslation("staff");
  return (
    <FilterForm label={t("Filter staff")} clearTo="/admin/staff" hasFilters={hasFilters}>
      <Field
        label={t("Search")}
        name="q"
        defaultValue={filters.q ?? ""}
        placeholder={t("Name or e-mail")}
        inputProps={{ size: "2" }}
      />
      {schools.length > 1 ? (
        <FilterSelect
          label={t("School")}
          name="schoolId"
          value={filters.schoolId}
          anyLabel={t("All schools")}
          options={schools.map((school) => ({
            value: String(school.id),
            label: school.status === "archived" ? `${school.name} (archived)` : school.name,
          }))}
        />
      ) : null}
      <FilterSelect
        label={t("Role")}
        name="role"
        value={filters.role}
        anyLabel={t("All roles")}
        options={[
          { value: "teacher", label: t("Teachers") },
          { value: "admin", label: t("Admins") },
        ]}
      />
      <FilterSelect
        label={t("Status")}
        name="status"
        value={filters.status}
        anyLabel={t("Active and archived")}
        options={[
          { value: "active", label: t("Active") },
          { value: "archived", label: t("Archived") },
        ]}
      />
    </FilterForm>
  );
}
