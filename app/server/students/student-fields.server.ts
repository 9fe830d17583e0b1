/**
 * The fields of a student as the class's lists show them (who is online on
 * the class home, the roster): id, names, when last seen; of `students` or
 * of an alias of it, for a select or a JSON subquery.
 */
import type { Column } from "drizzle-orm";

export function studentListFields<T extends { id: Column; firstName: Column; lastName: Column; lastSeenAt: Column }>(
  student: T,
): Pick<T, "id" | "firstName" | "lastName" | "lastSeenAt"> {
  return { id: student.id, firstName: student.firstName, lastName: student.lastName, lastSeenAt: student.lastSeenAt };
}
