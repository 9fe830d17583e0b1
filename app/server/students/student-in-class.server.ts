/**
 * The one student of a class a write acts on (rename, remove, delete, sign out of the student app): looked up
 * through the class's roster, so a student of another class is NOT_FOUND, the same as one that does not exist.
 * The caller has checked the class itself (`getClass`) first.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { classStudents, students } from "../db/schema.server";
import { notFound } from "../errors.server";
import { studentNameFields } from "./student-fields.server";

/** The student's id, names and school, or NOT_FOUND when the student is not on the class's roster. */
export async function requireStudentInClass(db: Db | Tx, classId: number, studentId: number) {
  const [student] = await db
    .select({ ...studentNameFields(students), schoolId: students.schoolId })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .limit(1);
  if (!student) throw notFound("Student not found in this class");
  return student;
}
