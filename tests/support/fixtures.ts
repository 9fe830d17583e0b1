/**
 * Small builders for integration-test data, and one ready-made "world" with
 * the permission cases every class-area test needs:
 *
 *   riverside (active): teacher (owns class5A), colleague (owns class6),
 *                       schoolAdmin, spareTeacher (teaches nothing)
 *   hillside  (active): otherTeacher (owns hillClass), otherAdmin
 *   platformAdmin (no school)
 */
import { randomBytes } from "node:crypto";
import { hashToken } from "~/server/auth/session.server";
import type { Actor } from "~/server/classes/class-scope.server";
import type { Db } from "~/server/db/client.server";
import {
  type AssignmentStatus,
  assignments,
  classCodes,
  classes,
  classStudents,
  classTeachers,
  joinRequests,
  responses,
  schools,
  studentContacts,
  students,
  surveys,
  type UserRole,
  users,
} from "~/server/db/schema.server";

const unique = () => randomBytes(4).toString("hex");

export async function createSchool(db: Db, values: { name?: string; status?: "active" | "archived" } = {}) {
  const [row] = await db
    .insert(schools)
    .values({ name: values.name ?? `School ${unique()}`, status: values.status ?? "active" })
    .returning();
  return row;
}

export async function createUser(
  db: Db,
  values: { role?: UserRole; schoolId: number | null; name?: string; email?: string; status?: "active" | "archived" },
) {
  const name = values.name ?? `User ${unique()}`;
  const [row] = await db
    .insert(users)
    .values({
      name,
      email: values.email ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${unique()}@test.example`,
      role: values.role ?? "teacher",
      status: values.status ?? "active",
      schoolId: values.schoolId,
      emailVerified: true,
    })
    .returning();
  return row;
}

export function actorOf(user: { id: number; role: UserRole; schoolId: number | null }): Actor {
  return { id: user.id, role: user.role, schoolId: user.schoolId };
}

export async function createClass(db: Db, values: { schoolId: number; name?: string; teacherIds?: number[] }) {
  const [row] = await db
    .insert(classes)
    .values({ name: values.name ?? `Class ${unique()}`, schoolId: values.schoolId })
    .returning();
  for (const [index, userId] of (values.teacherIds ?? []).entries()) {
    await db.insert(classTeachers).values({ classId: row.id, userId, role: index === 0 ? "owner" : "co-teacher" });
  }
  return row;
}

/** A live class code (students join with it), valid for a week unless told otherwise. */
export async function createClassCode(
  db: Db,
  values: { classId: number; code: string; createdByUserId?: number | null; expiresAt?: Date },
) {
  const [row] = await db
    .insert(classCodes)
    .values({
      classId: values.classId,
      code: values.code,
      createdByUserId: values.createdByUserId ?? null,
      expiresAt: values.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  return row;
}

export async function createStudent(
  db: Db,
  values: {
    schoolId: number;
    classId?: number;
    firstName?: string;
    lastName?: string;
    lastSeenAt?: Date | null;
    joinedWithCodeId?: number | null;
    contacts?: { name: string; relationship?: string | null; phonePrimary?: string | null }[];
  },
) {
  const [row] = await db
    .insert(students)
    .values({
      schoolId: values.schoolId,
      firstName: values.firstName ?? "Sam",
      lastName: values.lastName ?? `Student${unique()}`,
      lastSeenAt: values.lastSeenAt ?? null,
    })
    .returning();
  if (values.classId) {
    await db
      .insert(classStudents)
      .values({ classId: values.classId, studentId: row.id, joinedWithCodeId: values.joinedWithCodeId ?? null });
  }
  for (const [position, contact] of (values.contacts ?? []).entries()) {
    await db.insert(studentContacts).values({ studentId: row.id, position, ...contact });
  }
  return row;
}

/**
 * A device waiting for the teacher, as the student side's join flow leaves
 * it: the secret stored hashed (hashToken), status 'waiting', expiring in an
 * hour unless told otherwise. `studentId` null is a new name the class holds.
 */
export async function createJoinRequest(
  db: Db,
  values: {
    classId: number;
    studentId?: number | null;
    firstName: string;
    lastName: string;
    secret?: string;
    classCodeId?: number | null;
    expiresAt?: Date;
    createdAt?: Date;
    /** When its device last asked; by default its expiry, as if it kept asking until then. */
    lastSeenAt?: Date;
    deviceBrowser?: string;
    deviceSystem?: string;
  },
) {
  const expiresAt = values.expiresAt ?? new Date(Date.now() + 3_600_000);
  const [row] = await db
    .insert(joinRequests)
    .values({
      classId: values.classId,
      studentId: values.studentId ?? null,
      firstName: values.firstName,
      lastName: values.lastName,
      secretHash: hashToken(values.secret ?? `secret-${unique()}`),
      classCodeId: values.classCodeId ?? null,
      expiresAt,
      lastSeenAt: values.lastSeenAt ?? expiresAt,
      deviceBrowser: values.deviceBrowser ?? null,
      deviceSystem: values.deviceSystem ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row;
}

export async function createSurvey(db: Db, values: { fullSlug?: string; title?: string; removed?: boolean } = {}) {
  const [row] = await db
    .insert(surveys)
    .values({
      fullSlug: values.fullSlug ?? `surveys/test-${unique()}`,
      title: values.title ?? "Test survey",
      removedAt: values.removed ? new Date() : null,
    })
    .returning();
  return row;
}

export async function createAssignment(
  db: Db,
  values: { classId: number; surveyId: number; status?: AssignmentStatus; anonymous?: boolean },
) {
  const status = values.status ?? "assigned";
  const [row] = await db
    .insert(assignments)
    .values({
      classId: values.classId,
      surveyId: values.surveyId,
      status,
      anonymous: values.anonymous ?? false,
      startedAt: status === "assigned" ? null : new Date(Date.now() - 86_400_000),
      closedAt: status === "completed" ? new Date() : null,
    })
    .returning();
  return row;
}

export async function createResponse(
  db: Db,
  values: { assignmentId: number; studentId: number; answers: Record<string, unknown>; submittedAt?: Date },
) {
  const [row] = await db
    .insert(responses)
    .values({
      assignmentId: values.assignmentId,
      studentId: values.studentId,
      answers: values.answers,
      submittedAt: values.submittedAt ?? new Date(),
    })
    .returning();
  return row;
}

/** Two active schools, their staff and classes: every permission case in one place. */
export async function createClassWorld(db: Db) {
  const riverside = await createSchool(db, { name: `Riverside ${unique()}` });
  const hillside = await createSchool(db, { name: `Hillside ${unique()}` });
  const teacher = await createUser(db, { schoolId: riverside.id, name: "Amara Teacher" });
  const colleague = await createUser(db, { schoolId: riverside.id, name: "Daniel Colleague" });
  const spareTeacher = await createUser(db, { schoolId: riverside.id, name: "Beth Spare" });
  const schoolAdmin = await createUser(db, { schoolId: riverside.id, role: "admin", name: "Helen Head" });
  const otherTeacher = await createUser(db, { schoolId: hillside.id, name: "Olga Other" });
  const otherAdmin = await createUser(db, { schoolId: hillside.id, role: "admin", name: "Oscar Otheradmin" });
  const platformAdmin = await createUser(db, { schoolId: null, role: "admin", name: "Morgan Platform" });
  const class5A = await createClass(db, { schoolId: riverside.id, name: "5A Sunflowers", teacherIds: [teacher.id] });
  const class6 = await createClass(db, { schoolId: riverside.id, name: "6 Maple", teacherIds: [colleague.id] });
  const hillClass = await createClass(db, { schoolId: hillside.id, name: "7 Cedar", teacherIds: [otherTeacher.id] });
  return {
    riverside,
    hillside,
    users: { teacher, colleague, spareTeacher, schoolAdmin, otherTeacher, otherAdmin, platformAdmin },
    actors: {
      teacher: actorOf(teacher),
      colleague: actorOf(colleague),
      spareTeacher: actorOf(spareTeacher),
      schoolAdmin: actorOf(schoolAdmin),
      otherTeacher: actorOf(otherTeacher),
      otherAdmin: actorOf(otherAdmin),
      platformAdmin: actorOf(platformAdmin),
    },
    class5A,
    class6,
    hillClass,
  };
}

export type ClassWorld = Awaited<ReturnType<typeof createClassWorld>>;
