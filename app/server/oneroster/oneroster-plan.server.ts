/**
 * What importing a OneRoster set into a school would do (issue 39.2): the
 * checked rows against the school's records of the same `sourcedId` (the
 * school's own: an id is unique per school, never across schools). New,
 * changed, unchanged and not in the file, for classes, teachers and
 * students; enrolments to add and to end. Reading only: nothing here writes.
 *
 * A teacher matches a staff member of the school by sourcedId, else by
 * e-mail (their account gets the sourcedId). An e-mail with an account
 * outside the school is shown as new like any other (ADR 196: a school admin
 * learns nothing of other schools' accounts); the apply creates nothing for it.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { classes, classStudents, classTeachers, students, users } from "../db/schema.server";
import type { OneRosterProblem } from "./oneroster-files.server";
import { type RosterSource, type SourceEnrollment, sortProblems } from "./oneroster-rows.server";

type Name = { firstName: string; lastName: string };
export interface OneRosterPlan {
  classes: {
    create: { sourcedId: string; name: string }[];
    rename: { id: number; from: string; name: string }[];
    unchanged: number;
    missing: { id: number; name: string }[];
  };
  teachers: {
    create: { sourcedId: string; name: string; email: string }[];
    /** A new name, or the account found by e-mail taking its sourcedId. */
    update: { id: number; sourcedId: string; from: string; name: string }[];
    unchanged: number;
    missing: { id: number; name: string }[];
  };
  students: {
    create: ({ sourcedId: string } & Name)[];
    rename: ({ id: number; from: Name } & Name)[];
    unchanged: number;
    missing: ({ id: number } & Name)[];
  };
  enrolments: {
    add: Omit<SourceEnrollment, "line">[];
    /** A student leaving a class: the membership ends, the student and their answers stay. */
    end: { classId: number; studentId: number; className: string; studentName: Name }[];
    unchanged: number;
  };
  problems: OneRosterProblem[];
  /** Problems that stop the import as a whole. */
  blocked: boolean;
  ignoredFiles: string[];
  otherUsers: number;
  fingerprint: string;
}

/** The school's records the plan compares with (sourced ones; all its staff, for e-mail matches). */
async function schoolRecords(db: Db | Tx, schoolId: number) {
  const sourcedClasses = await db
    .select({ id: classes.id, sourcedId: classes.sourcedId, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), isNotNull(classes.sourcedId)));
  const sourcedStudents = await db
    .select({
      id: students.id,
      sourcedId: students.sourcedId,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNotNull(students.sourcedId)));
  const staff = await db
    .select({ id: users.id, sourcedId: users.sourcedId, name: users.name, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  const classIds = sourcedClasses.map(({ id }) => id);
  const memberships =
    classIds.length === 0
      ? []
      : await db
          .select({ classId: classStudents.classId, studentId: classStudents.studentId })
          .from(classStudents)
          .innerJoin(students, eq(students.id, classStudents.studentId))
          .where(and(inArray(classStudents.classId, classIds), isNotNull(students.sourcedId)));
  const teaching =
    classIds.length === 0
      ? []
      : await db
          .select({ classId: classTeachers.classId, userId: classTeachers.userId })
          .from(classTeachers)
          .where(inArray(classTeachers.classId, classIds));
  return { sourcedClasses, sourcedStudents, staff, memberships, teaching };
}

const emptyPlan = (): Omit<OneRosterPlan, "fingerprint" | "problems" | "blocked" | "ignoredFiles" | "otherUsers"> => ({
  classes: { create: [], rename: [], unchanged: 0, missing: [] },
  teachers: { create: [], update: [], unchanged: 0, missing: [] },
  students: { create: [], rename: [], unchanged: 0, missing: [] },
  enrolments: { add: [], end: [], unchanged: 0 },
});

/** The plan for a checked set; `zipHash` ties it to the upload (the confirm carries both back). */
export async function planOneRosterImport(
  db: Db | Tx,
  schoolId: number,
  source: RosterSource,
  extra: { fatal: OneRosterProblem[]; ignoredFiles: string[]; zipHash: string },
): Promise<OneRosterPlan> {
  const plan = emptyPlan();
  // A broken file shows what broke it; its rows' problems would only follow from that.
  const blocked = extra.fatal.length > 0;
  const problems = blocked ? [...extra.fatal] : [...source.problems];
  if (!blocked) planRecords(plan, source, await schoolRecords(db, schoolId), problems);
  sortProblems(problems);
  const fingerprint = createHash("sha256").update(extra.zipHash).update(JSON.stringify(plan)).digest("base64url");
  return { ...plan, problems, blocked, ignoredFiles: extra.ignoredFiles, otherUsers: source.otherUsers, fingerprint };
}

function planRecords(
  plan: ReturnType<typeof emptyPlan>,
  source: RosterSource,
  records: Awaited<ReturnType<typeof schoolRecords>>,
  problems: OneRosterProblem[],
) {
  const classBySourced = new Map(records.sourcedClasses.map((klass) => [klass.sourcedId, klass]));
  for (const klass of source.classes) {
    const existing = classBySourced.get(klass.sourcedId);
    if (!existing) plan.classes.create.push({ sourcedId: klass.sourcedId, name: klass.name });
    else if (existing.name !== klass.name)
      plan.classes.rename.push({ id: existing.id, from: existing.name, name: klass.name });
    else plan.classes.unchanged++;
  }
  const inFile = (ids: { sourcedId: string }[]) => new Set(ids.map(({ sourcedId }) => sourcedId));
  const classesInFile = inFile(source.classes);
  plan.classes.missing = records.sourcedClasses
    .filter((klass) => !classesInFile.has(klass.sourcedId ?? ""))
    .map(({ id, name }) => ({ id, name }));

  const staffBySourced = new Map(records.staff.filter((s) => s.sourcedId).map((s) => [s.sourcedId, s]));
  const staffByEmail = new Map(records.staff.map((s) => [s.email, s]));
  for (const teacher of source.teachers) {
    const existing = staffBySourced.get(teacher.sourcedId) ?? staffByEmail.get(teacher.email);
    if (!existing)
      plan.teachers.create.push({ sourcedId: teacher.sourcedId, name: teacher.name, email: teacher.email });
    else if (existing.sourcedId !== null && existing.sourcedId !== teacher.sourcedId) {
      problems.push({
        file: "users.csv",
        line: teacher.line,
        field: "email",
        message: "Another staff member of the school has this e-mail address.",
      });
    } else if (existing.sourcedId === null || existing.name !== teacher.name) {
      plan.teachers.update.push({
        id: existing.id,
        sourcedId: teacher.sourcedId,
        from: existing.name,
        name: teacher.name,
      });
    } else plan.teachers.unchanged++;
  }
  const teachersInFile = inFile(source.teachers);
  plan.teachers.missing = records.staff
    .filter((s) => s.sourcedId !== null && !teachersInFile.has(s.sourcedId))
    .map(({ id, name }) => ({ id, name }));

  const studentBySourced = new Map(records.sourcedStudents.map((s) => [s.sourcedId, s]));
  for (const student of source.students) {
    const existing = studentBySourced.get(student.sourcedId);
    const name = { firstName: student.firstName, lastName: student.lastName };
    if (!existing) plan.students.create.push({ sourcedId: student.sourcedId, ...name });
    else if (existing.firstName !== name.firstName || existing.lastName !== name.lastName) {
      plan.students.rename.push({
        id: existing.id,
        from: { firstName: existing.firstName, lastName: existing.lastName },
        ...name,
      });
    } else plan.students.unchanged++;
  }
  const studentsInFile = inFile(source.students);
  plan.students.missing = records.sourcedStudents
    .filter((s) => !studentsInFile.has(s.sourcedId ?? ""))
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));

  const teacherEmails = new Map(source.teachers.map((teacher) => [teacher.sourcedId, teacher.email]));
  const member = new Set(records.memberships.map((m) => `${m.classId}:${m.studentId}`));
  const teaches = new Set(records.teaching.map((t) => `${t.classId}:${t.userId}`));
  const kept = new Set<string>();
  const seen = new Set<string>();
  for (const enrollment of source.enrollments) {
    const key = `${enrollment.classSourcedId}:${enrollment.userSourcedId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const klass = classBySourced.get(enrollment.classSourcedId);
    const person =
      enrollment.role === "student"
        ? studentBySourced.get(enrollment.userSourcedId)
        : (staffBySourced.get(enrollment.userSourcedId) ??
          staffByEmail.get(teacherEmails.get(enrollment.userSourcedId) ?? ""));
    const pair = klass && person ? `${klass.id}:${person.id}` : null;
    if (pair && enrollment.role === "student") kept.add(pair);
    if (pair && (enrollment.role === "student" ? member : teaches).has(pair)) plan.enrolments.unchanged++;
    else {
      const { line: _line, ...add } = enrollment;
      plan.enrolments.add.push(add);
    }
  }
  const classById = new Map(records.sourcedClasses.map((klass) => [klass.id, klass]));
  const studentById = new Map(records.sourcedStudents.map((student) => [student.id, student]));
  for (const { classId, studentId } of records.memberships) {
    const klass = classById.get(classId);
    const student = studentById.get(studentId);
    if (!klass || !student || !classesInFile.has(klass.sourcedId ?? "") || kept.has(`${classId}:${studentId}`))
      continue;
    plan.enrolments.end.push({
      classId,
      studentId,
      className: klass.name,
      studentName: { firstName: student.firstName, lastName: student.lastName },
    });
  }
}
