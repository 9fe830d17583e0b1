import { Badge, Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { ClassCodePanel } from "~/components/class/class-code-panel";
import { EmptyState } from "~/components/class/empty-state";
import { formatDate, plural, studentName } from "~/components/class/format";
import { getClassDashboard } from "~/server/classes/classes.server";
import { requireClassTeacher } from "~/server/classes/class-screen.server";
import type { Route } from "./+types/home";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  return { dashboard: await getClassDashboard(db, user, classId) };
}

export default function ClassHome({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const base = `/class/${dashboard.class.id}`;
  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align={{ initial: "start", sm: "center" }} direction={{ initial: "column", sm: "row" }} gap="3">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            {dashboard.class.name}
          </Heading>
          <Text color="gray">{dashboard.class.schoolName}</Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={`${base}/students/manage`}>Manage students</Link>
          </Button>
          <Button asChild>
            <Link to={`${base}/surveys/library`}>Assign a survey</Link>
          </Button>
        </Flex>
      </Flex>

      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        <Card size="2">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4">
              Students
            </Heading>
            <Text size="8" weight="bold" data-testid="student-count">
              {dashboard.studentCount}
            </Text>
            <Text size="2" color="gray">
              {dashboard.studentCount === 0 ? "No students yet: share a class code or add them." : "on the class list"}
            </Text>
          </Flex>
        </Card>
        <Card size="2">
          <Flex direction="column" gap="2">
            <Heading as="h2" size="4">
              Online now
            </Heading>
            <Text size="8" weight="bold">
              {dashboard.onlineStudents.length}
            </Text>
            {dashboard.onlineStudents.length === 0 ? (
              <Text size="2" color="gray">
                Nobody in the student app in the last 2 minutes.
              </Text>
            ) : (
              <ul className="plain-list" aria-label="Students online now">
                {dashboard.onlineStudents.map((student) => (
                  <li key={student.id}>
                    <Flex align="center" gap="2">
                      <Badge color="green" radius="full" aria-hidden="true">
                        ●
                      </Badge>
                      <RadixLink asChild size="2">
                        <Link to={`${base}/student/${student.id}`}>{studentName(student)}</Link>
                      </RadixLink>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </Card>
        <ClassCodePanel classCode={dashboard.classCode} />
      </Grid>

      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="5">
            Active surveys
          </Heading>
          <RadixLink asChild size="2">
            <Link to={`${base}/surveys/manage`}>All of this class's surveys</Link>
          </RadixLink>
        </Flex>
        {dashboard.activeAssignments.length === 0 ? (
          <EmptyState
            title="No survey is running"
            action={
              <Button asChild variant="soft">
                <Link to={`${base}/surveys/manage`}>Start a survey</Link>
              </Button>
            }
          >
            Start one of the class's assigned surveys, or assign a new one from the survey library.
          </EmptyState>
        ) : (
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            {dashboard.activeAssignments.map((assignment) => (
              <Card key={assignment.id} size="2">
                <Flex direction="column" gap="2">
                  <Heading as="h3" size="4">
                    {assignment.surveyTitle}
                  </Heading>
                  <Text size="2" color="gray">
                    Started {formatDate(assignment.startedAt)}
                  </Text>
                  <Text size="3">
                    <strong>{assignment.responseCount}</strong> of {plural(dashboard.studentCount, "student")} responded
                  </Text>
                  <RadixLink asChild>
                    <Link to={`${base}/surveys/results/${assignment.id}`}>
                      See results<span className="visually-hidden"> of {assignment.surveyTitle}</span>
                    </Link>
                  </RadixLink>
                </Flex>
              </Card>
            ))}
          </Grid>
        )}
      </Flex>

      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          Teachers
        </Heading>
        <Text size="2">{dashboard.teachers.map((teacher) => teacher.name).join(", ") || "No teacher yet."}</Text>
      </Flex>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.dashboard.class.name ?? "Class"} · Orliverse Classroom` },
];
