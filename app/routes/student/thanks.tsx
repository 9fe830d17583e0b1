/** /student/assignments/:assignmentId/thanks: the answers are in; change them while the survey is open. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { STUDENT_HOME_PATH, studentAssignmentPath } from "~/lib/student-paths";
import { findStudentAssignment, surveyTitleIn } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { getLanguage } from "~/server/i18n/i18n.server";
import { findOwnResponse } from "~/server/responses/answer-page.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { requireStudent } from "~/server/web/student-access.server";
import type { Route } from "./+types/thanks";

/** Served without the client bundle: plain forms and links, and the plain student script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context);
  const assignmentId = recordIdParam(params.assignmentId);
  const { db, content } = getAppFromContext(context);
  const assignment = await orNotFound(findStudentAssignment(db, student, assignmentId));
  const response = await findOwnResponse(db, student, assignment.id);
  return {
    assignmentId: assignment.id,
    shown: await surveyTitleIn(content, assignment.surveyFullSlug, getLanguage(context), assignment.surveyTitle),
    open: assignment.status === "active",
    sent: response !== null,
  };
}

export default function Thanks({ loaderData }: Route.ComponentProps) {
  const { assignmentId, shown, open, sent } = loaderData;
  const { t } = useTranslation("student");
  return (
    <>
      {sent ? (
        <h1>{t("Thank you!")}</h1>
      ) : (
        <h1 lang={shown.language} dir="auto">
          {shown.title}
        </h1>
      )}
      <div className="student-card" role="status">
        <p>
          {sent
            ? t("Your answers to “{title}” are sent.", { title: shown.title })
            : t("You have not sent answers to this survey yet.")}
        </p>
        {open ? (
          <p>
            {sent ? `${t("Want to change something?")} ` : null}
            <Link to={studentAssignmentPath(assignmentId)}>
              {sent ? t("Change your answers") : t("Answer the survey")}
            </Link>
          </p>
        ) : (
          <p>{t("This survey is closed.")}</p>
        )}
      </div>
      <p>
        <Link className="student-button" to={STUDENT_HOME_PATH}>
          {t("Back to your surveys")}
        </Link>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches)("Thank you")} · Orliverse Classroom` },
];
