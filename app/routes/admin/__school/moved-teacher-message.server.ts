import type { Say } from "~/server/i18n/refusal-text.server";
import type { MoveResult } from "~/server/schools/self-schools.server";

/** The flash message after a move (ADR 213): what went with the teacher, and which personal codes must be printed again. */
export function movedTeacherMessage(moved: MoveResult, t: Say): string {
  return [
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
    .join(" ");
}
