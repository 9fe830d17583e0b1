import { Link } from "react-router";
import { ClassCodePanel } from "~/components/class/class-code-panel";
import { EmptyState } from "~/components/class/empty-state";
import { formatDate, plural, studentName } from "~/components/class/format";
import { button, card, heading, link, row, splitRow, stack, text } from "~/components/ui/radix-classes";
import { getClassDashboard } from "~/server/classes/classes.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import type { Route } from "./+types/home";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  // The public address from the configuration, never the request's Host.
  return { dashboard: await getClassDashboard(db, user, classId), joinAddress: `${config.appUrl}/join` };
}

// Plain elements with Radix Themes' classes (app/components/ui/radix-classes.ts):
// the class home is the most visited screen.
export default function ClassHome({ loaderData }: Route.ComponentProps) {
  const { dashboard, joinAddress } = loaderData;
  const base = `/class/${dashboard.class.id}`;
  return (
    <div className={stack(5)}>
      <div className={splitRow(3)}>
        <div className={stack(1)}>
          <h1 className={heading(7)}>{dashboard.class.name}</h1>
          <span data-accent-color="gray" className="rt-Text">
            {dashboard.class.schoolName}
          </span>
        </div>
        <div className={row(2)}>
          <Link data-accent-color="" className={button("soft")} to={`${base}/students/manage`}>
            Manage students
          </Link>
          <Link data-accent-color="" className={button("solid")} to={`${base}/surveys/library`}>
            Assign a survey
          </Link>
        </div>
      </div>

      <div className="rt-Grid rt-r-gtc-1 sm:rt-r-gtc-2 md:rt-r-gtc-3 rt-r-gap-4">
        <div className={card(2)}>
          <div className={stack(1)}>
            <h2 className={heading(4)}>Students</h2>
            <span className={text(8, "rt-r-weight-bold")} data-testid="student-count">
              {dashboard.studentCount}
            </span>
            <span data-accent-color="gray" className={text(2)}>
              {dashboard.studentCount === 0 ? "No students yet: share a class code or add them." : "on the class list"}
            </span>
          </div>
        </div>
        <div className={card(2)}>
          <div className={stack(2)}>
            <h2 className={heading(4)}>Online now</h2>
            <span className={text(8, "rt-r-weight-bold")}>{dashboard.onlineStudents.length}</span>
            {dashboard.onlineStudents.length === 0 ? (
              <span data-accent-color="gray" className={text(2)}>
                Nobody in the student app in the last 2 minutes.
              </span>
            ) : (
              <ul className="plain-list" aria-label="Students online now">
                {dashboard.onlineStudents.map((student) => (
                  <li key={student.id}>
                    <div className={row(2)}>
                      <span
                        data-accent-color="green"
                        data-radius="full"
                        className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft"
                        aria-hidden="true"
                      >
                        ●
                      </span>
                      <Link data-accent-color="" className={`${link} rt-r-size-2`} to={`${base}/student/${student.id}`}>
                        {studentName(student)}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <ClassCodePanel classCode={dashboard.classCode} join={{ joinAddress, projectorHref: `${base}/projector` }} />
      </div>

      <div className={stack(3)}>
        <div className={`${row(3)} rt-r-jc-space-between`}>
          <h2 className={heading(5)}>Active surveys</h2>
          <Link data-accent-color="" className={`${link} rt-r-size-2`} to={`${base}/surveys/manage`}>
            All of this class's surveys
          </Link>
        </div>
        {dashboard.activeAssignments.length === 0 ? (
          <EmptyState
            title="No survey is running"
            action={
              <Link data-accent-color="" className={button("soft")} to={`${base}/surveys/manage`}>
                Start a survey
              </Link>
            }
          >
            Start one of the class's assigned surveys, or assign a new one from the survey library.
          </EmptyState>
        ) : (
          <div className="rt-Grid rt-r-gtc-1 sm:rt-r-gtc-2 rt-r-gap-3">
            {dashboard.activeAssignments.map((assignment) => (
              <div key={assignment.id} className={card(2)}>
                <div className={stack(2)}>
                  <h3 className={heading(4)}>{assignment.surveyTitle}</h3>
                  <span data-accent-color="gray" className={text(2)}>
                    Started {formatDate(assignment.startedAt)}
                  </span>
                  <span className={text(3)}>
                    <strong>{assignment.responseCount}</strong> of {plural(dashboard.studentCount, "student")} responded
                  </span>
                  <Link data-accent-color="" className={link} to={`${base}/surveys/results/${assignment.id}`}>
                    See results<span className="visually-hidden"> of {assignment.surveyTitle}</span>
                  </Link>
                </div>
              </div>
            ))}
          </div>
        )}
      </div>

      <div className={stack(2)}>
        <h2 className={heading(4)}>Teachers</h2>
        <span className={text(2)}>
          {dashboard.teachers.map((teacher) => teacher.name).join(", ") || "No teacher yet."}
        </span>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.dashboard.class.name ?? "Class"} · Orliverse Classroom` },
];
