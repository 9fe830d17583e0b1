/**
 * /join: a student joins their class with the class code and their name, or
 * their personal code, by the student API's rules (joinClass: the same code
 * normalisation, roster match, identity rules, rate limits by the real
 * client address, and messages), and gets the browser's student session
 * (ADR 150, ADR 180). When the teacher has to let the device in, it waits on
 * /join/waiting. `?code=` fills in the class code (the projector's QR code
 * links here), `&personal=` the personal code (the QR on a student's card);
 * a GET never joins. A signed-in staff user is told what to do instead of
 * being turned into a student.
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { CardJoin, NotYourCard } from "~/components/student/card-join";
import { CloseNameQuestion, type NameSuggestion } from "~/components/student/close-name-question";
import { STAFF_CANNOT_JOIN_MESSAGE, StaffSignedIn } from "~/components/student/staff-signed-in";
import { FormErrors, HoneypotInput, TextInput } from "~/components/student/student-fields";
import { StudentPlainPage } from "~/components/student/student-frame";
import { StudentSubmit } from "~/components/student/student-submit";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { passRetryAfter } from "~/lib/retry-after";
import { MAX_NAME_LENGTH, MAX_PERSONAL_CODE_LENGTH } from "~/lib/student-api/limits";
import { joinRequestSchema } from "~/lib/student-api/schemas";
import type { StudentFormReply } from "~/lib/student-form";
import { JOIN_WAITING_PATH, STUDENT_HOME_PATH } from "~/lib/student-paths";
import { getOptionalUser } from "~/server/auth/guards.server";
import { joinClass } from "~/server/class-codes/join.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { isDomainError } from "~/server/errors.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirect } from "~/server/redirects.server";
import { cardOnPage } from "~/server/students/card-tokens.server";
import { newJoinDevice, readJoinDeviceId } from "~/server/students/join-device-cookie.server";
import { readJoinRequestSecret, startWaiting, stopWaiting } from "~/server/students/join-request-cookie.server";
import { endStudentSession, getOptionalStudent, startStudentSession } from "~/server/students/student-session.server";
import { studentFormErrorReply, studentFormReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/join";

/** Served without the client bundle: plain forms and links, and the plain student script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

const NOT_PROCESSED_MESSAGE = "Joining did not work. Please try again.";

const MAX_CODE_LENGTH = 40;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("code")?.slice(0, MAX_CODE_LENGTH) ?? "";
  const personal = params.get("personal")?.slice(0, MAX_PERSONAL_CODE_LENGTH) ?? "";
  const user = await getOptionalUser(request, context);
  if (user) return { code, personal, card: null, staffName: user.name, student: null };
  // A card's QR code (issue 36): whose card it is, read only.
  const token = params.get("card")?.slice(0, 200) ?? "";
  const card = token ? await cardOnPage(getAppFromContext(context).db, token) : null;
  const student = await getOptionalStudent(request, context);
  const loaded = {
    code,
    personal,
    card,
    staffName: null,
    student: student ? { name: `${student.firstName} ${student.lastName}`, className: student.className } : null,
  };
  // The form's page gives the browser its join-device id, so its own wrong codes slow only it (ADR 203).
  const { joinDeviceCookie } = getAppFromContext(context);
  if (await readJoinDeviceId(joinDeviceCookie, request)) return loaded;
  return data(loaded, { headers: { "Set-Cookie": await newJoinDevice(joinDeviceCookie) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    code: String(form.get("code") ?? ""),
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    personalCode: String(form.get("personalCode") ?? ""),
    card: String(form.get("card") ?? ""),
  };
  const reply = (formErrors: string[], fieldErrors: Record<string, string[]> = {}, status = 400) =>
    studentFormReply({ formErrors, fieldErrors, values } satisfies StudentFormReply, status);
  if (await getOptionalUser(request, context)) return reply([STAFF_CANNOT_JOIN_MESSAGE], {}, 403);
  if (form.get(HONEYPOT_FIELD)) return reply([NOT_PROCESSED_MESSAGE]);
  // "No, I am new" to "Are you …?" (issue 36).
  const parsed = joinRequestSchema.safeParse({
    ...values,
    card: values.card || undefined,
    newName: form.get("newName") === "yes" || undefined,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return reply([], fieldErrors);
  }
  const app = getAppFromContext(context);
  const deviceId = await readJoinDeviceId(app.joinDeviceCookie, request);
  try {
    const outcome = await joinClass(app.db, {
      ...parsed.data,
      code: parsed.data.code ?? "",
      cardToken: parsed.data.card,
      ip: clientAddress(context),
      deviceId,
      tokenKind: "browser",
      userAgent: request.headers.get("user-agent"),
    });
    // A new join on this device ends the student session it had (a shared tablet).
    await endStudentSession(app.db, app.studentCookie, request);
    const headers = new Headers();
    if (outcome.status === "waiting") {
      headers.append("Set-Cookie", await startWaiting(app.joinRequestCookie, outcome.requestSecret));
      return redirect(JOIN_WAITING_PATH, { headers });
    }
    // A device that was waiting (and typed its personal code instead) stops waiting.
    if (await readJoinRequestSecret(app.joinRequestCookie, request)) {
      headers.append("Set-Cookie", await stopWaiting(app.joinRequestCookie));
    }
    headers.append("Set-Cookie", await startStudentSession(app.studentCookie, outcome.token));
    return redirect(STUDENT_HOME_PATH, { headers });
  } catch (error) {
    if (isDomainError(error) && error.code === "NAME_CLOSE_TO_LISTED") {
      const question = error.details?.suggestion as NameSuggestion;
      const asked: StudentFormReply = { formErrors: [], fieldErrors: {}, values };
      return data({ reply: asked, question }, { status: 409 });
    }
    return studentFormErrorReply(error, values, undefined, await getServerT(context, "student"));
  }
}

/** A refused attempt (429) tells the client when to try again. */
export const headers: Route.HeadersFunction = passRetryAfter;

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("student");
  const reply = actionData?.reply;
  if (loaderData.staffName) return <StaffSignedIn name={loaderData.staffName} />;
  // From a student's card: the class code and their personal code, no names to type.
  const withCard = Boolean(loaderData.personal) && !reply?.values.firstName;
  const question = actionData && "question" in actionData ? actionData.question : null;
  if (question && reply) {
    return (
      <StudentPlainPage>
        <h1>{t("Join your class")}</h1>
        <CloseNameQuestion
          code={reply.values.code ?? ""}
          typed={{ firstName: reply.values.firstName ?? "", lastName: reply.values.lastName ?? "" }}
          suggestion={question as NameSuggestion}
        />
      </StudentPlainPage>
    );
  }
  const card = loaderData.card && !reply ? loaderData.card : null;
  if (card?.holder) {
    return (
      <StudentPlainPage>
        <h1>{t("Join your class")}</h1>
        <CardJoin card={{ ...card, holder: card.holder }} />
      </StudentPlainPage>
    );
  }
  return (
    <StudentPlainPage>
      <h1>{t("Join your class")}</h1>
      {card?.refusal ? <FormErrors errors={[card.refusal]} /> : null}
      {loaderData.student ? (
        <p className="student-note">
          {t("You are signed in as {name} ({className}).", loaderData.student)}{" "}
          <Link to={STUDENT_HOME_PATH}>{t("Go to your surveys")}</Link>
        </p>
      ) : null}
      <Form method="post" className="student-card" aria-labelledby="join-heading" noValidate>
        <h2 id="join-heading">
          {withCard ? t("Check the codes from your card") : t("Type the class code and your name")}
        </h2>
        <FormErrors errors={reply?.formErrors} />
        <TextInput
          id="join-code"
          name="code"
          label={t("Class code")}
          hint={t("Your teacher shows it, for example ABCD-1234-EFGH.")}
          defaultValue={reply?.values.code ?? loaderData.code}
          errors={reply?.fieldErrors.code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MAX_CODE_LENGTH}
        />
        {withCard ? null : (
          <>
            <TextInput
              id="join-first-name"
              name="firstName"
              label={t("First name")}
              defaultValue={reply?.values.firstName}
              errors={reply?.fieldErrors.firstName}
              autoComplete="off"
              maxLength={MAX_NAME_LENGTH}
            />
            <TextInput
              id="join-last-name"
              name="lastName"
              label={t("Last name")}
              defaultValue={reply?.values.lastName}
              errors={reply?.fieldErrors.lastName}
              autoComplete="off"
              maxLength={MAX_NAME_LENGTH}
            />
          </>
        )}
        <TextInput
          id="join-personal-code"
          name="personalCode"
          label={withCard ? t("Your personal code") : t("Your personal code (if you have a card)")}
          hint={t("It is on your card, for example KMR-394.")}
          defaultValue={reply?.values.personalCode ?? loaderData.personal}
          errors={reply?.fieldErrors.personalCode}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MAX_PERSONAL_CODE_LENGTH}
          optional={!withCard}
        />
        <HoneypotInput name={HONEYPOT_FIELD} />
        <StudentSubmit>{t("Join")}</StudentSubmit>
      </Form>
      {withCard ? <NotYourCard code={loaderData.code} /> : null}
      <p className="student-hint">
        {t("Are you a teacher?")} <Link to="/login">{t("Sign in here")}</Link>
      </p>
    </StudentPlainPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches)("Join your class")} · Orliverse Classroom` },
];
