/** The staff list's filters: a GET form, so a filtered list is a URL to share and works without JavaScript. */

import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/admin/filter-form";
import { SelectField } from "~/components/admin/select-field";
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
        <SelectField
          label={t("School")}
          name="schoolId"
          defaultValue={filters.schoolId ? String(filters.schoolId) : ""}
          options={[
            { value: "", label: t("All schools") },
            ...schools.map((school) => ({
              value: String(school.id),
              label: school.status === "archived" ? `${school.name} (archived)` : school.name,
            })),
          ]}
        />
      ) : null}
      <SelectField
        label={t("Role")}
        name="role"
        defaultValue={filters.role ?? ""}
        options={[
          { value: "", label: t("All roles") },
          { value: "teacher", label: t("Teachers") },
          { value: "admin", label: t("Admins") },
        ]}
      />
      <SelectField
        label={t("Status")}
        name="status"
        defaultValue={filters.status ?? ""}
        options={[
          { value: "", label: t("Active and archived") },
          { value: "active", label: t("Active") },
          { value: "archived", label: t("Archived") },
        ]}
      />
    </FilterForm>
  );
}
