/**
 * The fields of a student as staff screens name them, of `students` or of an
 * alias of it, for a select, a RETURNING or a JSON subquery.
 */
import type { Column } from "drizzle-orm";

/** Who the student is: id and names (a roster row, a join's answer, an action's message). */
export function studentNameFields<T extends { id: Column; firstName: Column; lastName: Column }>(
  student: T,
): Pick<T, "id" | "firstName" | "lastName"> {
  return { id: student.id, firstName: student.firstName, lastName: student.lastName };
}

/** As the class's lists show a student (who is online on the class home, the roster): names and when last seen. */
export function studentListFields<T extends { id: Column; firstName: Column; lastName: Column; lastSeenAt: Column }>(
  student: T,
): Pick<T, "id" | "firstName" | "lastName" | "lastSeenAt"> {
  return { ...studentNameFields(student), lastSeenAt: student.lastSeenAt };
}
