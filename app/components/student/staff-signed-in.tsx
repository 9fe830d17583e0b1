/**
 * /join for a signed-in staff user: what to do instead of becoming a student
 * on this device (sign out first).
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { StudentPlainPage } from "~/components/student/student-frame";

export const STAFF_CANNOT_JOIN_MESSAGE =
  "You are signed in with a staff account, so you cannot join a class as a student here. Students join on their own device. To join as a student on this device, sign out of your staff account first.";

export function StaffSignedIn({ name }: { name: string }) {
  const { t } = useTranslation("student");
  return (
    <StudentPlainPage>
      <h1>{t("Join your class")}</h1>
      <div className="student-card">
        <p className="student-note" role="status">
          {t(STAFF_CANNOT_JOIN_MESSAGE)}
        </p>
        <p>{t("Signed in as {name}.", { name })}</p>
        <div className="student-actions">
          <Link className="student-button student-button-quiet" to="/">
            {t("Back to your classes")}
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="student-button">
              {t("Sign out of the staff account")}
            </button>
          </Form>
        </div>
      </div>
    </StudentPlainPage>
  );
}
