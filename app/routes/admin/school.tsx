import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { z } from "zod";
import { RecordStatusBadge } from "~/components/admin/record-status-badge";
import { GeneralErrorBoundary, NotFoundMessage, pageTitle } from "~/components/error-boundary";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
import { LANGUAGES } from "~/lib/i18n/languages";
import { schoolPrivacySchema } from "~/lib/privacy";
import { schoolNameSchema, schoolSignInSchema } from "~/lib/schemas/admin";
import { parseRecordId } from "~/lib/schemas/ids";
import { languageChoiceField } from "~/lib/schemas/language-choice";
import { moveTeacherSchema } from "~/lib/schemas/move-teacher";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import {
  createSchoolInvitation,
  getLiveSchoolInvitation,
  revokeSchoolInvitation,
} from "~/server/schools/invitations.server";
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
import { MoveTeacherCard } from "./__school/move-teacher-card";
import { SchoolClasses } from "./__school/school-classes";
import { SchoolSignInCard } from "./__school/school-sign-in";
import { SchoolStaff } from "./__school/school-staff";
import type { Route } from "./+types/school";
import { InvitationLinkCard } from "./staff/__shared/invitation-link-card";

const renameSchema = z.object({ name: schoolNameSchema });
const privacySchema = schoolPrivacySchema;
/** The school's default language for its staff: a language of the list, or "" for the reader's browser. */
const languageSchema = z.object({ locale: languageChoiceField });

/** The page's buttons: its two forms (rename, privacy) and Archive or Restore, parsed once. */
const schoolPageSchema = z.discriminatedUnion("intent", [
  renameSchema.extend({ intent: z.literal("rename") }),
  privacySchema.extend({ intent: z.literal("privacy") }),
  schoolSignInSchema.extend({ intent: z.literal("sign-in") }),
  languageSchema.extend({ intent: z.literal("language") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
  moveTeacherSchema.extend({ intent: z.literal("move-teacher") }),
]);

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
  if (invitationIntent === "create-invitation" || invitationIntent === "revoke-invitation") {
    // The school's link, through the staff screen's domain functions: another school's is the 404 page (ADR 237).
    await orNotFound(getLiveSchoolInvitation(db, user, schoolId));
    try {
      if (invitationIntent === "create-invitation") {
        const created = await createSchoolInvitation(db, user, schoolId);
        // Answered in place, not through a redirect: the link is shown once and never stored (ADR 214).
        const { mailer } = getAppFromContext(context);
        return data({
          form: "invitation" as const,
          invitationLink: {
            link: mailer.link(`/signup?invite=${encodeURIComponent(created.token)}`),
            expiresAt: created.expiresAt,
          },
        });
      }
      const id = parseRecordId(String(formData.get("id") ?? ""));
      if (id === null) return redirectWithError(here, t("That invitation link could not be found."));
      await revokeSchoolInvitation(db, user, schoolId, id);
      return redirectWithSuccess(here, t("The invitation link is switched off. Nobody can sign up with it now."));
    } catch (error) {
      return redirectWithFailure(here, error, t("The invitation link could not be changed. Please try again."));
    }
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
      return redirectWithSuccess(here, t("The school's language is saved."));
    }
    if (value.intent === "privacy") {
      const { retentionMonths, minGroupSize } = value;
      await updateSchoolPrivacy(db, user, schoolId, { retentionMonths, minGroupSize });
      return redirectWithSuccess(here, t("Privacy settings saved."));
    }
    if (value.intent === "move-teacher") {
      const moved = await moveSelfSignedUpTeacher(db, user, { userId: value.userId, schoolId: value.schoolId });
      return redirectWithSuccess(
        `/admin/schools/${moved.school.id}`,
        [
          t(
            "{name} moved into {school} with {classes, plural, one {# class} other {# classes}} and {students, plural, one {# student} other {# students}}.",
            {
              name: moved.teacher.name,
              school: moved.school.name,
              classes: moved.classes,
              students: moved.students,
            },
          ),
          moved.personalCodesRenewed > 0
            ? t(
                "{count, plural, one {# personal code was} other {# personal codes were}} taken there and changed: print those cards again.",
                { count: moved.personalCodesRenewed },
              )
            : "",
        ]
          .filter(Boolean)
          .join(" "),
      );
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
  const [form, fields] = useForm<z.input<typeof renameSchema>>({
    id: "rename-school",
    // Both forms post to this route: each reads only its own reply (a post without a name is still the rename form's).
    lastResult: actionData?.form === "rename" ? actionData.result : undefined,
    defaultValue: { name: school.name },
  });
  const [privacyForm, privacyFields] = useForm<z.input<typeof privacySchema>>({
    id: "school-privacy",
    lastResult: actionData?.form === "privacy" ? actionData.result : undefined,
    defaultValue: { retentionMonths: String(school.retentionMonths), minGroupSize: String(school.minGroupSize) },
  });
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
            <Form method="post">
              {school.status === "active" ? (
                <Button type="submit" name="intent" value="archive" color="red" variant="soft">
                  {t("Archive school")}
                </Button>
              ) : (
                <Button type="submit" name="intent" value="restore" color="green" variant="soft">
                  {t("Restore school")}
                </Button>
              )}
            </Form>
          ) : undefined
        }
      />
      <Flex gap="2" align="center">
        <Text size="2">{t("Status:")}</Text>
        <RecordStatusBadge status={school.status} />
        {school.status === "archived" ? (
          <Text size="2" color="gray">
            {t("Staff of an archived school see the blocked page until it is restored.")}
          </Text>
        ) : null}
      </Flex>

      <Card size="3" style={{ maxWidth: 560 }}>
        <Form method="post" {...getFormProps(form)} aria-labelledby="rename-school-title">
          <input type="hidden" name="intent" value="rename" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="rename-school-title">
              {t("Rename")}
            </Heading>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field label={t("School name")} {...fieldProps(fields.name)} autoComplete="off" />
            <Flex justify="end">
              <Button type="submit">{t("Save name")}</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>

      <Card size="3" style={{ maxWidth: 560 }}>
        <Form method="post" {...getFormProps(privacyForm)} aria-labelledby="school-privacy-title">
          <input type="hidden" name="intent" value="privacy" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="school-privacy-title">
              {t("Students' privacy")}
            </Heading>
            <ErrorList id={privacyForm.errorId} errors={privacyForm.errors} />
            <Field
              label={t("Keep survey responses for (months)")}
              {...fieldProps(privacyFields.retentionMonths)}
              type="number"
              hint={t("Responses and drawings older than this are deleted every day. Default 24.")}
            />
            <Field
              label={t("Smallest group for anonymous results (students)")}
              {...fieldProps(privacyFields.minGroupSize)}
              type="number"
              hint={t(
                "Anonymous survey answers stay hidden until this many students have responded. Default 5, at least 3.",
              )}
            />
            <Flex justify="end">
              <Button type="submit">{t("Save privacy settings")}</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>

      <Card size="3" style={{ maxWidth: 560 }}>
        <Form method="post" aria-labelledby="school-language-title">
          <input type="hidden" name="intent" value="language" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="school-language-title">
              {t("Language")}
            </Heading>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="school-locale">
                {t("Language of the staff screens")}
              </Text>
              <select
                id="school-locale"
                name="locale"
                className="native-select"
                defaultValue={school.locale ?? ""}
                aria-describedby="school-locale-hint"
              >
                <option value="">{t("Each reader's browser language")}</option>
                {LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code} lang={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
              <Text as="p" size="1" color="gray" id="school-locale-hint">
                {t(
                  "Staff who have not chosen a language in their profile menu see this one; classes without a language of their own use it too.",
                )}
              </Text>
            </Flex>
            <Flex justify="end">
              <Button type="submit">{t("Save the language")}</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>

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
        // A move posted on a page without the form (not a self-signed-up school, or not a platform admin) still says why.
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {Object.values(actionData.result.error ?? {})
              .flat()
              .join(" ") || "Nobody can be moved from this school."}
          </Callout.Text>
        </Callout.Root>
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
      statusHandlers={{
        404: () => <NotFoundMessage>{t("There is no school with this id in your scope.")}</NotFoundMessage>,
      }}
    />
  );
}
