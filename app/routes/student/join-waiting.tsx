/**
 * /join/waiting: a device whose join the teacher has to let in waits here
 * (ADR 180). The page says so plainly; "Check again" (a plain POST, works
 * without JavaScript; the page also reloads itself every 15 seconds) collects
 * the student session once the teacher has said yes. A child with a card can
 * type their personal code instead. The join request's secret is in the
 * signed `__join_request` cookie; without one, the page sends the device back
 * to /join. A GET never joins.
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { HoneypotInput, TextInput } from "~/components/student/student-fields";
import { StudentPlainPage } from "~/components/student/student-frame";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { MAX_PERSONAL_CODE_LENGTH } from "~/lib/student-api/limits";
import { JOIN_PATH, JOIN_WAITING_PATH, STUDENT_HOME_PATH } from "~/lib/student-paths";
import { collectJoinRequest, readJoinRequest } from "~/server/class-codes/join-collect.server";
import { getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { redirect } from "~/server/redirects.server";
import { readJoinRequestSecret, stopWaiting } from "~/server/students/join-request-cookie.server";
import { startStudentSession } from "~/server/students/student-session.server";
import { readIntent } from "~/server/web/intents.server";
import type { Route } from "./+types/join-waiting";

/** Served without the client bundle: plain forms and links, and the plain student script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

/** How often the waiting page reloads itself, in seconds. */
const RELOAD_SECONDS = 15;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getAppFromContext(context);
  const secret = await readJoinRequestSecret(app.joinRequestCookie, request);
  const view = secret ? await readJoinRequest(app.db, secret) : null;
  if (!view) throw redirect(JOIN_PATH);
  return { state: view.state, className: view.class.name, classCode: view.classCode };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getAppFromContext(context);
  const form = await request.formData();
  await readIntent(context, form.get("intent"), ["check"]);
  const secret = await readJoinRequestSecret(app.joinRequestCookie, request);
  if (!secret) return redirect(JOIN_PATH);
  try {
    const outcome = await collectJoinRequest(app.db, secret);
    if (outcome.status === "waiting") return redirect(JOIN_WAITING_PATH);
    const headers = new Headers();
    headers.append("Set-Cookie", await stopWaiting(app.joinRequestCookie));
    headers.append("Set-Cookie", await startStudentSession(app.studentCookie, outcome.token));
    return redirect(STUDENT_HOME_PATH, { headers });
  } catch (error) {
    // Refused or over: the page shows it (from the request's state).
    if (isDomainError(error) && (error.code === "JOIN_REFUSED" || error.code === "JOIN_REQUEST_GONE"))
      return redirect(JOIN_WAITING_PATH);
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
      <h1>{state === "admitted" ? t("You can go in!") : t("Wait for your teacher")}</h1>
      <div className="student-card" role="status">
        {state === "admitted" ? (
          <p>{t("Your teacher let you in to {className}. Press Start.", { className })}</p>
        ) : (
          <>
            <p>{t("Your teacher needs to let you in to {className}.", { className })}</p>
            <p>{t("Please wait. Tell your teacher you are waiting. When your teacher says yes, press Check again.")}</p>
          </>
        )}
        <Form method="post">
          <div className="student-actions">
            <button type="submit" name="intent" value="check" className="student-button">
              {state === "admitted" ? t("Start") : t("Check again")}
            </button>
          </div>
        </Form>
      </div>
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
          <div className="student-actions">
            <button type="submit" className="student-button student-button-quiet">
              {t("Join with my code")}
            </button>
          </div>
        </Form>
      ) : null}
    </StudentPlainPage>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${metaTranslator(matches)("Wait for your teacher")} · Orliverse Classroom` },
  ...(data?.state === "waiting" ? [{ httpEquiv: "refresh", content: String(RELOAD_SECONDS) }] : []),
];
