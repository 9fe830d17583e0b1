/**
 * /admin/schools/:schoolId/import: the school from a OneRoster 1.2 CSV zip
 * (issue 39.2). "Preview" reads, checks and plans (nothing saved); the
 * preview carries the zip back in its form, and "Import" plans it again and
 * applies it only when the plan is the one shown
 * (app/server/oneroster/oneroster-import.server.ts). No JavaScript needed.
 * Another school's admin, and any teacher, get the 404 page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Flex } from "~/components/ui/kit";
import { ButtonLink } from "~/components/ui/kit-controls";
import { ScreenHeader } from "~/components/ui/screen-header";
import { ONEROSTER_LIMITS } from "~/lib/oneroster-limits";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import type { DomainError } from "~/server/errors.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { sayNumberedRefusal } from "~/server/i18n/numbered-refusal.server";
import {
  applyOneRosterImport,
  getImportSchool,
  previewOneRosterImport,
} from "~/server/oneroster/oneroster-import.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { intentsOf, readIntent } from "~/server/web/intents.server";
import { orNotFound, recordIdParam, refusal } from "~/server/web/screen-errors.server";
import { OneRosterPreview, type OneRosterPreviewData } from "./__import/oneroster-preview";
import { oneRosterImportSchema } from "./__import/oneroster-schema";
import { OneRosterUploadCard } from "./__import/oneroster-upload-card";
import type { Route } from "./+types/school-import";

const MAX_MEGABYTES = ONEROSTER_LIMITS.zipBytes / (1024 * 1024);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const school = await orNotFound(getImportSchool(db, user, recordIdParam(params.schoolId)));
  return { pageTitle: t("Import the school"), school };
}

type Answer = { preview: OneRosterPreviewData | null; error: string | null; notice: string | null };
const answer = (body: Answer, status = 200) => data(body, { status });
/** A refusal's answer: 503 with its Retry-After when the instance reads other imports (issue #35), else 400. */
const refused = (error: DomainError, t: Awaited<ReturnType<typeof getServerT>>) =>
  data<Answer>(
    { preview: null, error: sayNumberedRefusal(error.message, t), notice: null },
    error.code === "SERVICE_UNAVAILABLE" ? { status: 503, headers: error.headers } : { status: 400 },
  );

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schoolId = recordIdParam(params.schoolId);
  await orNotFound(getImportSchool(db, user, schoolId));
  const submission = parseWithZod(await request.formData(), { schema: oneRosterImportSchema });
  await readIntent(context, submission.payload.intent, intentsOf(oneRosterImportSchema));
  const chooseFile = t("Choose the zip file of a OneRoster export.");
  if (submission.status !== "success") return answer({ preview: null, error: chooseFile, notice: null }, 400);
  const input = submission.value;
  let zip: Uint8Array = Buffer.from(input.zipData ?? "", "base64");
  if (input.intent === "preview" && input.rosterZip && input.rosterZip.size > 0) {
    if (input.rosterZip.size > ONEROSTER_LIMITS.zipBytes) {
      const tooLarge = sayNumberedRefusal(`The zip file is larger than ${MAX_MEGABYTES} MB.`, t);
      return answer({ preview: null, error: tooLarge, notice: null }, 400);
    }
    zip = new Uint8Array(await input.rosterZip.arrayBuffer());
  }
  if (zip.byteLength === 0) return answer({ preview: null, error: chooseFile, notice: null }, 400);
  let notice: string | null = null;
  if (input.intent === "confirm") {
    try {
      const result = await applyOneRosterImport(db, user, schoolId, { zip, fingerprint: input.fingerprint });
      return redirectWithSuccess(
        `/admin/schools/${schoolId}`,
        t(
          "School imported: {classes} classes, {teachers} teachers and {students} students new or changed, {enrolled} enrolments added, {ended} ended.",
          { ...result },
        ),
      );
    } catch (error) {
      const domainError = refusal(error);
      if (domainError.code !== "CONFLICT") return refused(domainError, t);
      notice = t(domainError.message);
    }
  }
  try {
    const plan = await previewOneRosterImport(db, user, schoolId, zip);
    const zipData = Buffer.from(zip).toString("base64");
    return answer({ preview: { plan, zipData }, error: null, notice }, notice ? 409 : 200);
  } catch (error) {
    return refused(refusal(error), t);
  }
}

export default function ImportSchool({ loaderData, actionData }: Route.ComponentProps) {
  const { school } = loaderData;
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="5">
      <ScreenHeader
        title={t("Import the school")}
        description={
          <>
            <bdi>{school.name}</bdi> · {t("Nothing is saved until you confirm the preview.")}
          </>
        }
        actions={
          <ButtonLink variant="soft" to={`/admin/schools/${school.id}`}>
            {t("Back to the school")}
          </ButtonLink>
        }
      />
      {actionData?.preview ? (
        <OneRosterPreview preview={actionData.preview} notice={actionData.notice} />
      ) : (
        <OneRosterUploadCard error={actionData?.error ?? null} maxMegabytes={MAX_MEGABYTES} />
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Import the school", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary error={error} params={params} homeLink={{ to: "/admin/schools", label: "Back to schools" }} />
  );
}
