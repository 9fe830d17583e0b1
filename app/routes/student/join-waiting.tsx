/**
 * /join/waiting: a device whose join the teacher has to let in waits here
 * (ADR 180). The page says so plainly. Once the teacher has said yes, the
 * page itself collects the student session and goes on to the surveys: the
 * plain student script asks every 2 seconds, and without JavaScript the page
 * reloads itself every 5 seconds (each ask also tells the teacher's list the
 * device is still there); "Check again" (a plain POST) does the same at once.
 * A child who typed the wrong name goes back with "This is not me" (the
 * request lapses). A child with a card can type their personal code instead.
 * The join request's secret is in the signed `__join_request` cookie; without
 * one, the page sends the device back to /join. Only a request the teacher
 * admitted gives a session; a GET never starts a new join.
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { HoneypotInput, TextInput } from "~/components/student/student-fields";
import { StudentPlainPage } from "~/components/student/student-frame";
import { StudentSubmit } from "~/components/student/student-submit";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { JOIN_WAITING_ATTRIBUTE, JOIN_WAITING_RELOAD_SECONDS } from "~/lib/plain-page-behaviour";
import { MAX_PERSONAL_CODE_LENGTH } from "~/lib/student-api/limits";
import { JOIN_PATH, JOIN_WAITING_PATH, STUDENT_HOME_PATH } from "~/lib/student-paths";
import { cancelJoinRequest, collectJoinRequest, readJoinRequest } from "~/server/class-codes/join-collect.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { redirect } from "~/server/redirects.server";
import { readJoinRequestSecret, stopWaiting } from "~/server/students/join-request-cookie.server";
import { startStudentSession } from "~/server/students/student-session.server";
import { readIntent } from "~/server/web/intents.server";
import type { Route } from "./+types/join-waiting";

/** Served without the client bundle: plain forms and links, and the plain student script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getAppFromContext(context);
  const secret = await readJoinRequestSecret(app.joinRequestCookie, request);
  const view = secret ? await readJoinRequest(app.db, secret) : null;
  if (!secret || !view) throw redirect(JOIN_PATH);
  // The teacher said yes: in at once, no tap on "Start" (issue 36). If that fails, the wait is over.
  const state = view.state === "admitted" ? await collectOrGone(app, secret) : view.state;
  if (state instanceof Response) throw state;
  return { state, className: view.class.name, classCode: view.classCode };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getAppFromContext(context);
  const form = await request.formData();
  const intent = await readIntent(context, form.get("intent"), ["check", "cancel"]);
  const secret = await readJoinRequestSecret(app.joinRequestCookie, request);
  if (!secret) return redirect(JOIN_PATH);
  if (intent === "cancel") {
    // Not me: the request lapses and the child joins again, the class code filled in.
    const view = await readJoinRequest(app.db, secret);
    await cancelJoinRequest(app.db, secret);
    const back = view?.classCode ? `${JOIN_PATH}?${new URLSearchParams({ code: view.classCode })}` : JOIN_PATH;
    return redirect(back, { headers: { "Set-Cookie": await stopWaiting(app.joinRequestCookie) } });
  }
  const state = await collectOrGone(app, secret);
  return state instanceof Response ? state : redirect(JOIN_WAITING_PATH);
}

/** The session once the teacher said yes (a redirect to the surveys), else the state the page shows. */
async function collectOrGone(
  app: ReturnType<typeof getAppFromContext>,
  secret: string,
): Promise<Response | "waiting" | "refused" | "gone"> {
  try {
    const outcome = await collectJoinRequest(app.db, secret);
    if (outcome.status === "waiting") return "waiting";
    const headers = new Headers();
    headers.append("Set-Cookie", await stopWaiting(app.joinRequestCookie));
    headers.append("Set-Cookie", await startStudentSession(app.studentCookie, outcome.token));
    return redirect(STUDENT_HOME_PATH, { headers });
  } catch (error) {
    if (isDomainError(error) && error.code === "JOIN_REFUSED") return "refused";
    if (isDomainError(error) && error.code === "JOIN_REQUEST_GONE") return "gone";
    throw error;
  }
}

export default function JoinWaiting({ loaderData }: Route.ComponentProps) {
  const { state, className, classCode } = loaderData;
  const { t } = useTranslation("student");
  if (state === "refused" || state === "gone") {
    return (
      <StudentPlainPage>
        <h1>{state === "refused" ? t("Your teacher said no") : t("Please join again")}</h1>
        <div className="student-card" role="status">
          <p>
            {state === "refused"
              ? t("Your teacher did not let this device in. Ask your teacher what to do.")
              : t("You waited too long. Please join again with the class code.")}
          </p>
          <div className="student-actions">
            <Link className="student-button" to={JOIN_PATH}>
              {t("Join again")}
            </Link>
          </div>
        </div>
      </StudentPlainPage>
    );
  }
  return (
    <StudentPlainPage>
      <h1>{t("Wait for your teacher")}</h1>
      <div className="student-card" role="status" {...{ [JOIN_WAITING_ATTRIBUTE]: "" }}>
        <p>{t("Your teacher needs to let you in to {className}.", { className })}</p>
        <p>{t("Please wait. Tell your teacher you are waiting. When your teacher says yes, you go in by yourself.")}</p>
        <Form method="post">
          <StudentSubmit name="intent" value="check">
            {t("Check again")}
          </StudentSubmit>
        </Form>
      </div>
      <Form method="post" className="student-hint">
        {t("Did you type the wrong name?")}{" "}
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="student-button student-button-quiet student-button-small"
        >
          {t("This is not me: join again")}
        </button>
      </Form>
      {/* Without JavaScript the page reloads itself; with it, the plain student script asks instead. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(JOIN_WAITING_RELOAD_SECONDS)} />
      </noscript>
      {state === "waiting" && classCode ? (
        <Form
          method="post"
          action={JOIN_PATH}
          className="student-card"
          aria-labelledby="waiting-card-heading"
          noValidate
        >
          <h2 id="waiting-card-heading">{t("Do you have a card with your personal code?")}</h2>
          <input type="hidden" name="code" value={classCode} />
          <TextInput
            id="waiting-personal-code"
            name="personalCode"
            label={t("Your personal code")}
            hint={t("It is on your card, for example KMR-394.")}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={MAX_PERSONAL_CODE_LENGTH}
          />
          <HoneypotInput name={HONEYPOT_FIELD} />
          <StudentSubmit className="student-button-quiet">{t("Join with my code")}</StudentSubmit>
        </Form>
      ) : null}
    </StudentPlainPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches)("Wait for your teacher")} · Orliverse Classroom` },
];
