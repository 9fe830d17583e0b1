/**
 * The rows of a OneRoster 1.2 set checked against each other (pure): ids
 * present and unique, statuses and roles known, every foreign key found
 * (the org of a class, enrollment and role; the user and class of an
 * enrollment), names through the roster's own schema (the normalisation and
 * allow-list of joining), teachers' e-mail addresses valid. A row with a
 * problem is left out, and so is an enrollment of a user or class left out.
 * Rows with status "tobedeleted" count as not in the file.
 */
import { z } from "zod";
import { studentSchema } from "~/lib/schemas/classroom";
import { singleLineText } from "~/lib/schemas/text";
import type { CsvRow, OneRosterFiles, OneRosterProblem, ReadFile } from "./oneroster-files.server";

/** OneRoster 1.2's role values (users, roles.csv and enrollments). */
const ROLES = new Set([
  "administrator",
  "aide",
  "districtAdministrator",
  "guardian",
  "parent",
  "principal",
  "proctor",
  "relative",
  "siteAdministrator",
  "student",
  "systemAdministrator",
  "teacher",
]);
const ORG_TYPES = new Set(["department", "school", "district", "local", "state", "national"]);

export interface SourceClass {
  line: number;
  sourcedId: string;
  name: string;
}
export interface SourceTeacher {
  line: number;
  sourcedId: string;
  name: string;
  email: string;
}
export interface SourceStudent {
  line: number;
  sourcedId: string;
  firstName: string;
  lastName: string;
}
export interface SourceEnrollment {
  line: number;
  classSourcedId: string;
  userSourcedId: string;
  role: "student" | "teacher";
}
export interface RosterSource {
  classes: SourceClass[];
  teachers: SourceTeacher[];
  students: SourceStudent[];
  enrollments: SourceEnrollment[];
  problems: OneRosterProblem[];
  /** Users of roles this import does not take (administrators, guardians, …). */
  otherUsers: number;
}

const classNameSchema = singleLineText("Enter a class name")
  .min(1, "Enter a class name")
  .max(80, "Class name must be at most 80 characters");
const teacherNameSchema = singleLineText("Enter a name")
  .min(1, "Enter a name")
  .max(120, "Name must be at most 120 characters");
const emailSchema = z.email();

/** The rows of one file that are live and have a unique, non-empty sourcedId (others get a problem). */
function liveRows(
  file: ReadFile,
  rows: readonly CsvRow[] | undefined,
  problems: OneRosterProblem[],
  idColumn: string | null = "sourcedId",
): CsvRow[] {
  const seen = new Map<string, number>();
  const live: CsvRow[] = [];
  for (const row of rows ?? []) {
    const status = row.cells.status ?? "";
    if (status === "tobedeleted") continue;
    if (status !== "" && status !== "active") {
      problems.push({ file, line: row.line, field: "status", message: "Use active or tobedeleted." });
      continue;
    }
    if (idColumn) {
      const id = row.cells[idColumn];
      if (!id) {
        problems.push({ file, line: row.line, field: idColumn, message: "The value is missing." });
        continue;
      }
      const twin = seen.get(id);
      if (twin !== undefined) {
        problems.push({
          file,
          line: row.line,
          field: idColumn,
          message: "The same id as line {line}.",
          values: { line: twin },
        });
        continue;
      }
      seen.set(id, row.line);
    }
    live.push(row);
  }
  return live;
}

/** Each user's role: roles.csv where given (the primary one first), else users.csv's `role`, else their enrollments. */
function rolesOfUsers(files: OneRosterFiles, orgs: Set<string>, users: Set<string>, problems: OneRosterProblem[]) {
  const roles = new Map<string, string>();
  const roleRows = liveRows("roles.csv", files.rows["roles.csv"], problems, null).sort(
    (a, b) => Number(b.cells.roleType === "primary") - Number(a.cells.roleType === "primary"),
  );
  for (const row of roleRows) {
    const bad = (field: string, message: string) =>
      problems.push({ file: "roles.csv", line: row.line, field, message });
    if (!users.has(row.cells.userSourcedId)) bad("userSourcedId", "No user in users.csv has this sourcedId.");
    else if (!orgs.has(row.cells.orgSourcedId)) bad("orgSourcedId", "No org in orgs.csv has this sourcedId.");
    else if (!ROLES.has(row.cells.role)) bad("role", "This is not a OneRoster role.");
    else if (!roles.has(row.cells.userSourcedId)) roles.set(row.cells.userSourcedId, row.cells.role);
  }
  for (const row of files.rows["users.csv"] ?? []) {
    const role = row.cells.role;
    if (!role || roles.has(row.cells.sourcedId)) continue;
    if (ROLES.has(role)) roles.set(row.cells.sourcedId, role);
    else problems.push({ file: "users.csv", line: row.line, field: "role", message: "This is not a OneRoster role." });
  }
  for (const row of files.rows["enrollments.csv"] ?? []) {
    const { userSourcedId, role } = row.cells;
    if (!roles.has(userSourcedId) && (role === "student" || role === "teacher")) roles.set(userSourcedId, role);
  }
  return roles;
}

/** The set's classes, teachers, students and enrollments, each row checked; problems sorted by file and line. */
export function checkRosterRows(files: OneRosterFiles): RosterSource {
  const problems: OneRosterProblem[] = [];
  const source: RosterSource = { classes: [], teachers: [], students: [], enrollments: [], problems, otherUsers: 0 };
  const orgs = new Set<string>();
  for (const row of liveRows("orgs.csv", files.rows["orgs.csv"], problems)) {
    if (!ORG_TYPES.has(row.cells.type)) {
      problems.push({ file: "orgs.csv", line: row.line, field: "type", message: "This is not a OneRoster org type." });
    } else orgs.add(row.cells.sourcedId);
  }

  for (const row of liveRows("classes.csv", files.rows["classes.csv"], problems)) {
    const bad = (field: string, message: string) =>
      problems.push({ file: "classes.csv", line: row.line, field, message });
    const name = classNameSchema.safeParse(row.cells.title);
    if (!orgs.has(row.cells.schoolSourcedId)) bad("schoolSourcedId", "No org in orgs.csv has this sourcedId.");
    else if (!name.success) bad("title", name.error.issues[0].message);
    else source.classes.push({ line: row.line, sourcedId: row.cells.sourcedId, name: name.data });
  }

  const userRows = liveRows("users.csv", files.rows["users.csv"], problems);
  const roles = rolesOfUsers(files, orgs, new Set(userRows.map((row) => row.cells.sourcedId)), problems);
  const emails = new Map<string, number>();
  for (const row of userRows) {
    const bad = (field: string, message: string, values?: OneRosterProblem["values"]) =>
      problems.push({ file: "users.csv", line: row.line, field, message, values });
    const { sourcedId } = row.cells;
    const given = row.cells.preferredGivenName || row.cells.givenName;
    const family = row.cells.preferredFamilyName || row.cells.familyName;
    const role = roles.get(sourcedId);
    if (role === "student") {
      const parsed = studentSchema.safeParse({ firstName: given, lastName: family, contacts: [] });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          bad(issue.path[0] === "lastName" ? "familyName" : "givenName", issue.message);
      } else source.students.push({ line: row.line, sourcedId, ...parsed.data });
    } else if (role === "teacher") {
      const name = teacherNameSchema.safeParse(`${given} ${family}`);
      const email = (row.cells.email ?? "").toLowerCase();
      const twin = emails.get(email);
      if (!name.success) bad("givenName", name.error.issues[0].message);
      else if (!email) bad("email", "A teacher needs an e-mail address to sign in.");
      else if (email.length > 254 || !emailSchema.safeParse(email).success)
        bad("email", "This is not an e-mail address.");
      else if (twin !== undefined) bad("email", "The same e-mail address as line {line}.", { line: twin });
      else {
        emails.set(email, row.line);
        source.teachers.push({ line: row.line, sourcedId, name: name.data, email });
      }
    } else if (role) source.otherUsers++;
    else bad("sourcedId", "This user has no role in roles.csv, users.csv or enrollments.csv.");
  }

  const classIds = new Set((files.rows["classes.csv"] ?? []).map((row) => row.cells.sourcedId));
  const userIds = new Set(userRows.map((row) => row.cells.sourcedId));
  const importedClasses = new Set(source.classes.map((klass) => klass.sourcedId));
  const importedUsers = new Map<string, "student" | "teacher">([
    ...source.students.map((student) => [student.sourcedId, "student"] as const),
    ...source.teachers.map((teacher) => [teacher.sourcedId, "teacher"] as const),
  ]);
  for (const row of liveRows("enrollments.csv", files.rows["enrollments.csv"], problems)) {
    const bad = (field: string, message: string, values?: OneRosterProblem["values"]) =>
      problems.push({ file: "enrollments.csv", line: row.line, field, message, values });
    const { classSourcedId, userSourcedId, schoolSourcedId, role } = row.cells;
    if (!classIds.has(classSourcedId)) bad("classSourcedId", "No class in classes.csv has this sourcedId.");
    else if (!userIds.has(userSourcedId)) bad("userSourcedId", "No user in users.csv has this sourcedId.");
    else if (!orgs.has(schoolSourcedId)) bad("schoolSourcedId", "No org in orgs.csv has this sourcedId.");
    else if (!ROLES.has(role)) bad("role", "This is not a OneRoster role.");
    else if (role !== "student" && role !== "teacher") continue;
    else if (!importedClasses.has(classSourcedId) || !importedUsers.has(userSourcedId)) continue;
    else if (importedUsers.get(userSourcedId) !== role) {
      bad("role", "The user's role is {role}.", { role: importedUsers.get(userSourcedId) ?? "" });
    } else source.enrollments.push({ line: row.line, classSourcedId, userSourcedId, role });
  }
  sortProblems(problems);
  return source;
}

const FILE_ORDER: string[] = ["manifest.csv", "orgs.csv", "users.csv", "roles.csv", "classes.csv", "enrollments.csv"];

/** Problems in the order of the files (as a school information system's documentation lists them), then by line. */
export function sortProblems(problems: OneRosterProblem[]): void {
  problems.sort((a, b) => FILE_ORDER.indexOf(a.file) - FILE_ORDER.indexOf(b.file) || a.line - b.line);
}
