import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Flex, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { ArchiveRestoreForm } from "~/components/admin/archive-restore-form";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { EmptyState } from "~/components/class/empty-state";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Field, fieldProps } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { FormCard } from "~/components/ui/form-card";
import { TextLink } from "~/components/ui/kit-controls";
import { TableHead } from "~/components/ui/table-head";
import { schoolNameSchema } from "~/lib/schemas/admin";
import { recordIdSchema } from "~/lib/schemas/ids";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { createSchool, listSchools, setSchoolStatus } from "~/server/schools/schools.server";
import { readIntent } from "~/server/web/intents.server";
import { formErrorReply, formReply, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/schools";

const createSchema = z.object({ name: schoolNameSchema });
const statusSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  id: recordIdSchema("id"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  return { schools: await listSchools(db, user), platform: isPlatformAdmin(user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const formData = await request.formData();
  const intent = await readIntent(context, formData.get("intent"), ["create", "archive", "restore"]);
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createSchema });
    if (submission.status !== "success") return formReply(submission);
    try {
      const school = await createSchool(db, user, submission.value);
      return redirectWithSuccess(`/admin/schools/${school.id}`, t("School {name} created.", { name: school.name }));
    } catch (error) {
      return formErrorReply(submission, error, { messageField: "name", t });
    }
  }
  const parsed = statusSchema.safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) return redirectWithError("/admin/schools", t("That action is not available."));
  try {
    const school = await setSchoolStatus(db, user, parsed.data.id, intent === "archive" ? "archived" : "active");
    return redirectWithSuccess(
      "/admin/schools",
      intent === "archive"
        ? t("{name} archived. Its staff now see the blocked page.", { name: school.name })
        : t("{name} restored.", { name: school.name }),
    );
  } catch (error) {
    return redirectWithFailure("/admin/schools", error, t("The school could not be changed. Please try again."), t);
  }
}

export default function AdminSchoolsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { schools, platform } = loaderData;
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof createSchema>>({
    id: "create-school",
    lastResult: actionData?.result,
  });
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Schools")}
        description={
          platform
            ? t("Every school, with its staff, classes and students.")
            : t("Your school, with its staff, classes and students.")
        }
      />
      {schools.length === 0 ? (
        <EmptyState title={t("No schools yet")}>
          {t("Create the first school below, then add its staff on the Staff page.")}
        </EmptyState>
      ) : (
        <AdminTable label={t("Schools")}>
          <TableHead
            columns={[
              t("School"),
              t("Status"),
              { label: t("Staff"), justify: "end" },
              { label: t("Classes"), justify: "end" },
              { label: t("Students"), justify: "end" },
            ]}
            actions={platform}
          />
          <Table.Body>
            {schools.map((school) => (
              <Table.Row key={school.id}>
                <Table.RowHeaderCell>
                  <TextLink to={`/admin/schools/${school.id}`} weight="medium">
                    <bdi>{school.name}</bdi>
                  </TextLink>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <RecordStatusBadge status={school.status} />
                </Table.Cell>
                <Table.Cell justify="end">{school.staffCount}</Table.Cell>
                <Table.Cell justify="end">{school.classCount}</Table.Cell>
                <Table.Cell justify="end">{school.studentCount}</Table.Cell>
                {platform ? (
                  <Table.Cell>
                    <ArchiveRestoreForm id={school.id} name={school.name} status={school.status} />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </AdminTable>
      )}
      {platform ? (
        <FormCard
          id="create-school"
          intent="create"
          title={t("Create a school")}
          form={form}
          submitLabel={t("Create school")}
          headingSize="5"
          gap="4"
        >
          <Field
            label={t("School name")}
            {...fieldProps(fields.name)}
            autoComplete="off"
            placeholder={t("e.g. Lakeside Primary School")}
          />
        </FormCard>
      ) : (
        <Text size="2" color="gray">
          {t("Only a platform admin can create or archive schools.")}
        </Text>
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Schools", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
