import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Card, Flex, Heading, Link as RadixLink, Table, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { RecordStatusBadge, RoleBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, NotFoundMessage, pageTitle } from "~/components/error-boundary";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { schoolPrivacySchema } from "~/lib/privacy";
import { schoolNameSchema } from "~/lib/schemas/admin";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getSchoolDetail, renameSchool, setSchoolStatus, updateSchoolPrivacy } from "~/server/schools/schools.server";
import { redirectWithError, redirectWithSuccess } from "~/server/web/redirects.server";
import {
  formErrorReply,
  formReply,
  orNotFound,
  recordIdParam,
  redirectWithFailure,
} from "~/server/web/screen-errors.server";
import type { Route } from "./+types/school";

const renameSchema = z.object({ name: schoolNameSchema });
const privacySchema = schoolPrivacySchema;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schoolId = recordIdParam(params.schoolId);
  return { ...(await orNotFound(getSchoolDetail(db, user, schoolId))), platform: isPlatformAdmin(user) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schoolId = recordIdParam(params.schoolId);
  const here = `/admin/schools/${schoolId}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: renameSchema });
    const extra = { form: "rename" as const };
    if (submission.status !== "success") return formReply(submission, { extra });
    try {
      const school = await orNotFound(renameSchool(db, user, schoolId, submission.value));
      return redirectWithSuccess(here, `School renamed to ${school.name}.`);
    } catch (error) {
      return formErrorReply(submission, error, { extra, messageField: "name" });
    }
  }
  if (intent === "privacy") {
    const submission = parseWithZod(formData, { schema: privacySchema });
    if (submission.status !== "success") return formReply(submission, { extra: { form: "privacy" as const } });
    try {
      await updateSchoolPrivacy(db, user, schoolId, submission.value);
      return redirectWithSuccess(here, "Privacy settings saved.");
    } catch (error) {
      return redirectWithFailure(here, error, "The privacy settings could not be saved. Please try again.");
    }
  }
  if (intent === "archive" || intent === "restore") {
    try {
      const school = await setSchoolStatus(db, user, schoolId, intent === "archive" ? "archived" : "active");
      return redirectWithSuccess(
        here,
        intent === "archive"
          ? `${school.name} archived. Its staff now see the blocked page.`
          : `${school.name} restored.`,
      );
    } catch (error) {
      return redirectWithFailure(here, error, "The school could not be changed. Please try again.");
    }
  }
  return redirectWithError(here, "Unknown action.");
}

export default function AdminSchoolPage({ loaderData, actionData }: Route.ComponentProps) {
  const { school, staff, classes, platform } = loaderData;
  const [form, fields] = useForm<z.input<typeof renameSchema>>({
    id: "rename-school",
    // Both forms post to this route: each reads only its own reply (a post without a name is still the rename form's).
    lastResult: actionData?.form === "rename" ? actionData.result : undefined,
    defaultValue: { name: school.name },
  });
  const [privacyForm, privacyFields] = useForm<z.input<typeof privacySchema>>({
    id: "school-privacy",
    lastResult: actionData?.form === "privacy" ? actionData.result : undefined,
    defaultValue: { retentionMonths: String(school.retentionMonths), minGroupSize: String(school.minGroupSize) },
  });
  return (
    <Flex direction="column" gap="5">
      <Box>
        <RadixLink asChild size="2">
          <Link to="/admin/schools">← All schools</Link>
        </RadixLink>
      </Box>
      <PageHeader
        title={school.name}
        description={
          <>
            {school.staffCount} staff · {school.classCount} classes · {school.studentCount} students
          </>
        }
        actions={
          platform ? (
            <Form method="post">
              {school.status === "active" ? (
                <Button type="submit" name="intent" value="archive" color="red" variant="soft">
                  Archive school
                </Button>
              ) : (
                <Button type="submit" name="intent" value="restore" color="green" variant="soft">
                  Restore school
                </Button>
              )}
            </Form>
          ) : undefined
        }
      />
      <Flex gap="2" align="center">
        <Text size="2">Status:</Text>
        <RecordStatusBadge status={school.status} />
        {school.status === "archived" ? (
          <Text size="2" color="gray">
            Staff of an archived school see the blocked page until it is restored.
          </Text>
        ) : null}
      </Flex>

      <Card size="3" style={{ maxWidth: 560 }}>
        <Form method="post" {...getFormProps(form)} aria-labelledby="rename-school-title">
          <input type="hidden" name="intent" value="rename" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="rename-school-title">
              Rename
            </Heading>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field label="School name" {...fieldProps(fields.name)} autoComplete="off" />
            <Flex justify="end">
              <Button type="submit">Save name</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>

      <Card size="3" style={{ maxWidth: 560 }}>
        <Form method="post" {...getFormProps(privacyForm)} aria-labelledby="school-privacy-title">
          <input type="hidden" name="intent" value="privacy" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="school-privacy-title">
              Students' privacy
            </Heading>
            <ErrorList id={privacyForm.errorId} errors={privacyForm.errors} />
            <Field
              label="Keep survey responses for (months)"
              {...fieldProps(privacyFields.retentionMonths)}
              type="number"
              hint="Responses and drawings older than this are deleted every day. Default 24."
            />
            <Field
              label="Smallest group for anonymous results (students)"
              {...fieldProps(privacyFields.minGroupSize)}
              type="number"
              hint="Anonymous survey answers stay hidden until this many students have responded. Default 5, at least 3."
            />
            <Flex justify="end">
              <Button type="submit">Save privacy settings</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>

      <section aria-labelledby="school-staff-heading">
        <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id="school-staff-heading">
            Staff ({staff.length})
          </Heading>
          <RadixLink asChild size="2">
            <Link to={`/admin/staff?schoolId=${school.id}`}>Manage on the Staff page</Link>
          </RadixLink>
        </Flex>
        {staff.length === 0 ? (
          <EmptyState
            title="No staff in this school"
            action={
              <RadixLink asChild size="2">
                <Link to="/admin/staff#add-staff">Add staff</Link>
              </RadixLink>
            }
          >
            Add teachers and admins on the Staff page, or import them from a CSV file.
          </EmptyState>
        ) : (
          <AdminTable label="Staff of this school">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {staff.map((member) => (
                <Table.Row key={member.id}>
                  <Table.RowHeaderCell>
                    <RadixLink asChild>
                      <Link to={`/admin/staff?edit=${member.id}`}>{member.name}</Link>
                    </RadixLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{member.email}</Table.Cell>
                  <Table.Cell>
                    <RoleBadge role={member.role} />
                  </Table.Cell>
                  <Table.Cell>
                    <RecordStatusBadge status={member.status} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="school-classes-heading">
        <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
          <Heading as="h2" size="5" id="school-classes-heading">
            Classes ({classes.length})
          </Heading>
          <RadixLink asChild size="2">
            <Link to={`/admin/create-class?schoolId=${school.id}`}>Create a class</Link>
          </RadixLink>
        </Flex>
        {classes.length === 0 ? (
          <EmptyState
            title="No classes in this school"
            action={
              <RadixLink asChild size="2">
                <Link to={`/admin/create-class?schoolId=${school.id}`}>Create a class</Link>
              </RadixLink>
            }
          >
            Create a class and choose its teachers; teachers can then add students and assign surveys.
          </EmptyState>
        ) : (
          <AdminTable label="Classes of this school">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Class</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Teachers</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Students</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {classes.map((klass) => (
                <Table.Row key={klass.id}>
                  <Table.RowHeaderCell>
                    <RadixLink asChild>
                      <Link to={`/admin/settings?classId=${klass.id}`}>{klass.name}</Link>
                    </RadixLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    {klass.teachers.length ? klass.teachers.join(", ") : <Text color="gray">No teacher</Text>}
                  </Table.Cell>
                  <Table.Cell justify="end">{klass.studentCount}</Table.Cell>
                  <Table.Cell>
                    <RecordStatusBadge status={klass.status} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </AdminTable>
        )}
      </section>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  pageTitle(loaderData?.school.name ?? "School", error);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      params={params}
      homeLink={{ to: "/admin/schools", label: "Back to schools" }}
      statusHandlers={{
        404: () => <NotFoundMessage>There is no school with this id in your scope.</NotFoundMessage>,
      }}
    />
  );
}
