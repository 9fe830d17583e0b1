/**
 * OneRoster 1.2 CSV sets made by the tests (issue 39.2), zipped with the
 * same library the app reads them with (fflate). `sampleRoster()` is a
 * school: a district and the school, two classes with a teacher each, an
 * administrator, 60 students (30 a class) whose users.csv rows carry a
 * phone number the logs must never show.
 */
import { strToU8, zipSync } from "fflate";

export type Table = string[][];

/** A CSV as a school information system writes it: comma-separated, quoted where needed, CRLF. */
export function csv(rows: Table): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

export interface RosterSet {
  manifest: Table;
  orgs: Table;
  users: Table;
  roles: Table;
  classes: Table;
  enrollments: Table;
  /** Other files of the set (demographics.csv, courses.csv, …) by name. */
  extra: Record<string, string>;
}

/** A phone number and a family name that must never reach a log. */
export const SECRET_PHONE = "+44 7700 900461";
export const SECRET_NAME = "Quibbleworth";

const USER_HEADER = [
  "sourcedId",
  "status",
  "dateLastModified",
  "enabledUser",
  "username",
  "userIds",
  "givenName",
  "familyName",
  "middleName",
  "identifier",
  "email",
  "sms",
  "phone",
  "agentSourcedIds",
  "grades",
  "password",
  "userMasterIdentifier",
  "resourceSourcedIds",
  "preferredGivenName",
  "preferredMiddleName",
  "preferredFamilyName",
  "primaryOrgSourcedId",
  "pronouns",
];
const FIRST_NAMES = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jade"];

function user(id: string, given: string, family: string, email: string, phone = ""): string[] {
  const row = Object.fromEntries(USER_HEADER.map((column) => [column, ""]));
  Object.assign(row, { sourcedId: id, enabledUser: "true", username: id, givenName: given, familyName: family });
  Object.assign(row, { email, phone, primaryOrgSourcedId: "org-school" });
  return USER_HEADER.map((column) => row[column]);
}

/** Student n (1..60) of the sample. */
export const studentName = (n: number) => ({
  firstName: FIRST_NAMES[(n - 1) % FIRST_NAMES.length],
  lastName: n === 7 ? SECRET_NAME : `Family${String.fromCharCode(64 + Math.ceil(n / 10))}${n}`,
});

/** `domain`: the teachers' e-mail domain (an address belongs to one account: one school's set per domain). */
export function sampleRoster(domain = "school.example"): RosterSet {
  const students = Array.from({ length: 60 }, (_, index) => index + 1);
  const sid = (n: number) => `stu-${String(n).padStart(3, "0")}`;
  return {
    manifest: [
      ["propertyName", "value"],
      ["manifest.version", "1.0"],
      ["oneroster.version", "1.2"],
      ["file.academicSessions", "absent"],
      ["file.categories", "absent"],
      ["file.classes", "bulk"],
      ["file.courses", "bulk"],
      ["file.demographics", "bulk"],
      ["file.enrollments", "bulk"],
      ["file.orgs", "bulk"],
      ["file.users", "bulk"],
      ["file.roles", "bulk"],
      ["source.systemName", "Test SIS"],
    ],
    orgs: [
      ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
      ["org-district", "active", "", "Test District", "district", "", ""],
      ["org-school", "active", "", "Test School", "school", "", "org-district"],
    ],
    users: [
      USER_HEADER,
      user("tch-1", "Tamsin", "Oakley", `tamsin.oakley@${domain}`),
      user("tch-2", "Ravi", "Brook", `ravi.brook@${domain}`),
      user("adm-1", "Alma", "Head", `alma.head@${domain}`),
      ...students.map((n) => user(sid(n), studentName(n).firstName, studentName(n).lastName, "", SECRET_PHONE)),
    ],
    roles: [
      ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId"],
      ["r-t1", "active", "", "tch-1", "primary", "teacher", "org-school"],
      ["r-t2", "active", "", "tch-2", "primary", "teacher", "org-school"],
      ["r-a1", "active", "", "adm-1", "primary", "administrator", "org-school"],
      ...students.map((n) => [`r-${sid(n)}`, "active", "", sid(n), "primary", "student", "org-school"]),
    ],
    classes: [
      [
        "sourcedId",
        "status",
        "dateLastModified",
        "title",
        "grades",
        "courseSourcedId",
        "classCode",
        "classType",
      ].concat(["location", "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods"]),
      ["cls-1", "active", "", "5A Maths", "05", "crs-1", "5A", "scheduled", "", "org-school", "term-1", "", "", ""],
      ["cls-2", "active", "", "5B Maths", "05", "crs-1", "5B", "scheduled", "", "org-school", "term-1", "", "", ""],
    ],
    enrollments: [
      ["sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"].concat([
        "primary",
        "beginDate",
        "endDate",
      ]),
      ["enr-t1", "active", "", "cls-1", "org-school", "tch-1", "teacher", "true", "", ""],
      ["enr-t2", "active", "", "cls-2", "org-school", "tch-2", "teacher", "true", "", ""],
      ...students.map((n) => [
        `enr-${sid(n)}`,
        "active",
        "",
        n <= 30 ? "cls-1" : "cls-2",
        "org-school",
        sid(n),
        "student",
        "false",
        "",
        "",
      ]),
    ],
    extra: {
      "demographics.csv": csv([["sourcedId", "birthDate"], ...students.map((n) => [sid(n), "2015-03-04"])]),
      "courses.csv": csv([
        ["sourcedId", "title"],
        ["crs-1", "Maths"],
      ]),
    },
  };
}

/** The set as a zip file's bytes. */
export function zipRoster(set: RosterSet, options: { omit?: string[] } = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const add = (name: string, text: string) => {
    if (!options.omit?.includes(name)) files[name] = strToU8(text);
  };
  add("manifest.csv", csv(set.manifest));
  add("orgs.csv", csv(set.orgs));
  add("users.csv", csv(set.users));
  add("roles.csv", csv(set.roles));
  add("classes.csv", csv(set.classes));
  add("enrollments.csv", csv(set.enrollments));
  for (const [name, text] of Object.entries(set.extra)) add(name, text);
  return zipSync(files);
}

/** A row of a table whose first cell is `id` (a sourcedId or property name), to change in place. */
export function rowOf(table: Table, id: string): string[] {
  const row = table.find((cells) => cells[0] === id);
  if (!row) throw new Error(`No row ${id}`);
  return row;
}

/** Sets a cell by column name. */
export function setCell(table: Table, id: string, column: string, value: string): void {
  rowOf(table, id)[table[0].indexOf(column)] = value;
}

/** The set with every id of a class, user, role or enrolment prefixed and the classes' titles tagged: a second set of its own. */
export function retagRoster(set: RosterSet, tag: string): RosterSet {
  const retag = (table: Table) =>
    table.map((row, line) =>
      line === 0 ? row : row.map((cell) => (/^(cls|tch|adm|stu|enr|r)-/.test(cell) ? `${tag}-${cell}` : cell)),
    );
  const classes = retag(set.classes).map((row, line) =>
    line === 0 ? row : row.map((cell, i) => (i === 3 ? `${cell} ${tag}` : cell)),
  );
  return { ...set, users: retag(set.users), roles: retag(set.roles), classes, enrollments: retag(set.enrollments) };
}
