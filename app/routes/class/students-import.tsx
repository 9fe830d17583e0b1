/**
 * /class/:classId/students/import: a class list from a CSV file or pasted
 * rows (issue 39.1). "Preview" parses and plans (nothing saved); the preview
 * carries the text back in its form, and "Import" plans the same text again
 * and applies it only when the plan is the one shown
 * (app/server/students/roster-import.server.ts). No JavaScript needed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Flex } from "~/components/ui/kit";
import { ButtonLink } from "~/components/ui/kit-controls";
import { ScreenHeader } from "~/components/ui/screen-header";
import { getServerT } from "~/server/i18n/i18n.server";
import { sayNumberedRefusal } from "~/server/i18n/numbered-refusal.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import {
  applyRosterImport,
  MAX_ROSTER_CSV_BYTES,
  MAX_ROSTER_ROWS,
  previewRosterImport,
  ROSTER_FILE_TOO_LARGE,
  type RosterColumnChoice,
} from "~/server/students/roster-import.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { intentsOf, readIntent } from "~/server/web/intents.server";
import { refusal } from "~/server/web/screen-errors.server";
import { ImportPreview, type PreviewData } from "./__students/import-preview";
import { importSchema } from "./__students/import-schema";
import { ImportUploadCard } from "./__students/import-upload-card";
import type { Route } from "./+types/students-import";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { classId } = await requireClassTeacher(request, context, params.classId);
  return { pageTitle: t("Import a class list"), classId, maxRows: MAX_ROSTER_ROWS };
}

type Answer = { preview: PreviewData | null; error: string | null; notice: string | null };
const answer = (body: Answer, status = 200) => data(body, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const submission = parseWithZod(await request.formData(), { schema: importSchema });
  await readIntent(context, submission.payload.intent, intentsOf(importSchema));
  if (submission.status !== "success") {
    return answer({ preview: null, error: t("Choose a CSV file or paste rows."), notice: null }, 400);
  }
  const input = submission.value;
  let text = input.csvText ?? "";
  if (input.intent === "preview" && input.csvFile && input.csvFile.size > 0) {
    if (input.csvFile.size > MAX_ROSTER_CSV_BYTES) {
      return answer({ preview: null, error: sayNumberedRefusal(ROSTER_FILE_TOO_LARGE, t), notice: null }, 400);
    }
    text = await input.csvFile.text();
  }
  if (text.trim() === "")
    return answer({ preview: null, error: t("Choose a CSV file or paste rows."), notice: null }, 400);
  const choice: RosterColumnChoice = input.columns;
  let notice: string | null = null;
  if (input.intent === "confirm") {
    try {
      const result = await applyRosterImport(db, user, classId, {
        text,
        choice,
        fingerprint: input.fingerprint,
        remove: input.remove,
      });
      return redirectWithSuccess(
        `/class/${classId}/students/manage`,
        t("Class list imported: {created} new, {updated} with new contacts, {removed} removed.", { ...result }),
      );
    } catch (error) {
      const refused = refusal(error);
      if (refused.code !== "CONFLICT") return answer({ preview: null, error: t(refused.message), notice: null }, 400);
      notice = t(refused.message);
    }
  }
  try {
    const { headers, columns, plan } = await previewRosterImport(db, user, classId, text, choice);
    return answer({ preview: { headers, columns, plan, text }, error: null, notice }, notice ? 409 : 200);
  } catch (error) {
    return answer({ preview: null, error: sayNumberedRefusal(refusal(error).message, t), notice: null }, 400);
  }
}

export default function ImportClassList({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, maxRows } = loaderData;
  const { t } = useTranslation("staff");
  const base = `/class/${classId}`;
  return (
    <Flex direction="column" gap="5">
      <ScreenHeader
        title={t("Import a class list")}
        description={t("Nothing is saved until you confirm the preview.")}
        actions={
          <ButtonLink variant="soft" to={`${base}/students/manage`}>
            {t("Back to the students")}
          </ButtonLink>
        }
      />
      {actionData?.preview ? (
        <ImportPreview preview={actionData.preview} notice={actionData.notice} />
      ) : (
        <ImportUploadCard error={actionData?.error ?? null} maxRows={maxRows} />
      )}
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Import a class list", error, matches);

/** An error in this page's action shows here, inside the header and the navigation. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
