/** /student: the class's open surveys, each marked done or to do. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ShownReminder, StudentReminders } from "~/components/student/student-reminders";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { studentAssignmentPath } from "~/lib/student-paths";
import { type ScheduleNote, scheduleNote } from "~/lib/zoned-time";
import { studentRemindersFor } from "~/server/assignments/reminders.server";
import { classTimeZone } from "~/server/assignments/schedule.server";
import { listStudentAssignments, surveyTitleIn } from "~/server/assignments/student-assignments.server";
import { getAppFromContext } from "~/server/context.server";
import { getLanguage } from "~/server/i18n/i18n.server";
import { requireStudent } from "~/server/web/student-access.server";
import type { Route } from "./+types/index";

/** Served without the client bundle: plain forms and links, and the plain student script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context);
  const { db, content, config } = getAppFromContext(context);
  const now = new Date();
  const assignments = await listStudentAssignments(db, student, now);
  const language = getLanguage(context);
  const reminded = await studentRemindersFor(db, student, assignments);
  // Scheduled surveys (issue #38): when one opens or closes, in the school's time zone and the child's language.
  const timeZone = await classTimeZone(db, student.classId, config.SCHOOL_TIME_ZONE);
  const shown = await Promise.all(
    assignments.map(async (row) => ({
      assignmentId: row.assignmentId,
      shown: await surveyTitleIn(content, row.fullSlug, language, row.title),
      answered: row.answered,
      open: row.status === "active",
      note: scheduleNote(row, now, language, timeZone),
    })),
  );
  return {
    firstName: student.firstName,
    assignments: shown,
    // The teacher's reminders (issue 38), with the survey's title in the child's language.
    reminders: shown.flatMap(({ assignmentId, shown: { title, language: lang } }): ShownReminder[] => {
      const kind = reminded.get(assignmentId);
      return kind ? [{ assignmentId, kind, title, language: lang }] : [];
    }),
  };
}

export default function StudentHome({ loaderData }: Route.ComponentProps) {
  const { firstName, assignments, reminders } = loaderData;
  const { t } = useTranslation("student");
  return (
    <>
      <StudentReminders reminders={reminders} />
      <h1>{t("Hello, {firstName}!", { firstName })}</h1>
      <section aria-labelledby="open-surveys" className="student-main-section">
        <h2 id="open-surveys">{t("Your surveys")}</h2>
        {assignments.length === 0 ? (
          <p className="student-note">
            {t(
              "There is nothing to answer right now. When your teacher starts a survey, it shows up here. Reload the page to look again.",
            )}
          </p>
        ) : (
          <ul className="student-list">
            {assignments.map((assignment) => (
              <li key={assignment.assignmentId} className="student-assignment">
                {assignment.open ? (
                  <Link
                    className="student-assignment-title"
                    to={studentAssignmentPath(assignment.assignmentId)}
                    lang={assignment.shown.language}
                    dir="auto"
                  >
                    {assignment.shown.title}
                  </Link>
                ) : (
                  <span className="student-assignment-title" lang={assignment.shown.language} dir="auto">
                    {assignment.shown.title}
                  </span>
                )}
                <ScheduleNoteText note={assignment.note} />
                {!assignment.open ? null : assignment.answered ? (
                  <span className="student-status student-status-done">{t("Done")}</span>
                ) : (
                  <span className="student-status student-status-todo">{t("To do")}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ScheduleNoteText({ note }: { note: ScheduleNote }) {
  const { t } = useTranslation("student");
  if (!note) return null;
  return (
    <span className="student-schedule">
      {note.kind === "opens"
        ? t("Opens on {day} at {time}", { day: note.day, time: note.time })
        : t("Closes {relative}", { relative: note.relative })}
    </span>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches)("Your surveys")} · Orliverse Classroom` },
];
