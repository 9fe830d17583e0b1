import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { ClassCodePanel } from "~/components/class/class-code-panel";
import { ClassLanguageForm } from "~/components/class/class-language-form";
import { JoinRulesForm } from "~/components/class/join-rules-form";
import { LiveWaitingJoinRequests } from "~/components/class/live-waiting-join-requests";
import { StudentForm } from "~/components/class/student-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Flex, Grid } from "~/components/ui/kit";
import { ButtonLink } from "~/components/ui/kit-controls";
import { ScreenHeader } from "~/components/ui/screen-header";
import { generateClassCode, stopClassCode } from "~/server/class-codes/class-codes.server";
import { listWaitingJoinRequests } from "~/server/class-codes/join-requests.server";
import { mayRemoveTeacher } from "~/server/classes/class-owner.server";
import { addClassTeacher, removeClassTeacher } from "~/server/classes/class-teachers.server";
import { setClassJoinRules } from "~/server/classes/join-rules.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { ensurePersonalCodes, regeneratePersonalCode } from "~/server/students/personal-codes.server";
import { createStudent, getClassPeople, removeStudentFromClass } from "~/server/students/students.server";
import { setClassLanguage, UNKNOWN_LANGUAGE } from "~/server/users/language-choice.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { keepListShape } from "~/server/web/forms.server";
import { intentsOf, readIntent } from "~/server/web/intents.server";
import { formReply, redirectWithFailure } from "~/server/web/screen-errors.server";
import { FAILURE, manageSchema } from "./__students/manage-schema";
import { PersonalCodesRow } from "./__students/personal-codes-row";
import { RemoveStudentConfirm } from "./__students/remove-student-confirm";
import { StopCodeConfirm } from "./__students/stop-code-confirm";
import { StudentList } from "./__students/student-list";
import { TeachersCard } from "./__students/teachers-card";
import type { Route } from "./+types/students-manage";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const url = new URL(request.url);
  const [{ students, teachers, addableTeachers, classCode, joinRules, locale }, waitingRequests] = await Promise.all([
    getClassPeople(db, user, classId),
    listWaitingJoinRequests(db, user, classId),
  ]);
  const confirm = /^remove-student-(\d+)$/.exec(url.searchParams.get("confirm") ?? "");
  const confirmStudent = confirm ? (students.find((s) => s.id === Number(confirm[1])) ?? null) : null;
  return {
    pageTitle: t("Students"),
    classId,
    students,
    classCode,
    joinRules,
    locale,
    waitingRequests,
    // Who may be taken off the class by this user: the same rule the domain enforces (ADR 111).
    teachers: teachers.map((teacher) => ({
      ...teacher,
      you: teacher.id === user.id,
      removable: teachers.length > 1 && mayRemoveTeacher(user, teachers, teacher.id),
    })),
    addableTeachers,
    showAddForm: url.searchParams.has("add"),
    confirmStop: url.searchParams.get("confirm") === "stop-code" && classCode !== null,
    confirmStudent,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const here = `/class/${classId}/students/manage`;
  const submission = parseWithZod(keepListShape(await request.formData(), "contacts"), { schema: manageSchema });
  const intent = await readIntent(context, submission.payload.intent, intentsOf(manageSchema));
  if (submission.status !== "success") {
    if (intent === "add-student")
      return formReply(submission, { extra: { form: "add-student", codeError: null, rulesError: null } });
    if (intent === "generate-code") {
      const codeError = submission.error?.expirationHours?.[0] ?? "Check the expiry";
      return data({ form: "class-code", result: null, codeError, rulesError: null }, { status: 400 });
    }
    if (intent === "join-rules") {
      const rulesError = "Choose how children join and what happens to names not on the list.";
      return data({ form: "join-rules", result: null, codeError: null, rulesError }, { status: 400 });
    }
    if (intent === "class-language") {
      return data(
        { form: "class-language", result: null, codeError: null, rulesError: null, languageError: UNKNOWN_LANGUAGE },
        { status: 400 },
      );
    }
    return redirectWithError(here, t("That action is not available."));
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "add-student": {
        const { intent: _, ...student } = input;
        await createStudent(db, user, classId, student);
        return redirectWithSuccess(
          here,
          t("{name} added to the class.", { name: `${input.firstName} ${input.lastName}` }),
        );
      }
      case "generate-code": {
        const code = await generateClassCode(db, user, { classId, expirationHours: input.expirationHours });
        return redirectWithSuccess(here, t("New class code {code} is live.", { code: code.code }));
      }
      case "stop-code": {
        const result = await stopClassCode(db, user, { classId });
        return result.stopped
          ? redirectWithSuccess(
              here,
              t("Class code {code} stopped. Students can no longer join with it.", { code: result.code }),
            )
          : redirectWithError(here, t("This class has no live class code, so there was nothing to stop."));
      }
      case "join-rules": {
        const rules = await setClassJoinRules(db, user, {
          classId,
          joinMode: input.joinMode,
          newNames: input.newNames,
        });
        const saved = t("How children join is saved.");
        const given = rules.codesGiven;
        return redirectWithSuccess(
          here,
          given > 0
            ? `${saved} ${t("{count, plural, one {# student} other {# students}} got a personal code.", { count: given })}`
            : saved,
        );
      }
      case "class-language": {
        await setClassLanguage(db, user, { classId, locale: input.locale ?? null });
        return redirectWithSuccess(here, t("The class language is saved."));
      }
      case "make-codes": {
        const { given } = await ensurePersonalCodes(db, user, classId);
        return given > 0
          ? redirectWithSuccess(
              here,
              t("{count, plural, one {# student} other {# students}} got a personal code.", { count: given }),
            )
          : redirectWithSuccess(here, t("Every student already has a personal code."));
      }
      case "new-code": {
        const student = await regeneratePersonalCode(db, user, { classId, studentId: input.id });
        return redirectWithSuccess(
          here,
          t("{name} has a new personal code: {code}. The old one no longer works.", {
            name: `${student.firstName} ${student.lastName}`,
            code: student.personalCode,
          }),
        );
      }
      case "remove-student": {
        const student = await removeStudentFromClass(db, user, classId, input.id);
        return redirectWithSuccess(
          here,
          t("{name} removed from the class.", { name: `${student.firstName} ${student.lastName}` }),
        );
      }
      case "add-teacher": {
        const teacher = await addClassTeacher(db, user, classId, input.id);
        return redirectWithSuccess(here, t("{name} now teaches this class.", { name: teacher.name }));
      }
      case "remove-teacher": {
        await removeClassTeacher(db, user, classId, input.id);
        if (input.id === user.id) return redirectWithSuccess("/class/-1/home", t("You left the class."));
        return redirectWithSuccess(here, t("Teacher removed from the class."));
      }
    }
  } catch (error) {
    return redirectWithFailure(here, error, t(FAILURE[input.intent]), t);
  }
}

export default function ManageStudents({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, students, classCode, joinRules, locale, teachers, addableTeachers, showAddForm, confirmStudent } =
    loaderData;
  const { waitingRequests, confirmStop } = loaderData;
  const { t } = useTranslation("staff");
  const withoutCode = students.filter((student) => !student.personalCode).length;
  const base = `/class/${classId}`;
  const addFormResult = actionData?.form === "add-student" ? actionData.result : null;
  return (
    // The layout kit (kit.tsx) for everything shown on every visit.
    <Flex direction="column" gap="5">
      <ScreenHeader
        title={t("Students")}
        description={t("{count, plural, one {# student} other {# students}} in this class, with their contacts.", {
          count: students.length,
        })}
        actions={
          <Flex gap="2" wrap="wrap">
            <ButtonLink variant="soft" to={`${base}/students/import`}>
              {t("Import a class list")}
            </ButtonLink>
            {!showAddForm && !addFormResult ? <ButtonLink to="?add=1">{t("Add a student")}</ButtonLink> : null}
          </Flex>
        }
      />

      <LiveWaitingJoinRequests classId={classId} requests={waitingRequests} fromStudentsPage />

      {confirmStop && classCode ? <StopCodeConfirm base={base} code={classCode.code} /> : null}
      {confirmStudent ? <RemoveStudentConfirm base={base} confirmStudent={confirmStudent} /> : null}

      {showAddForm || addFormResult ? (
        <StudentForm
          id="add-student"
          intent="add-student"
          title={t("Add a student")}
          submitLabel={t("Add student")}
          cancelTo={`${base}/students/manage`}
          lastResult={addFormResult}
        />
      ) : null}

      {students.length > 0 ? <PersonalCodesRow base={base} withoutCode={withoutCode} /> : null}

      <StudentList base={base} students={students} />

      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        <ClassCodePanel
          classCode={classCode}
          manage
          error={actionData?.form === "class-code" ? actionData.codeError : null}
        />
        <JoinRulesForm rules={joinRules} error={actionData?.form === "join-rules" ? actionData.rulesError : null} />
        <ClassLanguageForm
          locale={locale}
          error={actionData && "languageError" in actionData ? actionData.languageError : null}
        />
        <TeachersCard teachers={teachers} addableTeachers={addableTeachers} />
      </Grid>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Students", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
