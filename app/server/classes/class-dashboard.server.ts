/**
 * The class home's dashboard in one round trip: the class, its student count,
 * who is online, the live class code and the running assignments; and the
 * JSON subqueries other one-round-trip screens share (the live class code).
 */
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { atTime, effectiveStatusSql, isOpenSql } from "../assignments/effective-status.server";
import type { LiveClassCode } from "../class-codes/class-codes.server";
import type { Db } from "../db/client.server";
import { aliased, type JsonRow, jsonFirst, jsonList } from "../db/json-rows.server";
import { assignments, classCodes, classes, classStudents, schools, students, surveys } from "../db/schema.server";
import { notFound } from "../errors.server";
import { studentListFields, studentNameFields } from "../students/student-fields.server";
import { assignmentSummaryFields } from "./assignment-summary.server";
import { type Actor, classScopeCondition, preparedPerScope, scopeValues } from "./class-scope.server";
import { type ClassTeacher, classTeachersJson } from "./class-teachers.server";
import {
  type ClassRecord,
  classColumns,
  classesColumn,
  getClass,
  ONLINE_WINDOW_MS,
  studentCountOf,
} from "./classes.server";

const member = alias(classStudents, "cs");
const student = alias(students, "st");
const onlineStudentFields = studentListFields(student);
export type OnlineStudent = JsonRow<typeof onlineStudentFields>;

const listedTwin = alias(students, "tw");
/** A new name that joined close to a listed one: "Zara Newkyd joined — close to Zara Newkid" (issue 36). */
const closeNameFields = {
  ...studentNameFields(student),
  closeToFirstName: listedTwin.firstName,
  closeToLastName: listedTwin.lastName,
};
export type CloseNameJoin = JsonRow<typeof closeNameFields>;
/** How long the class home tells of a close name that joined (the Students page always does). */
export const CLOSE_NAME_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

/** Students of the class seen by the student API within the last two minutes. */
export async function listOnlineStudents(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<OnlineStudent[]> {
  await getClass(db, actor, classId);
  return selectOnlineStudents(db, classId, now);
}

/** For callers that have checked the class already (the dashboard). */
function selectOnlineStudents(db: Db, classId: number, now: Date): Promise<OnlineStudent[]> {
  return db
    .select(studentListFields(students))
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), gt(students.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS))))
    .orderBy(desc(students.lastSeenAt), asc(students.id));
}

/**
 * An assignment as lists show it: its columns, its survey's title and slug,
 * and how many responses it has. `anonymous`: no screen, API answer or export
 * links its answers to a student (docs/product.md#anonymous-assignments).
 */
export type AssignmentSummary = JsonRow<typeof assignmentSummaryColumns>;

export const assignmentSummaryColumns = assignmentSummaryFields(assignments, surveys);

const assignment = alias(assignments, "a");
const survey = alias(surveys, "sv");
const coming = alias(assignments, "ca");
const activeAssignmentFields = assignmentSummaryFields(assignment, survey);

export interface ClassDashboard {
  class: ClassRecord;
  studentCount: number;
  onlineStudents: OnlineStudent[];
  classCode: LiveClassCode | null;
  activeAssignments: AssignmentSummary[];
  /** What is coming: assignments whose scheduled opening is still ahead, soonest first (at most 3). */
  comingAssignments: AssignmentSummary[];
  /** The school's own time zone for scheduled times, or null (the deployment's SCHOOL_TIME_ZONE). */
  schoolTimeZone: string | null;
  teachers: ClassTeacher[];
  /** New names that joined this week close to a listed name, newest first. */
  closeNames: CloseNameJoin[];
}

/** The times the dashboard's query compares with, as placeholders of its prepared statements. */
const at = {
  now: sql.placeholder("now"),
  onlineSince: sql.placeholder("onlineSince"),
  closeSince: sql.placeholder("closeSince"),
};

function selectDashboard(db: Db, scope: SQL | undefined) {
  return db
    .select({
      ...classColumns,
      studentCount: sql<number>`(${studentCountOf(classes.id)})`,
      onlineStudents: jsonList(
        onlineStudentFields,
        sql`from ${aliased(member)} join ${aliased(student)} on ${student.id} = ${member.studentId}
            where ${member.classId} = ${classes.id} and ${student.lastSeenAt} > ${at.onlineSince}::timestamptz`,
        sql`${student.lastSeenAt} desc, ${student.id}`,
      ),
      classCode: liveClassCodeJson(classesColumn.id),
      activeAssignments: jsonList(
        activeAssignmentFields,
        sql`from ${aliased(assignment)} join ${aliased(survey)} on ${survey.id} = ${assignment.surveyId}
            where ${assignment.classId} = ${classes.id} and ${isOpenSql(assignment, at.now)}`,
        sql`coalesce(${assignment.startedAt}, ${assignment.opensAt}) desc, ${assignment.id} desc`,
      ),
      comingAssignments: jsonList(
        activeAssignmentFields,
        sql`from ${aliased(assignment)} join ${aliased(survey)} on ${survey.id} = ${assignment.surveyId}
            where ${assignment.id} in (select ${coming.id} from ${aliased(coming)}
              where ${coming.classId} = ${classes.id} and ${coming.opensAt} > ${at.now}::timestamptz
                and ${effectiveStatusSql(coming, at.now)} = 'assigned'
              order by ${coming.opensAt}, ${coming.id} limit 3)`,
        sql`${assignment.opensAt}, ${assignment.id}`,
      ),
      teachers: classTeachersJson(classesColumn.id),
      schoolTimeZone: schools.timeZone,
      closeNames: jsonList(
        closeNameFields,
        sql`from ${aliased(member)} join ${aliased(student)} on ${student.id} = ${member.studentId}
            join ${aliased(listedTwin)} on ${listedTwin.id} = ${member.closeToStudentId}
            where ${member.classId} = ${classes.id} and ${member.createdAt} > ${at.closeSince}::timestamptz`,
        sql`${member.createdAt} desc, ${student.id}`,
      ),
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, sql.placeholder("classId")), scope))
    .limit(1);
}

/**
 * The dashboard's query, prepared once per database and kind of scope: drizzle building this
 * large query object on every visit of the most visited screen cost more CPU than the other
 * statements of the page (issue 34, docs/performance.md).
 */
const dashboardQuery = preparedPerScope("class_dashboard", (db, actor, name) =>
  selectDashboard(db, classScopeCondition(actor)).prepare(name),
);

/**
 * Everything the class home shows, in one round trip: the class (checked
 * against the actor's scope), its student count, who is online, the live
 * code, the active assignments and the teachers, each a subquery. On
 * PostgreSQL every round trip costs more than the page's rendering
 * (docs/performance.md), and this is the most visited screen.
 */
export async function getClassDashboard(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<ClassDashboard> {
  const [row] = await dashboardQuery(db, actor).execute({
    classId,
    ...scopeValues(actor),
    now: now.toISOString(),
    onlineSince: new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString(),
    closeSince: new Date(now.getTime() - CLOSE_NAME_NOTICE_MS).toISOString(),
  });
  if (!row) throw notFound("Class not found");
  const {
    studentCount,
    onlineStudents,
    classCode,
    activeAssignments,
    comingAssignments,
    teachers,
    schoolTimeZone,
    closeNames,
    ...klass
  } = row;
  return {
    class: klass,
    studentCount,
    onlineStudents,
    classCode: fromLiveClassCodeJson(classCode, now),
    activeAssignments: activeAssignments.map((a) => atTime(a, now)),
    comingAssignments,
    schoolTimeZone,
    teachers,
    closeNames,
  };
}

const liveCode = alias(classCodes, "cc");
const codeJoin = alias(classStudents, "j");
const liveClassCodeFields = {
  id: liveCode.id,
  classId: liveCode.classId,
  code: liveCode.code,
  expiresAt: liveCode.expiresAt,
  createdAt: liveCode.createdAt,
  joinedCount: sql<number>`(select count(*)::int from ${aliased(codeJoin)} where ${codeJoin.joinedWithCodeId} = ${liveCode.id})`,
};

/** The class's live code (or null) as a JSON subquery, for one-round-trip screens; read it with fromLiveClassCodeJson. */
export function liveClassCodeJson(classIdColumn: SQL) {
  return jsonFirst(
    liveClassCodeFields,
    sql`from ${aliased(liveCode)} where ${liveCode.classId} = ${classIdColumn} and ${liveCode.stoppedAt} is null limit 1`,
  );
}

/** The live code with whether it has expired by `now`. */
export function fromLiveClassCodeJson(
  code: JsonRow<typeof liveClassCodeFields> | null,
  now: Date,
): LiveClassCode | null {
  return code ? { ...code, expired: code.expiresAt.getTime() <= now.getTime() } : null;
}
