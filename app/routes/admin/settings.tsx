import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { z } from "zod";
import { ArchiveToggleForm } from "~/components/admin/archive-restore-form";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { SelectField } from "~/components/admin/select-field";
import { TeacherCheckboxes } from "~/components/admin/teacher-checkboxes";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { classNameSchema } from "~/lib/schemas/classroom";
import { parseRecordId, recordIdSchema } from "~/lib/schemas/ids";
import type { CurrentUser } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import {
  listClassesForAdmin,
  listSchoolTeachers,
  setClassStatus,
  updateClassSettings,
} from "~/server/classes/admin-classes.server";
import { listClassTeachers } from "~/server/classes/class-teachers.server";
import { getClass } from "~/server/classes/classes.server";
import { getClassYearGroup, yearGroupSchema } from "~/server/classes/year-group.server";
import { getAppFromContext } from "~/server/context.server";
import type { Db } from "~/server/db/client.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { readIntent } from "~/server/web/intents.server";
import { formErrorReply, formReply, nullIfNotFound, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/settings";

const updateSchema = z.object({
  name: classNameSchema,
  yearGroup: yearGroupSchema,
  teacherIds: z
    .array(recordIdSchema("teacherIds"), { message: "Choose at least one teacher" })
    .min(1, "Choose at least one teacher"),
});

function classIdFrom(request: Request): number | null {
  return parseRecordId(new URL(request.url).searchParams.get("classId"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const classes = await listClassesForAdmin(db, user);
  const classId = classIdFrom(request);
  if (!classId) return { classes, selected: null, missing: false };
  // A class that is gone (or not the admin's to see) leaves the list with a note, not a 404.
  const selected = await nullIfNotFound(selectedClass(db, user, classId));
  return { classes, selected, missing: selected === null };
}

async function selectedClass(db: Db, user: CurrentUser, classId: number) {
  const klass = await getClass(db, user, classId);
  const [teachers, schoolTeachers, yearGroup] = await Promise.all([
    listClassTeachers(db, user, classId),
    listSchoolTeachers(db, user, klass.schoolId),
    getClassYearGroup(db, user, classId),
  ]);
  const choices = [
    ...teachers.map(({ id, name, email }) => ({ id, name, email })),
    ...schoolTeachers.filter((t) => !teachers.some((c) => c.id === t.id)),
  ];
  return { klass: { ...klass, yearGroup }, teachers, choices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const classId = classIdFrom(request);
  if (!classId) return redirectWithError("/admin/settings", t("Choose a class first."));
  const here = `/admin/settings?classId=${classId}`;
  const formData = await request.formData();
  const intent = await readIntent(context, formData.get("intent"), ["archive", "restore", "update"]);
  if (intent === "archive" || intent === "restore") {
    try {
      const klass = await setClassStatus(db, user, classId, intent === "archive" ? "archived" : "active");
      return redirectWithSuccess(
        here,
        intent === "archive"
          ? t("Class {name} archived.", { name: klass.name })
          : t("Class {name} restored.", { name: klass.name }),
      );
    } catch (error) {
      return redirectWithFailure("/admin/settings", error, t("The class could not be changed. Please try again."));
    }
  }
  const submission = parseWithZod(formData, { schema: updateSchema });
  if (submission.status !== "success") return formReply(submission);
  try {
    const klass = await updateClassSettings(db, user, classId, submission.value);
    return redirectWithSuccess(here, t("Class {name} saved.", { name: submission.value.name || klass.name }));
  } catch (error) {
    return formErrorReply(submission, error);
  }
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { classes, selected, missing } = loaderData;
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Edit Class")}
        description={t("Choose a class, then rename it, change its teachers or archive it.")}
      />
      {classes.length === 0 ? (
        <EmptyState title={t("No classes yet")} action={{ to: "/admin/create-class", label: t("Create a class") }}>
          {t("There are no classes in your scope yet. Create one and choose its teachers.")}
        </EmptyState>
      ) : (
        <Card size="2" style={{ maxWidth: 640 }}>
          <Form method="get" aria-label={t("Choose a class")}>
            <Flex gap="3" align="end" wrap="wrap">
              <Box flexGrow="1">
                <SelectField
                  label={t("Class")}
                  name="classId"
                  defaultValue={selected ? String(selected.klass.id) : ""}
                  options={[
                    { value: "", label: t("Choose a class…") },
                    ...classes.map((klass) => ({
                      value: String(klass.id),
                      label: `${klass.name} · ${klass.schoolName}${klass.status === "archived" ? " (archived)" : ""}`,
                    })),
                  ]}
                />
              </Box>
              <Button type="submit" variant="soft">
                {t("Edit this class")}
              </Button>
            </Flex>
          </Form>
        </Card>
      )}
      {missing ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>{t("That class was not found. It may be outside your school.")}</Callout.Text>
        </Callout.Root>
      ) : null}
      {selected ? <EditClassCard key={selected.klass.id} selected={selected} lastResult={actionData?.result} /> : null}
    </Flex>
  );
}

function EditClassCard({
  selected,
  lastResult,
}: {
  selected: NonNullable<Route.ComponentProps["loaderData"]["selected"]>;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation("staff");
  const { klass, teachers, choices } = selected;
  const [form, fields] = useForm<z.input<typeof updateSchema>>({
    id: "edit-class",
    lastResult,
    defaultValue: { name: klass.name, yearGroup: klass.yearGroup ?? "" },
  });
  return (
    <Card size="3" style={{ maxWidth: 720 }}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Box>
            <Heading as="h2" size="5">
              <bdi>{klass.name}</bdi>
            </Heading>
            <Flex gap="2" align="center" mt="1">
              <Text size="2" color="gray">
                <bdi>{klass.schoolName}</bdi>
              </Text>
              <RecordStatusBadge status={klass.status} />
            </Flex>
          </Box>
          <Flex gap="2" wrap="wrap">
            {klass.status === "active" ? (
              <Button asChild variant="soft" color="gray">
                <Link to={`/class/${klass.id}/home`}>{t("Open class")}</Link>
              </Button>
            ) : null}
            <ArchiveToggleForm
              status={klass.status}
              archiveLabel={t("Archive class")}
              restoreLabel={t("Restore class")}
            />
          </Flex>
        </Flex>
        <Form method="post" {...getFormProps(form)} aria-label={`Edit ${klass.name}`}>
          <input type="hidden" name="intent" value="update" />
          <Flex direction="column" gap="4">
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field label={t("Class name")} {...fieldProps(fields.name)} autoComplete="off" />
            <Field label={t("Year group (optional)")} {...fieldProps(fields.yearGroup)} autoComplete="off" />
            {choices.length === 0 ? (
              <Text size="2" color="gray">
                {t("This school has no active teachers. Add one on the Staff page first.")}
              </Text>
            ) : (
              <TeacherCheckboxes
                id={fields.teacherIds.id}
                name={fields.teacherIds.name}
                teachers={choices}
                checked={teachers.map((teacher) => teacher.id)}
                errors={Object.values(fields.teacherIds.allErrors).flat()}
              />
            )}
            <Flex justify="end">
              <Button type="submit">{t("Save changes")}</Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Edit Class", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
