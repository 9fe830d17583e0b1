import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { z } from "zod";
import { SelectField } from "~/components/admin/select-field";
import { TeacherCheckboxes } from "~/components/admin/teacher-checkboxes";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { classNameSchema } from "~/lib/schemas/classroom";
import { recordIdSchema } from "~/lib/schemas/ids";
import { requireAdmin } from "~/server/auth/guards.server";
import { createClassWithTeachers, listSchoolTeachers } from "~/server/classes/admin-classes.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { listSchoolChoices } from "~/server/schools/schools.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/create-class";

const schema = z.object({
  name: classNameSchema,
  schoolId: recordIdSchema("schoolId", "Choose a school"),
  teacherIds: z
    .array(recordIdSchema("teacherIds"), { message: "Choose at least one teacher" })
    .min(1, "Choose at least one teacher"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schools = await listSchoolChoices(db, user);
  const requested = Number(new URL(request.url).searchParams.get("schoolId"));
  const school = schools.find((candidate) => candidate.id === requested) ?? (schools.length === 1 ? schools[0] : null);
  const teachers = school ? await listSchoolTeachers(db, user, school.id) : [];
  return { schools, school, teachers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return formReply(submission);
  try {
    const created = await createClassWithTeachers(db, user, submission.value);
    return redirectWithSuccess(
      `/admin/settings?classId=${created.id}`,
      t("Class {name} created.", { name: created.name }),
    );
  } catch (error) {
    return formErrorReply(submission, error);
  }
}

export default function AdminCreateClassPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { schools, school, teachers } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({
    id: "create-class",
    lastResult: actionData?.result,
  });
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Create Class")}
        description={t("Add a class to a school and choose one or more of its teachers.")}
      />
      {schools.length === 0 ? (
        <EmptyState title={t("No active school")} action={{ to: "/admin/schools", label: t("Go to Schools") }}>
          {t("A class belongs to a school. Create a school first (or restore an archived one).")}
        </EmptyState>
      ) : null}
      {schools.length > 1 ? (
        <Card size="2" style={{ maxWidth: 640 }}>
          <Form method="get" aria-label={t("Choose the school")}>
            <Flex gap="3" align="end" wrap="wrap">
              <SelectField
                label={t("School")}
                name="schoolId"
                defaultValue={school ? String(school.id) : ""}
                options={[
                  { value: "", label: t("Choose a school…") },
                  ...schools.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
              />
              <Button type="submit" variant="soft">
                {t("Show its teachers")}
              </Button>
            </Flex>
          </Form>
        </Card>
      ) : null}
      {school ? (
        <Card size="3" style={{ maxWidth: 640 }}>
          <Form method="post" {...getFormProps(form)} aria-labelledby="create-class-title">
            <input type="hidden" name="schoolId" value={school.id} />
            <Flex direction="column" gap="4">
              <Heading as="h2" size="5" id="create-class-title">
                New class in {school.name}
              </Heading>
              {/* schoolId is a hidden input: its error (a changed form) is shown with the form's own. */}
              <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.schoolId.errors ?? [])]} />
              <Field
                label={t("Class name")}
                {...fieldProps(fields.name)}
                placeholder={t("e.g. 5C Poppies")}
                autoComplete="off"
              />
              {teachers.length === 0 ? (
                <EmptyState
                  title={t("No active teachers in this school")}
                  action={{ to: "/admin/staff/new", label: t("Add staff") }}
                >
                  A class needs at least one teacher. Add a teacher to {school.name} on the Staff page first.
                </EmptyState>
              ) : (
                <TeacherCheckboxes
                  id={fields.teacherIds.id}
                  name={fields.teacherIds.name}
                  teachers={teachers}
                  checked={[]}
                  errors={Object.values(fields.teacherIds.allErrors).flat()}
                />
              )}
              <Flex justify="end">
                <Button type="submit" disabled={teachers.length === 0}>
                  {t("Create class")}
                </Button>
              </Flex>
            </Flex>
          </Form>
        </Card>
      ) : schools.length > 1 ? (
        <Text size="2" color="gray">
          {t("Choose a school to see its teachers.")}
        </Text>
      ) : null}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Create Class", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
