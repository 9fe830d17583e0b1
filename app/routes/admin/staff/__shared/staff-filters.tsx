/** The staff list's filters: a GET form, so a filtered list is a URL to share and works without JavaScript. */
import { Button, Card, Flex } from "@radix-ui/themes";
import { Form, Link } from "react-router";
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
  return (
    <Card size="2">
      <Form method="get" className="admin-filters" aria-label="Filter staff">
        <Field
          label="Search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder="Name or e-mail"
          inputProps={{ size: "2" }}
        />
        {schools.length > 1 ? (
          <SelectField
            label="School"
            name="schoolId"
            defaultValue={filters.schoolId ? String(filters.schoolId) : ""}
            options={[
              { value: "", label: "All schools" },
              ...schools.map((school) => ({
                value: String(school.id),
                label: school.status === "archived" ? `${school.name} (archived)` : school.name,
              })),
            ]}
          />
        ) : null}
        <SelectField
          label="Role"
          name="role"
          defaultValue={filters.role ?? ""}
          options={[
            { value: "", label: "All roles" },
            { value: "teacher", label: "Teachers" },
            { value: "admin", label: "Admins" },
          ]}
        />
        <SelectField
          label="Status"
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: "Active and archived" },
            { value: "active", label: "Active" },
            { value: "archived", label: "Archived" },
          ]}
        />
        <Flex gap="2">
          <Button type="submit">Apply filters</Button>
          {hasFilters ? (
            <Button asChild variant="soft" color="gray">
              <Link to="/admin/staff">Clear</Link>
            </Button>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}
