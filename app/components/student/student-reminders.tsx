import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { studentAssignmentPath } from "~/lib/student-paths";

export interface ShownReminder {
  assignmentId: number;
  /** "yours": a named survey the child has not answered; "class": an anonymous one, shown to everyone. */
  kind: "yours" | "class";
  /** The survey's title in the child's language, and that language. */
  title: string;
  language: string;
}

/** Splits a translated sentence around its {survey} so the title can be a link of its own direction. */
function around(text: string): [string, string] {
  const [before = "", after = ""] = text.split("\u0001");
  return [before, after];
}

/**
 * The teacher's reminders (issue 38), at the top of the child's page:
 * "Your teacher is waiting for your answers to …", the survey's title a link
 * to it, until the child answers (an anonymous survey's: the class's, until
 * it closes).
 */
export function StudentReminders({ reminders }: { reminders: ShownReminder[] }) {
  const { t } = useTranslation("student");
  if (reminders.length === 0) return null;
  return (
    <ul className="student-reminders" aria-label={t("Reminders from your teacher")}>
      {reminders.map((reminder) => {
        const [before, after] = around(
          reminder.kind === "yours"
            ? t("Your teacher is waiting for your answers to {survey}.", { survey: "\u0001" })
            : t("Your teacher is waiting for the class's answers to {survey}.", { survey: "\u0001" }),
        );
        return (
          <li key={reminder.assignmentId} className="student-note student-reminder" data-testid="student-reminder">
            {before}
            <Link to={studentAssignmentPath(reminder.assignmentId)} lang={reminder.language} dir="auto">
              {reminder.title}
            </Link>
            {after}
          </li>
        );
      })}
    </ul>
  );
}
