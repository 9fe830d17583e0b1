/**
 * The frame of every signed-in student page: who is signed in, in which
 * class, and "Not you? Sign out" (a plain POST form, for shared devices).
 */
import "./student.css";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { HEARTBEAT_ATTRIBUTE } from "~/lib/plain-page-behaviour";
import { STUDENT_SIGN_OUT_PATH } from "~/lib/student-paths";
import { LanguageMenu } from "./language-menu";

export interface StudentIdentity {
  firstName: string;
  lastName: string;
  className: string;
}

export function StudentFrame({ student, children }: { student: StudentIdentity; children: React.ReactNode }) {
  const { t } = useTranslation("student");
  // The marker tells the plain student script to keep the heartbeat going (ADR 170).
  return (
    <StudentPage barClassName="student-bar" pageAttributes={{ [HEARTBEAT_ATTRIBUTE]: "" }} main={children}>
      <p className="student-bar-who">
        <strong>
          <bdi>{`${student.firstName} ${student.lastName}`}</bdi>
        </strong>
        {" · "}
        <bdi>{student.className}</bdi>
      </p>
      <Form method="post" action={STUDENT_SIGN_OUT_PATH}>
        <span className="student-hint">{t("Not you?")} </span>
        <button type="submit" className="student-button student-button-quiet student-button-small">
          {t("Sign out")}
        </button>
      </Form>
    </StudentPage>
  );
}

/** A page for someone who is not signed in as a student (the join page, its refusals). */
export function StudentPlainPage({ children }: { children: React.ReactNode }) {
  return <StudentPage barClassName="student-bar student-bar-plain" main={children} />;
}

/** The page: its bar (what the bar shows, then the language menu) and its main content. */
function StudentPage({
  barClassName,
  pageAttributes,
  children,
  main,
}: {
  barClassName: string;
  pageAttributes?: Record<string, string>;
  /** What the bar shows before the language menu. */
  children?: React.ReactNode;
  main: React.ReactNode;
}) {
  return (
    <div className="student-page" {...pageAttributes}>
      <header className={barClassName}>
        {children}
        <LanguageMenu />
      </header>
      <main id="main" tabIndex={-1} className="student-main">
        {main}
      </main>
    </div>
  );
}
