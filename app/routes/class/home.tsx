import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { ClassCodePanel } from "~/components/class/class-code-panel";
import { CloseNameJoins } from "~/components/class/close-name-joins";
import { ComingSurveys } from "~/components/class/coming-surveys";
import { EmptyState } from "~/components/class/empty-state";
import { formatDate, studentName } from "~/components/class/format";
import { LiveWaitingJoinRequests } from "~/components/class/live-waiting-join-requests";
import { StatCard } from "~/components/class/stat-card";
import { Badge, Card, Grid, Heading, Row, SplitRow, Stack, Text } from "~/components/ui/kit";
import { ButtonLink, TextLink } from "~/components/ui/kit-controls";
import { generateClassCode } from "~/server/class-codes/class-codes.server";
import { listWaitingJoinRequests } from "~/server/class-codes/join-requests.server";
import { type ClassDashboard, getClassDashboard } from "~/server/classes/class-dashboard.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import {
  decideJoinRequest,
  JOIN_REQUEST_INTENTS,
  parseJoinRequestDecision,
} from "~/server/web/join-request-actions.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/home";
import type { loader as classLayoutLoader } from "./layout";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const [dashboard, waitingRequests] = await Promise.all([
    getClassDashboard(db, user, classId),
    listWaitingJoinRequests(db, user, classId),
  ]);
  // The public address from the configuration, never the request's Host.
  const timeZone = dashboard.schoolTimeZone ?? config.SCHOOL_TIME_ZONE;
  return {
    dashboard: homeView(dashboard),
    waitingRequests,
    joinAddress: `${config.appUrl}/join`,
    timeZone,
    now: new Date().toISOString(),
  };
}

/**
 * Of the dashboard, what this page shows and no more: the loader data is in the page's HTML (issue 34).
 * The class's id, name and school are the class layout's (its `currentClass`), not sent twice.
 */
function homeView(dashboard: ClassDashboard) {
  const { classCode, studentCount, closeNames } = dashboard;
  return {
    studentCount,
    onlineStudents: dashboard.onlineStudents.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
    classCode: classCode && {
      code: classCode.code,
      expiresAt: classCode.expiresAt,
      expired: classCode.expired,
      joinedCount: classCode.joinedCount,
    },
    activeAssignments: dashboard.activeAssignments.map(({ id, surveyTitle, startedAt, responseCount }) => ({
      id,
      surveyTitle,
      startedAt,
      responseCount,
    })),
    comingAssignments: dashboard.comingAssignments.map(({ id, surveyTitle, opensAt }) => ({
      id,
      surveyTitle,
      opensAt,
    })),
    teacherNames: dashboard.teachers.map((teacher) => teacher.name),
    closeNames,
  };
}

/** Admit or Refuse a device waiting to join (docs/product.md#student-identity); generate a class code. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const form = await request.formData();
  // The Students page's Admit and Refuse post here too, and go back there.
  const here = `/class/${classId}/${form.get("from") === "students" ? "students/manage" : "home"}`;
  const intent = await readIntent(context, form.get("intent"), [...JOIN_REQUEST_INTENTS, "generate-code"]);
  if (intent === "generate-code") {
    try {
      const code = await generateClassCode(db, user, { classId });
      return redirectWithSuccess(here, t("New class code {code} is live.", { code: code.code }));
    } catch (error) {
      return redirectWithFailure(here, error, t("Failed to generate a class code"), t);
    }
  }
  const decision = parseJoinRequestDecision(form);
  if (!decision) return redirectWithError(here, t("That action is not available."));
  return decideJoinRequest(db, user, classId, decision, here, t);
}

// On the layout kit (ADR 161): the class home is the most visited screen.
export default function ClassHome({ loaderData }: Route.ComponentProps) {
  const { dashboard, waitingRequests, joinAddress, timeZone, now } = loaderData;
  const klass = useRouteLoaderData<typeof classLayoutLoader>("routes/class/layout")!.currentClass;
  const { t, i18n } = useTranslation("staff");
  const base = `/class/${klass.id}`;
  return (
    <Stack gap="5">
      <SplitRow gap="3">
        <Stack gap="1">
          <Heading size="7">
            <bdi>{klass.name}</bdi>
          </Heading>
          <Text color="gray">
            <bdi>{klass.schoolName}</bdi>
          </Text>
        </Stack>
        <Row gap="2">
          <ButtonLink variant="soft" to={`${base}/students/manage`}>
            {t("Manage students")}
          </ButtonLink>
          <ButtonLink to={`${base}/surveys/library`}>{t("Assign a survey")}</ButtonLink>
        </Row>
      </SplitRow>

      {/* Live: a device asking to join shows as it asks (issue 36). */}
      <LiveWaitingJoinRequests classId={klass.id} requests={waitingRequests} />
      <CloseNameJoins joins={dashboard.closeNames} base={base} />

      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        <StatCard title={t("Students")} value={dashboard.studentCount} gap="1" testId="student-count">
          <Text size="2" color="gray">
            {dashboard.studentCount === 0
              ? t("No students yet: share a class code or add them.")
              : t("on the class list")}
          </Text>
        </StatCard>
        <StatCard title={t("Online now")} value={dashboard.onlineStudents.length}>
          {dashboard.onlineStudents.length === 0 ? (
            <Text size="2" color="gray">
              {t("Nobody online in the last 2 minutes.")}
            </Text>
          ) : (
            <ul className="plain-list" aria-label={t("Students online now")}>
              {dashboard.onlineStudents.map((student) => (
                <li key={student.id}>
                  <Row gap="2">
                    <Badge color="green" radius="full" aria-hidden>
                      ●
                    </Badge>
                    <TextLink size="2" className="target-24" to={`${base}/student/${student.id}`}>
                      <bdi>{studentName(student)}</bdi>
                    </TextLink>
                  </Row>
                </li>
              ))}
            </ul>
          )}
        </StatCard>
        <ClassCodePanel classCode={dashboard.classCode} join={{ joinAddress, projectorHref: `${base}/projector` }} />
      </Grid>

      <Stack gap="3">
        <Row gap="3" justify="between">
          <Heading as="h2" size="5">
            {t("Active surveys")}
          </Heading>
          <TextLink size="2" to={`${base}/surveys/manage`}>
            {t("All of this class's surveys")}
          </TextLink>
        </Row>
        <ComingSurveys coming={dashboard.comingAssignments} classId={klass.id} timeZone={timeZone} now={now} />
        {dashboard.activeAssignments.length === 0 ? (
          <EmptyState
            title={t("No survey is running")}
            action={{ to: `${base}/surveys/manage`, label: t("Start a survey") }}
          >
            {t("Start one of the class's assigned surveys, or assign a new one from the survey library.")}
          </EmptyState>
        ) : (
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            {dashboard.activeAssignments.map((assignment) => (
              <Card key={assignment.id} size="2">
                <Stack gap="2">
                  <Heading as="h3" size="4">
                    <bdi>{assignment.surveyTitle}</bdi>
                  </Heading>
                  <Text size="2" color="gray">
                    {t("Started {date}", { date: formatDate(assignment.startedAt, i18n.language) })}
                  </Text>
                  <Text size="3">
                    {t("{responded} of {count, plural, one {# student} other {# students}} responded", {
                      responded: assignment.responseCount,
                      count: dashboard.studentCount,
                    })}
                  </Text>
                  <TextLink to={`${base}/surveys/results/${assignment.id}`}>
                    {t("See results")}
                    <span className="visually-hidden"> {t("of {survey}", { survey: assignment.surveyTitle })}</span>
                  </TextLink>
                </Stack>
              </Card>
            ))}
          </Grid>
        )}
      </Stack>

      <Stack gap="2">
        <Heading as="h2" size="4">
          {t("Teachers")}
        </Heading>
        <Text size="2">{dashboard.teacherNames.join(", ") || t("No teacher yet.")}</Text>
      </Stack>
    </Stack>
  );
}

// Its title is the class layout's: the class's name (routes/class/layout.tsx).
