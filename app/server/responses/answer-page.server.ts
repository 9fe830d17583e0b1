/**
 * What the answering page shows a signed-in student: an assignment of their
 * own class (another class's is NOT_FOUND), whether it takes answers, its
 * survey, and the answers they sent before (to change them while it is open).
 */
import { eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { SurveyBlock } from "~/lib/survey-content";
import { findStudentAssignment, loadSurveyVersion, ownResponseJoin } from "../assignments/student-assignments.server";
import type { Db } from "../db/client.server";
import { assignments, responses } from "../db/schema.server";
import type { StudentPrincipal } from "../students/student-tokens.server";
import type { CachedContent } from "../surveys/content-cache.server";
import type { Answers } from "./submissions.server";

export interface OwnResponse {
  answers: Answers;
  submittedAt: Date;
}

/**
 * The student's stored response to the assignment, or null. An anonymous
 * assignment's only on the device that sent it (ownResponseJoin).
 */
export async function findOwnResponse(
  db: Db,
  student: StudentPrincipal,
  assignmentId: number,
): Promise<OwnResponse | null> {
  const [row] = await db
    .select({ answers: responses.answers, submittedAt: responses.submittedAt })
    .from(assignments)
    .innerJoin(responses, ownResponseJoin(student))
    .where(eq(assignments.id, assignmentId))
    .limit(1);
  return row ? { answers: row.answers as Answers, submittedAt: row.submittedAt } : null;
}

export type AnswerPage =
  | {
      state: "open";
      assignmentId: number;
      title: string;
      anonymous: boolean;
      survey: SurveyBlock;
      /** A choice answer's values, by field `_uid`: the default story's choices (the shown ones may be translated). */
      choiceValues: Record<string, string[]>;
      /** The language the survey is shown in: the student's where it has a version in it, else the default. */
      contentLanguage: string;
      previous: OwnResponse | null;
    }
  | { state: "closed" | "not-started"; assignmentId: number; title: string; answered: boolean };

export async function loadAnswerPage(
  db: Db,
  content: CachedContent,
  student: StudentPrincipal,
  assignmentId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AnswerPage> {
  const assignment = await findStudentAssignment(db, student, assignmentId);
  const previous = await findOwnResponse(db, student, assignment.id);
  if (assignment.status !== "active") {
    return {
      state: assignment.status === "completed" ? "closed" : "not-started",
      assignmentId: assignment.id,
      title: assignment.surveyTitle,
      answered: previous !== null,
    };
  }
  // Shown in the student's language where the survey has it (ADR 217); a choice
  // answer still sends the default's text, so answers group across languages.
  const {
    shown,
    choiceValues,
    language: contentLanguage,
  } = await loadSurveyVersion(content, assignment.surveyFullSlug, language);
  return {
    state: "open",
    assignmentId: assignment.id,
    title: assignment.surveyTitle,
    anonymous: assignment.anonymous,
    survey: shown.content,
    choiceValues,
    contentLanguage,
    previous,
  };
}
