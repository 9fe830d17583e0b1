/**
 * POST /class/{classId}/surveys/results/{assignmentId}/remind (intent
 * "send-reminder"): the results page's "Remind them" form (issue 38). A named
 * assignment reminds the children who have not answered; an anonymous one the
 * whole class (app/server/assignments/reminders.server.ts). Back to the
 * results with a toast that gives the count.
 */
import { sendReminder } from "~/server/assignments/reminders.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { recordIdParam, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/survey-remind";

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = recordIdParam(params.assignmentId);
  const here = `/class/${classId}/surveys/results/${assignmentId}`;
  const form = await request.formData();
  await readIntent(context, form.get("intent"), ["send-reminder"]);
  try {
    const sent = await sendReminder(db, user, { classId, assignmentId });
    return redirectWithSuccess(
      here,
      sent.toWholeClass
        ? t("The whole class sees a reminder until the survey closes.")
        : t("{count, plural, one {# student} other {# students}} will see a reminder.", { count: sent.remindedCount }),
    );
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to send the reminder"), t);
  }
}
