import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContactCard } from "~/components/class/contact-card";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime, studentName } from "~/components/class/format";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { StudentForm } from "~/components/class/student-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { SplitRow } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";
import { CardTable } from "~/components/ui/table-head";
import { studentSchema } from "~/lib/schemas/classroom";
import { ONLINE_WINDOW_MS } from "~/server/classes/classes.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { getStudent, updateStudent } from "~/server/students/students.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { keepListShape } from "~/server/web/forms.server";
import { formReply, orNotFound, recordIdParam, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/student";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const studentId = recordIdParam(params.studentId);
  const student = await orNotFound(getStudent(db, user, classId, studentId));
  const online = student.lastSeenAt !== null && Date.now() - student.lastSeenAt.getTime() < ONLINE_WINDOW_MS;
  return {
    classId,
    student,
    online,
    editing: new URL(request.url).searchParams.has("edit"),
    isAdmin: user.role === "admin",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const studentId = recordIdParam(params.studentId);
  const here = `/class/${classId}/student/${studentId}`;
  const submission = parseWithZod(keepListShape(await request.formData(), "contacts"), { schema: studentSchema });
  if (submission.status !== "success") return formReply(submission);
  try {
    await updateStudent(db, user, classId, studentId, submission.value);
    return redirectWithSuccess(
      here,
      t("{name} saved.", { name: `${submission.value.firstName} ${submission.value.lastName}` }),
    );
  } catch (error) {
    return redirectWithFailure(`${here}?edit=1`, error, t("Failed to save the student"));
  }
}

export default function StudentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, student, online, editing, isAdmin } = loaderData;
  const base = `/class/${classId}`;
  const here = `${base}/student/${student.id}`;
  const { t, i18n } = useTranslation("staff");
  return (
    <Flex direction="column" gap="5">
      <SplitRow gap="3">
        <Flex direction="column" gap="1">
          <Text size="2" color="gray">
            <TextLink to={`${base}/students/manage`}>{t("Students")}</TextLink> / {studentName(student)}
          </Text>
          <Flex align="center" gap="3">
            <Heading as="h1" size="6">
              <bdi>{studentName(student)}</bdi>
            </Heading>
            {online ? <Badge color="green">{t("Online now")}</Badge> : null}
          </Flex>
          <Text size="2" color="gray">
            {t("Last seen: {date}", { date: formatDateTime(student.lastSeenAt, i18n.language) })} ·{" "}
            {student.joinedWithCode
              ? t("joined with code {code}", { code: student.joinedWithCode })
              : t("added by a teacher")}
          </Text>
        </Flex>
        {!editing && !actionData ? (
          <Flex gap="2" wrap="wrap">
            <Button asChild>
              <Link to="?edit=1">{t("Edit student")}</Link>
            </Button>
            <Button asChild variant="soft" color="red">
              <Link to={`${here}/delete`}>{t("Delete student…")}</Link>
            </Button>
            {isAdmin ? (
              <Button asChild variant="soft" color="gray">
                {/* A data request: everything held about the student, as JSON. */}
                <a href={`/admin/students/${student.id}/export.json`} download>
                  {t("Download all data (JSON)")}
                </a>
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </SplitRow>

      {editing || actionData ? (
        <StudentForm
          id="edit-student"
          intent="edit-student"
          title={t("Edit {name}", { name: studentName(student) })}
          submitLabel={t("Save student")}
          cancelTo={here}
          lastResult={actionData?.result}
          defaultValue={{ firstName: student.firstName, lastName: student.lastName, contacts: student.contacts }}
        />
      ) : (
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {t("Contacts")}
          </Heading>
          {student.contacts.length === 0 ? (
            <EmptyState title={t("No contacts")} action={{ to: "?edit=1", label: t("Add a contact") }}>
              {t("Add a parent or guardian so the school can reach them.")}
            </EmptyState>
          ) : (
            <div className="contact-grid">
              {student.contacts.map((contact) => (
                <ContactCard key={contact.id} contact={contact} headingLevel="h3" />
              ))}
            </div>
          )}
        </Flex>
      )}

      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t("Responses in this class")}
        </Heading>
        {student.responses.length === 0 ? (
          <EmptyState title={t("No surveys yet")}>{t("This class has not been given a survey yet.")}</EmptyState>
        ) : (
          <CardTable columns={[t("Survey"), t("Status"), t("Response")]}>
            {student.responses.map((response) => (
              <Table.Row key={response.assignmentId}>
                <Table.RowHeaderCell>
                  {response.status === "assigned" ? (
                    response.surveyTitle
                  ) : (
                    <TextLink to={`${base}/surveys/results/${response.assignmentId}`}>
                      <bdi>{response.surveyTitle}</bdi>
                    </TextLink>
                  )}
                </Table.RowHeaderCell>
                <Table.Cell>
                  <AssignmentStatusBadge status={response.status} />
                </Table.Cell>
                <Table.Cell>
                  {response.anonymous
                    ? t("Anonymous survey: whether the student answered is not shown")
                    : response.submittedAt
                      ? t("Answered {date} ({count, plural, one {# answer} other {# answers}})", {
                          date: formatDateTime(response.submittedAt, i18n.language),
                          count: response.answerCount,
                        })
                      : t("Not answered")}
                </Table.Cell>
              </Table.Row>
            ))}
          </CardTable>
        )}
      </Flex>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data ? studentName(data.student) : "Student", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
