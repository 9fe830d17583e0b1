import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ArchiveToggleForm } from "~/components/admin/archive-restore-form";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { PageHeader } from "~/components/layout/page-header";
import { ButtonLink, TextLink } from "~/components/ui/kit-controls";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { getLiveSchoolInvitation } from "~/server/schools/invitations.server";
import { setSchoolTimeZone } from "~/server/schools/school-time-zone.server";
import {
  getSchoolDetail,
  renameSchool,
  setSchoolStatus,
  updateSchoolPrivacy,
  updateSchoolSignIn,
} from "~/server/schools/schools.server";
import { listMovableTeachers, listMoveTargets, moveSelfSignedUpTeacher } from "~/server/schools/self-schools.server";
import { setSchoolLanguage } from "~/server/users/language-choice.server";
import { intentsOf, readIntent } from "~/server/web/intents.server";
import {
  formErrorReply,
  formReply,
  orNotFound,
  recordIdParam,
  redirectWithFailure,
} from "~/server/web/screen-errors.server";
import { MoveTeacherCard, MoveTeacherRefusal } from "./__school/move-teacher-card";
import { movedTeacherMessage } from "./__school/moved-teacher-message.server";
import { SchoolClasses } from "./__school/school-classes";
import { SchoolLanguageCard } from "./__school/school-language-card";
import { SchoolNameCard } from "./__school/school-name-card";
import { SchoolPrivacyCard } from "./__school/school-privacy-card";
import { schoolPageSchema } from "./__school/school-schemas";
import { SchoolSignInCard } from "./__school/school-sign-in";
import { SchoolStaff } from "./__school/school-staff";
import type { Route } from "./+types/school";
import { answerInvitationIntent, isInvitationIntent } from "./staff/__shared/invitation-intents.server";
import { InvitationLinkCard } from "./staff/__shared/invitation-link-card";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schoolId = recordIdParam(params.schoolId);
  const { oidc } = getAppFromContext(context);
  const detail = await orNotFound(getSchoolDetail(db, user, schoolId));
  // A self-signed-up school's teacher can be moved into a real school by a platform admin (ADR 213).
  const movable = await listMovableTeachers(db, user, schoolId);
  const moveTargets = movable.length > 0 ? await listMoveTargets(db, user) : [];
  const platform = isPlatformAdmin(user);
  // A platform admin makes and switches off any active school's invitation link here (ADR 237); a school admin does on the staff screen.
  const invitationCard = platform && detail.school.status === "active";
  return {
    ...detail,
    platform,
    invitationCard,
    invitation: invitationCard ? await getLiveSchoolInvitation(db, user, schoolId) : null,
    movable,
    moveTargets,
    // Which sign-in providers this deployment has, so the form can say what is not configured (ADR 210).
    providers: oidc.providers.map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const schoolId = recordIdParam(params.schoolId);
  const here = `/admin/schools/${schoolId}`;
  const formData = await request.formData();
  const invitationIntent = formData.get("intent");
  if (isInvitationIntent(invitationIntent)) {
    // The school's link, through the staff screen's domain functions: another school's is the 404 page (ADR 237).
    await orNotFound(getLiveSchoolInvitation(db, user, schoolId));
    const { mailer } = getAppFromContext(context);
    const answer = await answerInvitationIntent({
      db,
      mailer,
      user,
      schoolId,
      intent: invitationIntent,
      formData,
      here,
      t,
    });
    return answer instanceof Response ? answer : { form: "invitation" as const, ...answer };
  }
  const submission = parseWithZod(formData, { schema: schoolPageSchema });
  const form = await readIntent(context, submission.payload.intent, intentsOf(schoolPageSchema));
  // A form that did not parse comes back with its errors (Archive and Restore have no fields to get wrong).
  if (submission.status !== "success") return formReply(submission, { extra: { form } });
  const value = submission.value;
  const { intent } = value;
  try {
    if (value.intent === "rename") {
      const school = await orNotFound(renameSchool(db, user, schoolId, { name: value.name }));
      return redirectWithSuccess(here, t("School renamed to {name}.", { name: school.name }));
    }
    if (value.intent === "language") {
      await orNotFound(setSchoolLanguage(db, user, schoolId, value.locale || null));
      await setSchoolTimeZone(db, user, schoolId, value.timeZone || null);
      return redirectWithSuccess(here, t("The school's language is saved."));
    }
    if (value.intent === "privacy") {
      const { retentionMonths, minGroupSize } = value;
      await updateSchoolPrivacy(db, user, schoolId, { retentionMonths, minGroupSize });
      return redirectWithSuccess(here, t("Privacy settings saved."));
    }
    if (value.intent === "move-teacher") {
      const moved = await moveSelfSignedUpTeacher(db, user, { userId: value.userId, schoolId: value.schoolId });
      return redirectWithSuccess(`/admin/schools/${moved.school.id}`, movedTeacherMessage(moved, t));
    }
    if (value.intent === "sign-in") {
      const { googleDomain, microsoftTenantId, requireProviderSignIn } = value;
      const { oidc } = getAppFromContext(context);
      const input = { googleDomain, microsoftTenantId, requireProviderSignIn };
      await updateSchoolSignIn(db, user, schoolId, input, oidc.providers);
      return redirectWithSuccess(here, t("Sign-in settings saved."));
    }
    const school = await setSchoolStatus(db, user, schoolId, intent === "archive" ? "archived" : "active");
    return redirectWithSuccess(
      here,
      intent === "archive"
        ? t("{name} archived. Its staff now see the blocked page.", { name: school.name })
        : t("{name} restored.", { name: school.name }),
    );
  } catch (error) {
    if (intent === "rename") return formErrorReply(submission, error, { extra: { form }, messageField: "name", t });
    if (intent === "move-teacher") return formErrorReply(submission, error, { extra: { form }, t });
    if (intent === "sign-in") return formErrorReply(submission, error, { extra: { form }, t });
    const fallback =
      intent === "privacy"
        ? t("The privacy settings could not be saved. Please try again.")
        : intent === "language"
          ? t("The school's language could not be saved. Please try again.")
          : t("The school could not be changed. Please try again.");
    return redirectWithFailure(here, error, fallback, t);
  }
}

export default function AdminSchoolPage({ loaderData, actionData }: Route.ComponentProps) {
  const { school, signIn, staff, classes, platform, movable, moveTargets, providers, invitationCard, invitation } =
    loaderData;
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="5">
      <Box>
        <TextLink to="/admin/schools" size="2">
          {t("← All schools")}
        </TextLink>
      </Box>
      <PageHeader
        title={school.name}
        description={t(
          "{staff, plural, one {# staff member} other {# staff}} · {classes, plural, one {# class} other {# classes}} · {count, plural, one {# student} other {# students}}",
          { staff: school.staffCount, classes: school.classCount, count: school.studentCount },
        )}
        actions={
          platform ? (
            <ArchiveToggleForm
              status={school.status}
              archiveLabel={t("Archive school")}
              restoreLabel={t("Restore school")}
            />
          ) : undefined
        }
      />
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2">{t("Status:")}</Text>
        <RecordStatusBadge status={school.status} />
        {school.status === "archived" ? (
          <Text size="2" color="gray">
            {t("Staff of an archived school see the blocked page until it is restored.")}
          </Text>
        ) : null}
        {school.status === "active" ? (
          <ButtonLink variant="soft" size="1" to={`/admin/schools/${school.id}/import`}>
            {t("Import from the school's information system")}
          </ButtonLink>
        ) : null}
      </Flex>

      <SchoolNameCard name={school.name} lastResult={actionData?.form === "rename" ? actionData.result : undefined} />
      <SchoolPrivacyCard privacy={school} lastResult={actionData?.form === "privacy" ? actionData.result : undefined} />
      <SchoolLanguageCard
        locale={school.locale}
        timeZone={school.timeZone}
        lastResult={actionData?.form === "language" ? actionData.result : undefined}
      />

      <SchoolSignInCard
        signIn={signIn}
        providers={providers}
        lastResult={actionData?.form === "sign-in" ? actionData.result : undefined}
      />

      {invitationCard ? (
        <InvitationLinkCard
          schoolName={school.name}
          intro={t(
            "Share this link with teachers of {school}. Whoever opens it can create a teacher account in {school}. A link works for 14 days.",
            { school: school.name },
          )}
          live={invitation}
          justCreated={actionData && "invitationLink" in actionData ? actionData.invitationLink : null}
        />
      ) : null}

      {movable.length > 0 ? (
        <MoveTeacherCard
          teachers={movable}
          schools={moveTargets}
          lastResult={actionData?.form === "move-teacher" ? actionData.result : undefined}
        />
      ) : actionData?.form === "move-teacher" ? (
        <MoveTeacherRefusal result={actionData.result} />
      ) : null}
      <SchoolStaff schoolId={school.id} staff={staff} />
      <SchoolClasses schoolId={school.id} classes={classes} />
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, error, matches }) =>
  pageTitle(loaderData?.school.name ?? "School", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("staff");
  return (
    <GeneralErrorBoundary
      error={error}
      params={params}
      homeLink={{ to: "/admin/schools", label: "Back to schools" }}
      notFound={t("There is no school with this id in your scope.")}
    />
  );
}
