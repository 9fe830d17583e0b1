/**
 * /student/assignments/:assignmentId: a survey of the student's class,
 * live. The form posts the same answers the student API takes and the same
 * domain function (submitResponse) validates and stores them (ADR 152):
 * errors come back next to each field with everything typed kept; a form
 * sent twice makes one response; while the survey is open a later send
 * replaces the earlier one; a closed survey says so and takes nothing.
 * With JavaScript, answers wait on the device when the network is gone
 * (AnswerOutbox, issue #37).
 */
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import drawingPadScript from "~/client/drawing-pad.ts?worker&url";
import { AnswerBlocks } from "~/components/student/answer-blocks";
import { AnswerOutbox } from "~/components/student/answer-outbox";
import { LANGUAGE_INTENT, type LanguageFormHandle } from "~/components/student/language-menu";
import { LazySurveyContent } from "~/components/student/lazy-survey-content";
import { FormErrors } from "~/components/student/student-fields";
import { StudentSubmit } from "~/components/student/student-submit";
import { answerFieldName, FORM_TOKEN_FIELD } from "~/lib/answer-form";
import { languageDir } from "~/lib/i18n/languages";
import { metaTranslator } from "~/lib/i18n/meta";
import { useNonce } from "~/lib/nonce";
import type { PlainPageHandle } from "~/lib/plain-page";
import { STUDENT_HOME_PATH, studentAssignmentPath } from "~/lib/student-paths";
import { hasText, listAnswerFields } from "~/lib/survey-content";
import { findStudentAssignment, loadSurveyStory } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { getLanguage, getServerT } from "~/server/i18n/i18n.server";
import { redirect } from "~/server/redirects.server";
import {
  answersToValues,
  formIdempotencyKey,
  newFormToken,
  readAnswerForm,
} from "~/server/responses/answer-form.server";
import { outboxOfSession } from "~/server/responses/answer-outbox.server";
import { loadAnswerPage } from "~/server/responses/answer-page.server";
import { submitResponse } from "~/server/responses/submissions.server";
import { orNotFound, recordIdParam, studentFormErrorReply, studentFormReply } from "~/server/web/screen-errors.server";
import { requireStudent } from "~/server/web/student-access.server";
import type { Route } from "./+types/answer";

/** The answers form: the page's language buttons post it too, so nothing typed is lost (issue 36). */
const ANSWERS_FORM_ID = "student-answers";

/**
 * Served without the client bundle (ADR 170); a survey with a drawing
 * question adds the drawing pad's own plain script (ADR 171).
 */
export const handle: PlainPageHandle & LanguageFormHandle = { plainPage: true, languageForm: ANSWERS_FORM_ID };

export const ANONYMOUS_NOTICE = "Your teacher will not see your name with these answers.";
export const CLOSED_NOTICE = "This survey is closed. It does not take answers any more.";

/** The content service is down with no copy: a 503 page that says to try again. */
async function withContent<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDomainError(error) && error.code === "CONTENT_UNAVAILABLE") {
      throw new Response(error.message, { status: 503, headers: error.headers });
    }
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context);
  const assignmentId = recordIdParam(params.assignmentId);
  const { db, content } = getAppFromContext(context);
  const page = await withContent(orNotFound(loadAnswerPage(db, content, student, assignmentId, getLanguage(context))));
  if (page.state !== "open") return { page, formToken: "", saved: {}, drawingPad: false, outbox: null };
  return {
    page,
    outbox: outboxOfSession(getAppFromContext(context).config.sessionSecrets[0], student.tokenId),
    drawingPad: (page.survey.response ?? []).some((block) => block.component === "response-art"),
    formToken: newFormToken(),
    saved: page.previous ? answersToValues(page.previous.answers) : {},
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context);
  const assignmentId = recordIdParam(params.assignmentId);
  const { db, content } = getAppFromContext(context);
  const form = await request.formData();
  const assignment = await orNotFound(findStudentAssignment(db, student, assignmentId));
  let values: Record<string, string> = {};
  try {
    const story = await withContent(loadSurveyStory(content, assignment.surveyFullSlug));
    const read = readAnswerForm(form, listAnswerFields(story.content));
    values = read.values;
    // A language button: the page again, in the language of this request (`?lng=`), with what was typed.
    if (form.get("intent") === LANGUAGE_INTENT)
      return studentFormReply({ formErrors: [], fieldErrors: {}, values }, 200);
    await submitResponse(db, content, student, {
      assignmentId,
      answers: read.answers,
      idempotencyKey: formIdempotencyKey(read.formToken, read.answers),
      servedAt: read.servedAt,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return studentFormErrorReply(error, values, answerFieldName, await getServerT(context, "student"));
  }
  return redirect(`${studentAssignmentPath(assignmentId)}/thanks`);
}

export default function Answer({ loaderData, actionData }: Route.ComponentProps) {
  const { page, formToken, saved, drawingPad, outbox } = loaderData;
  const navigation = useNavigation();
  const nonce = useNonce();
  const { t } = useTranslation("student");
  if (page.state !== "open") return <NotOpen title={page.title} state={page.state} answered={page.answered} />;
  const reply = actionData?.reply;
  const survey = page.survey;
  const sending = navigation.state === "submitting";
  return (
    <>
      <p>
        <Link to={STUDENT_HOME_PATH}>{t("Back to your surveys")}</Link>
      </p>
      <header className="student-question" lang={page.contentLanguage} dir={languageDir(page.contentLanguage)}>
        <h1>{hasText(survey.title) ? survey.title : page.title}</h1>
        {hasText(survey.description) ? <p>{survey.description}</p> : null}
      </header>
      {page.anonymous ? (
        <p className="student-note" role="note">
          <strong>{t(ANONYMOUS_NOTICE)}</strong>
        </p>
      ) : null}
      {page.previous ? (
        <p className="student-note">
          {t(
            "You already sent your answers. You can change them and send them again until your teacher closes the survey.",
          )}
        </p>
      ) : null}
      <div lang={page.contentLanguage} dir={languageDir(page.contentLanguage)}>
        <LazySurveyContent blocks={survey.content ?? []} />
      </div>
      <Form method="post" id={ANSWERS_FORM_ID} className="student-form" aria-label={t("Your answers")} noValidate>
        <FormErrors errors={reply?.formErrors} />
        <input type="hidden" name={FORM_TOKEN_FIELD} value={reply?.values[FORM_TOKEN_FIELD] ?? formToken} />
        <AnswerBlocks
          blocks={survey.response ?? []}
          state={{
            values: reply ? reply.values : saved,
            errors: reply?.fieldErrors ?? {},
            assignmentId: page.assignmentId,
            choiceValues: page.choiceValues,
            contentLanguage: page.contentLanguage,
          }}
        />
        <StudentSubmit aria-disabled={sending || undefined}>
          {page.previous ? t("Send my new answers") : t("Send my answers")}
        </StudentSubmit>
      </Form>
      {outbox ? (
        <AnswerOutbox
          key={page.assignmentId}
          settings={{
            ...outbox,
            form: ANSWERS_FORM_ID,
            done: `${studentAssignmentPath(page.assignmentId)}/thanks`,
            assignment: String(page.assignmentId),
          }}
        />
      ) : null}
      {drawingPad ? <script src={drawingPadScript} nonce={nonce || undefined} defer /> : null}
    </>
  );
}

function NotOpen({ title, state, answered }: { title: string; state: "closed" | "not-started"; answered: boolean }) {
  const { t } = useTranslation("student");
  return (
    <>
      <h1 dir="auto">{title}</h1>
      <div className="student-card" role="status">
        <p>
          {state === "closed" ? t(CLOSED_NOTICE) : t("This survey has not started yet. Your teacher will start it.")}
        </p>
        {state === "closed" && answered ? <p>{t("Your answers were sent before it closed.")}</p> : null}
      </div>
      <p>
        <Link className="student-button student-button-quiet" to={STUDENT_HOME_PATH}>
          {t("Back to your surveys")}
        </Link>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: `${loaderData?.page.title ?? metaTranslator(matches)("Survey")} · Orliverse Classroom` },
];
