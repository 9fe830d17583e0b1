/**
 * /admin/staff/new: add staff, as rows typed in (at most 50) or as a CSV
 * (a file or pasted text). Two forms on one page: the action parses their
 * `intent` once (`newStaffSchema`), then each is answered in its own shape.
 * Either way the result lands on the list (`/admin/staff?result=`).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import type { CurrentUser } from "~/server/auth/current-user.server";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { listSchoolChoices } from "~/server/schools/schools.server";
import { bulkCreateStaff, MAX_BULK_ROWS, type StaffRowInput } from "~/server/users/bulk-create.server";
import { MAX_STAFF_CSV_BYTES, parseStaffCsv } from "~/server/users/staff-csv.server";
import { keepListShape } from "~/server/web/forms.server";
import { intentsOf, readIntent } from "~/server/web/intents.server";
import { redirectWithFailure, refusal } from "~/server/web/screen-errors.server";
import { BulkCreateCard } from "./__shared/bulk-create-card";
import { ImportCsvCard } from "./__shared/import-csv-card";
import { newStaffSchema } from "./__shared/staff-schemas";
import type { Route } from "./+types/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  return {
    schoolChoices: await listSchoolChoices(db, user),
    maxImportRows: MAX_BULK_ROWS,
    platform: isPlatformAdmin(user),
  };
}

const importRefused = (importError: string) =>
  data({ form: "import" as const, result: null, importError }, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db, mailer } = getAppFromContext(context);
  const submission = parseWithZod(keepListShape(await request.formData(), "staffMembers"), { schema: newStaffSchema });
  await readIntent(context, submission.payload.intent, intentsOf(newStaffSchema));
  if (submission.status !== "success" || submission.value.intent === "bulk-create") {
    // The rows form, or a list intent of conform's (a row added or removed without JavaScript: status undefined).
    if (submission.status !== "success")
      return data(
        { form: "bulk" as const, result: submission.reply(), importError: null },
        { status: submission.status === "error" ? 400 : 200 },
      );
    const rows = (submission.value.intent === "bulk-create" ? (submission.value.staffMembers ?? []) : []).filter(
      (row) => row.name || row.email,
    );
    if (rows.length === 0) {
      const result = submission.reply({
        formErrors: [t("Fill in at least one row: a name and an e-mail address.")],
      });
      return data({ form: "bulk" as const, result, importError: null }, { status: 400 });
    }
    return createAndReport(db, user, rows, mailer, t);
  }

  const { csvFile, csvText } = submission.value;
  let text = csvText ?? "";
  if (csvFile && csvFile.size > 0) {
    if (csvFile.size > MAX_STAFF_CSV_BYTES)
      return importRefused("The file is larger than 1 MB. Split it into smaller files.");
    text = await csvFile.text();
  }
  let rows: StaffRowInput[];
  try {
    rows = parseStaffCsv(text);
  } catch (error) {
    return importRefused(refusal(error).message);
  }
  if (rows.length === 0) return importRefused("Choose a CSV file or paste CSV rows: name,email,role,school.");
  if (rows.length > MAX_BULK_ROWS) {
    return importRefused(`At most ${MAX_BULK_ROWS} rows in one import; this file has ${rows.length}.`);
  }
  return createAndReport(db, user, rows, mailer, t);
}

async function createAndReport(
  db: Parameters<typeof bulkCreateStaff>[0],
  user: CurrentUser,
  rows: StaffRowInput[],
  mailer: Parameters<typeof bulkCreateStaff>[3]["mailer"],
  t: Awaited<ReturnType<typeof getServerT>>,
) {
  try {
    const result = await bulkCreateStaff(db, user, rows, { mailer });
    const message =
      result.refused.length === 0
        ? t("{count, plural, one {# staff member} other {# staff members}} created and invited.", {
            count: result.created.length,
          })
        : t(
            "{count, plural, one {# staff member} other {# staff members}} created; {refused, plural, one {# row} other {# rows}} refused.",
            { count: result.created.length, refused: result.refused.length },
          );
    return redirectWithSuccess(`/admin/staff?result=${result.resultId}#bulk-result`, message);
  } catch (error) {
    return redirectWithFailure(
      "/admin/staff/new#import-csv",
      error,
      t("The staff could not be created. Please try again."),
    );
  }
}

export default function AdminNewStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { schoolChoices, maxImportRows, platform } = loaderData;
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t("Add staff")}
        description={t("Type in one row per person, or import a CSV file. Each new member gets an invitation e-mail.")}
      />
      <BulkCreateCard
        lastResult={actionData?.form === "bulk" ? actionData.result : undefined}
        schoolChoices={schoolChoices}
        platform={platform}
      />
      <ImportCsvCard
        error={actionData?.form === "import" ? actionData.importError : null}
        platform={platform}
        maxRows={maxImportRows}
      />
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Add staff", error, matches);

/** An error in this page's action shows here, inside the header and the navigation (see the list's boundary). */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
