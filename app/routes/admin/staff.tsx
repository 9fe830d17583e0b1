import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Box, Button, Callout, Card, Flex, Heading, Link as RadixLink, Table, Text } from "@radix-ui/themes";
import { data, Form, Link, useLocation } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { Pagination } from "~/components/admin/pagination";
import { RecordStatusBadge, RoleBadge } from "~/components/admin/record-status-badge";
import { SelectField } from "~/components/admin/select-field";
import { EmptyState } from "~/components/class/empty-state";
import { plural } from "~/components/class/format";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ErrorList, Field, fieldProps, TextAreaField } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { isRecordId, MAX_RECORD_ID } from "~/lib/schemas/ids";
import { singleLineText } from "~/lib/schemas/text";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { listSchoolChoices, listSchools } from "~/server/schools/schools.server";
import { bulkCreateStaff, getBulkCreateResult, MAX_BULK_ROWS } from "~/server/users/bulk-create.server";
import { getStaffMember, listStaff, staffFiltersFromSearch, updateStaffMember } from "~/server/users/staff.server";
import { MAX_STAFF_CSV_BYTES, parseStaffCsv } from "~/server/users/staff-csv.server";
import { keepListShape } from "~/server/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/server/web/redirects.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/staff";

const MAX_FORM_ROWS = 50;

const bulkRowSchema = z.object({
  name: singleLineText().max(120, "Name must be at most 120 characters").optional(),
  email: singleLineText().max(254, "E-mail must be at most 254 characters").optional(),
  role: z.enum(["teacher", "admin"]).optional(),
  school: singleLineText().max(500, "School must be at most 500 characters").optional(),
});

const bulkCreateSchema = z.object({
  staffMembers: z
    .array(bulkRowSchema)
    .max(MAX_FORM_ROWS, `At most ${MAX_FORM_ROWS} rows; import a CSV for more`)
    .optional(),
});

const editSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
  name: singleLineText("Enter a name").min(1, "Enter a name").max(120, "Name must be at most 120 characters"),
  role: z.enum(["admin", "teacher"], { message: "Choose a role" }),
  schoolId: singleLineText().optional(),
});

const statusSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const url = new URL(request.url);
  const filters = staffFiltersFromSearch(url.searchParams);
  const resultId = Number(url.searchParams.get("result"));
  const editId = Number(url.searchParams.get("edit"));
  const [page, schools, schoolChoices, bulkResult, editing] = await Promise.all([
    listStaff(db, user, filters),
    listSchools(db, user),
    listSchoolChoices(db, user),
    isRecordId(resultId) ? getBulkCreateResult(db, user, resultId).catch(() => null) : null,
    isRecordId(editId) ? getStaffMember(db, user, editId).catch(() => null) : null,
  ]);
  return {
    page,
    filters,
    schools: schools.map((school) => ({ id: school.id, name: school.name, status: school.status })),
    schoolChoices,
    bulkResult,
    editing,
    editMissing: editId > 0 && !editing,
    maxImportRows: MAX_BULK_ROWS,
    me: { id: user.id, platform: isPlatformAdmin(user), schoolName: user.school?.name ?? null },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, mailer } = getAppFromContext(context);
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const listUrl = `/admin/staff${listSearch(url.searchParams)}`;

  if (intent === "archive" || intent === "restore") {
    const parsed = statusSchema.safeParse({ intent, id: formData.get("id") });
    if (!parsed.success) return redirectWithError(listUrl, "That staff member could not be found.");
    try {
      const member = await updateStaffMember(db, user, parsed.data.id, {
        status: intent === "archive" ? "archived" : "active",
      });
      return redirectWithSuccess(
        listUrl,
        intent === "archive" ? `${member.name} archived.` : `${member.name} restored.`,
      );
    } catch (error) {
      return redirectWithFailure(listUrl, error, "The staff member could not be changed. Please try again.");
    }
  }

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: editSchema });
    if (submission.status !== "success")
      return data({ form: "edit", result: submission.reply(), importError: null }, { status: 400 });
    const { id, name, role, schoolId } = submission.value;
    try {
      const member = await updateStaffMember(db, user, id, {
        name,
        role,
        schoolId: schoolId === undefined || schoolId === "" ? null : Number(schoolId),
      });
      return redirectWithSuccess(listUrl, `${member.name} saved.`);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data(
        { form: "edit", result: submission.reply({ formErrors: [error.message] }), importError: null },
        { status: error.status },
      );
    }
  }

  if (intent === "bulk-create") {
    const submission = parseWithZod(keepListShape(formData, "staffMembers"), { schema: bulkCreateSchema });
    if (submission.status !== "success")
      return data(
        { form: "bulk", result: submission.reply(), importError: null },
        { status: submission.status === "error" ? 400 : 200 },
      );
    const rows = (submission.value.staffMembers ?? []).filter((row) => row.name || row.email);
    if (rows.length === 0) {
      return data(
        {
          form: "bulk",
          result: submission.reply({ formErrors: ["Fill in at least one row: a name and an e-mail address."] }),
          importError: null,
        },
        { status: 400 },
      );
    }
    return runBulkCreate(db, user, rows, mailer);
  }

  if (intent === "import-csv") {
    const file = formData.get("csvFile");
    const pasted = String(formData.get("csvText") ?? "");
    let text = pasted;
    if (file instanceof File && file.size > 0) {
      if (file.size > MAX_STAFF_CSV_BYTES)
        return data(
          { form: "import", result: null, importError: "The file is larger than 1 MB. Split it into smaller files." },
          { status: 400 },
        );
      text = await file.text();
    }
    let rows: ReturnType<typeof parseStaffCsv>;
    try {
      rows = parseStaffCsv(text);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data({ form: "import", result: null, importError: error.message }, { status: 400 });
    }
    if (rows.length === 0) {
      return data(
        { form: "import", result: null, importError: "Choose a CSV file or paste CSV rows: name,email,role,school." },
        { status: 400 },
      );
    }
    if (rows.length > MAX_BULK_ROWS) {
      return data(
        {
          form: "import",
          result: null,
          importError: `At most ${MAX_BULK_ROWS} rows in one import; this file has ${rows.length}.`,
        },
        { status: 400 },
      );
    }
    return runBulkCreate(db, user, rows, mailer);
  }

  return data({ form: null, result: null, importError: "Unknown action." }, { status: 400 });
}

async function runBulkCreate(
  db: Parameters<typeof bulkCreateStaff>[0],
  user: Parameters<typeof bulkCreateStaff>[1],
  rows: Parameters<typeof bulkCreateStaff>[2],
  mailer: Parameters<typeof bulkCreateStaff>[3]["mailer"],
) {
  try {
    const result = await bulkCreateStaff(db, user, rows, { mailer });
    const message =
      result.refused.length === 0
        ? `${plural(result.created.length, "staff member")} created and invited.`
        : `${plural(result.created.length, "staff member")} created; ${plural(result.refused.length, "row")} refused.`;
    return redirectWithSuccess(`/admin/staff?result=${result.resultId}#bulk-result`, message);
  } catch (error) {
    return redirectWithFailure("/admin/staff#import-csv", error, "The staff could not be created. Please try again.");
  }
}

/** The list's filters and page, without the one-off panels (edit, result). */
function listSearch(params: URLSearchParams, changes: Record<string, string | number | null> = {}): string {
  const next = new URLSearchParams();
  for (const key of ["q", "schoolId", "role", "status", "page"]) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

export default function AdminStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, filters, schools, bulkResult, editing, editMissing, me } = loaderData;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hasFilters = Boolean(filters.q || filters.schoolId || filters.role || filters.status);
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Staff"
        description={
          me.platform
            ? "Teachers and administrators in every school."
            : `Teachers and administrators of ${me.schoolName ?? "your school"}.`
        }
        actions={
          <>
            <Button asChild variant="soft">
              <a href="#add-staff">Add staff</a>
            </Button>
            <Button asChild variant="soft">
              <a href="#import-csv">Import CSV</a>
            </Button>
          </>
        }
      />
      {bulkResult ? <BulkResult result={bulkResult} /> : null}
      {editMissing ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>That staff member was not found. They may be outside your school.</Callout.Text>
        </Callout.Root>
      ) : null}
      {actionData && ((actionData.form === "edit" && !editing) || actionData.form === null) ? (
        // A refused post whose form is not on the page (no ?edit=, or an unknown intent) still says so.
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {actionData.importError ??
              "The change could not be saved. Open the staff member from the list and try again."}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {editing ? (
        <EditStaffCard
          key={editing.id}
          member={editing}
          lastResult={actionData?.form === "edit" ? actionData.result : undefined}
          schoolChoices={loaderData.schoolChoices}
          platform={me.platform}
          isSelf={editing.id === me.id}
          cancelTo={`/admin/staff${listSearch(params)}`}
        />
      ) : null}

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

      {page.total === 0 ? (
        hasFilters ? (
          <EmptyState
            title="No staff match these filters"
            action={
              <RadixLink asChild size="2">
                <Link to="/admin/staff">Clear the filters</Link>
              </RadixLink>
            }
          >
            Try a shorter search, or another school, role or status.
          </EmptyState>
        ) : (
          <EmptyState
            title="No staff yet"
            action={
              <RadixLink href="#add-staff" size="2">
                Add staff
              </RadixLink>
            }
          >
            Add staff with the form below, or import a CSV file with the columns name, email, role and school. Each new
            member gets an invitation e-mail.
          </EmptyState>
        )
      ) : (
        <Box>
          <AdminTable label="Staff">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>School</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Classes</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="visually-hidden">Actions</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.staff.map((member) => (
                <Table.Row key={member.id}>
                  <Table.RowHeaderCell>
                    <Text weight="medium">{member.name}</Text>
                    <Text as="div" size="1" color="gray">
                      {member.email}
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <RoleBadge role={member.role} platform={member.role === "admin" && member.schoolId === null} />
                  </Table.Cell>
                  <Table.Cell>
                    {member.school ? (
                      <RadixLink asChild size="2">
                        <Link to={`/admin/schools/${member.school.id}`}>{member.school.name}</Link>
                      </RadixLink>
                    ) : (
                      <Text color="gray" size="2">
                        No school
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <RecordStatusBadge status={member.status} />
                  </Table.Cell>
                  <Table.Cell>
                    {member.classes.length === 0 ? (
                      <Text color="gray" size="2">
                        None
                      </Text>
                    ) : (
                      <Flex gap="1" wrap="wrap">
                        {member.classes.map((klass) => (
                          <Badge key={klass.id} variant="outline" color="gray" asChild>
                            <Link to={`/admin/settings?classId=${klass.id}`}>{klass.name}</Link>
                          </Badge>
                        ))}
                      </Flex>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" align="center" wrap="nowrap">
                      <Button asChild size="1" variant="soft">
                        <Link
                          to={`/admin/staff${listSearch(params, { edit: member.id })}`}
                          aria-label={`Edit ${member.name}`}
                        >
                          Edit
                        </Link>
                      </Button>
                      {member.id === me.id ? (
                        <Text size="1" color="gray">
                          You
                        </Text>
                      ) : (
                        <Form method="post" className="admin-inline-form">
                          <input type="hidden" name="id" value={member.id} />
                          {member.status === "active" ? (
                            <Button
                              type="submit"
                              name="intent"
                              value="archive"
                              size="1"
                              variant="soft"
                              color="red"
                              aria-label={`Archive ${member.name}`}
                            >
                              Archive
                            </Button>
                          ) : (
                            <Button
                              type="submit"
                              name="intent"
                              value="restore"
                              size="1"
                              variant="soft"
                              color="green"
                              aria-label={`Restore ${member.name}`}
                            >
                              Restore
                            </Button>
                          )}
                        </Form>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </AdminTable>
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            total={page.total}
            noun={["staff member", "staff members"]}
            hrefFor={(target) => `/admin/staff${listSearch(params, { page: target === 1 ? null : target })}`}
          />
        </Box>
      )}

      <BulkCreateCard
        lastResult={actionData?.form === "bulk" ? actionData.result : undefined}
        schoolChoices={loaderData.schoolChoices}
        platform={me.platform}
      />
      <ImportCsvCard
        error={actionData?.form === "import" ? actionData.importError : null}
        platform={me.platform}
        maxRows={loaderData.maxImportRows}
      />
    </Flex>
  );
}

type SchoolChoice = { id: number; name: string };

function schoolOptions(schoolChoices: SchoolChoice[], platform: boolean, noneLabel: string) {
  return [
    ...(platform ? [{ value: "", label: noneLabel }] : []),
    ...schoolChoices.map((school) => ({ value: String(school.id), label: school.name })),
  ];
}

function EditStaffCard({
  member,
  lastResult,
  schoolChoices,
  platform,
  isSelf,
  cancelTo,
}: {
  member: Route.ComponentProps["loaderData"]["editing"] & {};
  lastResult: SubmissionResult<string[]> | null | undefined;
  schoolChoices: SchoolChoice[];
  platform: boolean;
  isSelf: boolean;
  cancelTo: string;
}) {
  const [form, fields] = useForm<z.input<typeof editSchema>>({
    id: "edit-staff",
    lastResult,
    defaultValue: {
      id: String(member.id),
      name: member.name,
      role: member.role,
      schoolId: member.schoolId ? String(member.schoolId) : "",
    },
  });
  const choices =
    member.school && !schoolChoices.some((school) => school.id === member.school?.id)
      ? [...schoolChoices, member.school]
      : schoolChoices;
  return (
    <Card size="3" id="edit-staff-card">
      <Form method="post" {...getFormProps(form)} aria-labelledby="edit-staff-title">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={member.id} />
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5" id="edit-staff-title">
            Edit {member.name}
          </Heading>
          <Text size="2" color="gray">
            {member.email}
            {isSelf ? " · This is you: you cannot archive yourself or change your own role or school." : null}
          </Text>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label="Name" {...fieldProps(fields.name)} autoComplete="off" />
          <SelectField
            label="Role"
            name={fields.role.name}
            id={fields.role.id}
            defaultValue={member.role}
            errors={fields.role.errors}
            options={[
              { value: "teacher", label: "Teacher" },
              { value: "admin", label: "Admin" },
            ]}
          />
          <SelectField
            label="School"
            name={fields.schoolId.name}
            id={fields.schoolId.id}
            defaultValue={member.schoolId ? String(member.schoolId) : ""}
            errors={fields.schoolId.errors}
            options={schoolOptions(choices, platform, "No school (platform admin when the role is Admin)")}
            hint={platform ? undefined : "You can keep staff in your own school only."}
          />
          <Flex gap="3" justify="end" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>Cancel</Link>
            </Button>
            <Button type="submit">Save changes</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function BulkCreateCard({
  lastResult,
  schoolChoices,
  platform,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  schoolChoices: SchoolChoice[];
  platform: boolean;
}) {
  const [form, fields] = useForm<z.input<typeof bulkCreateSchema>>({
    id: "bulk-create",
    lastResult,
    defaultValue: {
      staffMembers: [{ role: "teacher", school: schoolChoices.length === 1 ? String(schoolChoices[0].id) : "" }],
    },
  });
  const rows = fields.staffMembers.getFieldList();
  return (
    <Card size="3" id="add-staff">
      <Form method="post" {...getFormProps(form)} aria-labelledby="add-staff-title">
        <input type="hidden" name="intent" value="bulk-create" />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id="add-staff-title">
              Add staff
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              One row per person. Rows that cannot be created are listed with the reason; the others are created
              together. Each new member gets an e-mail with a link to set their password.
            </Text>
          </Box>
          <ErrorList id={form.errorId} errors={form.errors} />
          <ErrorList id={fields.staffMembers.errorId} errors={fields.staffMembers.errors} />
          {rows.map((row, index) => {
            const f = row.getFieldset();
            return (
              // conform has no key for a hole in a posted list (staffMembers[1] without staffMembers[0]).
              <fieldset key={row.key ?? index} className="admin-fieldset">
                <legend>
                  <Text size="2" weight="medium">
                    Staff member {index + 1}
                  </Text>
                </legend>
                <div className="admin-staff-row">
                  <Field label="Name" {...fieldProps(f.name)} autoComplete="off" inputProps={{ size: "2" }} />
                  <Field
                    label="E-mail"
                    {...fieldProps(f.email)}
                    type="email"
                    autoComplete="off"
                    inputProps={{ size: "2" }}
                  />
                  <SelectField
                    label="Role"
                    name={f.role.name}
                    id={f.role.id}
                    defaultValue={typeof f.role.initialValue === "string" ? f.role.initialValue : "teacher"}
                    errors={f.role.errors}
                    options={[
                      { value: "teacher", label: "Teacher" },
                      { value: "admin", label: "Admin" },
                    ]}
                  />
                  <SelectField
                    label="School"
                    name={f.school.name}
                    id={f.school.id}
                    defaultValue={typeof f.school.initialValue === "string" ? f.school.initialValue : ""}
                    errors={f.school.errors}
                    options={schoolOptions(schoolChoices, platform, "No school (platform admins only)")}
                  />
                  <Button
                    {...form.remove.getButtonProps({ name: fields.staffMembers.name, index })}
                    variant="soft"
                    color="red"
                    size="2"
                    disabled={rows.length === 1}
                    aria-label={`Remove staff member ${index + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <Flex gap="3" justify="between" wrap="wrap">
            {rows.length < MAX_FORM_ROWS ? (
              <Button
                {...form.insert.getButtonProps({
                  name: fields.staffMembers.name,
                  defaultValue: {
                    role: "teacher",
                    school: schoolChoices.length === 1 ? String(schoolChoices[0].id) : "",
                  },
                })}
                variant="soft"
                size="2"
              >
                Add another row
              </Button>
            ) : (
              <Text size="2" color="gray">
                For more than {MAX_FORM_ROWS} people, import a CSV.
              </Text>
            )}
            <Button type="submit">Create staff</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function ImportCsvCard({
  error,
  platform,
  maxRows,
}: {
  error: string | null | undefined;
  platform: boolean;
  maxRows: number;
}) {
  return (
    <Card size="3" id="import-csv">
      <Form method="post" encType="multipart/form-data" aria-labelledby="import-csv-title">
        <input type="hidden" name="intent" value="import-csv" />
        <Flex direction="column" gap="4">
          <Box>
            <Heading as="h2" size="5" id="import-csv-title">
              Import CSV
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              Columns: name, email, role (teacher or admin; empty means teacher), school (its name
              {platform ? "" : "; empty means your school"}). A header row is optional. Up to {maxRows} rows.{" "}
              <RadixLink href="/admin/staff/template.csv" download>
                Download a template
              </RadixLink>
              .
            </Text>
          </Box>
          {error ? (
            <Callout.Root color="red" role="alert" id="import-csv-error">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor="csv-file" size="2" weight="medium">
              CSV file
            </Text>
            <input
              id="csv-file"
              name="csvFile"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={error ? "import-csv-error" : undefined}
            />
          </Flex>
          <Box className="admin-textarea-csv">
            <TextAreaField label="Or paste CSV rows" name="csvText" id="csv-text" hint="Used when no file is chosen." />
          </Box>
          <Flex justify="end">
            <Button type="submit">Import staff</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function BulkResult({ result }: { result: NonNullable<Route.ComponentProps["loaderData"]["bulkResult"]> }) {
  return (
    <Card size="3" id="bulk-result">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5">
          Result: {plural(result.created.length, "created")}, {plural(result.refused.length, "refused", "refused")}
        </Heading>
        {result.created.length > 0 ? (
          <Box>
            <Heading as="h3" size="3" mb="2">
              Created and invited ({result.created.length})
            </Heading>
            <AdminTable label="Created staff">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>School</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.created.map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.RowHeaderCell>{row.name}</Table.RowHeaderCell>
                    <Table.Cell>{row.email}</Table.Cell>
                    <Table.Cell>{row.role === "admin" ? "Admin" : "Teacher"}</Table.Cell>
                    <Table.Cell>{row.schoolName ?? "No school"}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </AdminTable>
          </Box>
        ) : null}
        {result.refused.length > 0 ? (
          <Box>
            <Heading as="h3" size="3" mb="2">
              Refused ({result.refused.length})
            </Heading>
            <AdminTable label="Refused rows">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Why</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.refused.map((row) => (
                  <Table.Row key={row.row}>
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.RowHeaderCell>{row.name || "—"}</Table.RowHeaderCell>
                    <Table.Cell>{row.email || "—"}</Table.Cell>
                    <Table.Cell>{row.reasons.join("; ")}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </AdminTable>
            <Text as="p" size="2" color="gray" mt="2">
              Fix these rows and add them again; the created rows are already saved.
            </Text>
          </Box>
        ) : null}
      </Flex>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ error }) => pageTitle("Staff", error);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
