/**
 * Self-signed-up schools (ADR 213): a teacher who signs up on /signup without
 * an invitation gets a school of their own (schools.self_signed_up), named
 * "<Name>'s classes" in the sign-up's language, and is its teacher, so they
 * can make their first class at once; they may rename it
 * (self-school-name.server.ts). A platform admin later moves them into their real school with
 * everything they made there, and the emptied school is archived.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { recordAuditEvent } from "../audit/audit.server";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { classes, schools, students, users } from "../db/schema.server";
import { conflict, forbidden, notFound, validationError } from "../errors.server";
import { translatorFor } from "../i18n/i18n.server";
import { withSaying } from "../i18n/refusal-text.server";
import { renewPersonalCodes } from "../students/personal-codes.server";
import { assertAdmin } from "../users/scope.server";

const MAX_NAME = 120;

/** The school's name in a language: "{name}'s classes" translated (issue 36: "Die Klassen von Katarzyna"). */
type SchoolNameTemplate = (values: { name: string }) => string;

function schoolNameTemplate(language: string): SchoolNameTemplate {
  const t = translatorFor(language, "staff");
  return (values) => t("{name}'s classes", values);
}

/**
 * "<Name>'s classes" in the teacher's language, then "<Name>'s classes (2)",
 * ... : school names are unique regardless of case. The teacher's name is
 * cut so that the whole stays within 120 characters.
 */
export function selfSchoolName(teacherName: string, attempt: number, language: string = DEFAULT_LANGUAGE): string {
  const template = schoolNameTemplate(language);
  const suffix = attempt === 1 ? "" : ` (${attempt})`;
  const room = MAX_NAME - template({ name: "" }).length - suffix.length;
  return `${template({ name: teacherName.trim().slice(0, Math.max(1, room)) })}${suffix}`;
}

/** Creates the teacher's own school inside the sign-up's transaction, named in the sign-up's language; returns its id. */
export async function createSelfSchool(
  tx: Tx,
  teacherName: string,
  language: string = DEFAULT_LANGUAGE,
): Promise<{ id: number; name: string }> {
  for (let attempt = 1; ; attempt++) {
    // ON CONFLICT DO NOTHING: a taken name (the unique index on lower(name)) gives no row, and the next name is tried.
    const [school] = await tx
      .insert(schools)
      .values({ name: selfSchoolName(teacherName, attempt, language), selfSignedUp: true })
      .onConflictDoNothing()
      .returning({ id: schools.id, name: schools.name });
    if (school) return school;
  }
}

export interface SelfSignedUpTeacher {
  id: number;
  name: string;
  email: string;
}

/** The staff of a self-signed-up school who can be moved (its one teacher), for the school's page. */
export async function listMovableTeachers(db: Db, actor: Actor, schoolId: number): Promise<SelfSignedUpTeacher[]> {
  assertAdmin(actor);
  if (!isPlatformAdmin(actor)) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, schoolId), eq(schools.selfSignedUp, true), eq(schools.status, "active")));
}

/** The schools a self-signed-up teacher can be moved into: active schools that are not self-signed-up. */
export async function listMoveTargets(db: Db, actor: Actor): Promise<{ id: number; name: string }[]> {
  assertAdmin(actor);
  if (!isPlatformAdmin(actor)) return [];
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.status, "active"), eq(schools.selfSignedUp, false)))
    .orderBy(asc(sql`lower(${schools.name})`));
}

export interface MoveResult {
  teacher: { id: number; name: string };
  school: { id: number; name: string };
  classes: number;
  students: number;
  /** Children whose personal code was already taken in the new school, and who got a new one. */
  personalCodesRenewed: number;
}

/**
 * Moves a self-signed-up teacher into a real school, with their classes and
 * everything in them (students, class codes, assignments, answers: these
 * hang off the class or the student), in one transaction. Platform admins
 * only. The emptied self school is archived. A child whose personal code is
 * taken in the new school gets a fresh code (their printed card changes).
 */
export async function moveSelfSignedUpTeacher(
  db: Db,
  actor: Actor,
  input: { userId: number; schoolId: number },
): Promise<MoveResult> {
  assertAdmin(actor);
  if (!isPlatformAdmin(actor)) throw forbidden("Only a platform admin can move a teacher into another school.");
  return db.transaction(async (tx) => {
    const [teacher] = await tx
      .select({ id: users.id, name: users.name, role: users.role, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("update");
    if (!teacher || teacher.schoolId === null) throw notFound("Staff member not found");
    const fromId = teacher.schoolId;
    const [from] = await tx
      .select({ id: schools.id, name: schools.name, selfSignedUp: schools.selfSignedUp, status: schools.status })
      .from(schools)
      .where(eq(schools.id, fromId))
      .for("update");
    if (!from.selfSignedUp || from.status !== "active") {
      throw withSaying(conflict(""), (t) =>
        t("{name} is not in a school of their own, so they cannot be moved from here.", { name: teacher.name }),
      );
    }
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, fromId), ne(users.id, teacher.id)));
    if (others.length > 0) {
      throw withSaying(conflict(""), (t) =>
        t("{school} has other staff. Move or archive them first.", { school: from.name }),
      );
    }
    const [to] = await tx
      .select({ id: schools.id, name: schools.name, selfSignedUp: schools.selfSignedUp, status: schools.status })
      .from(schools)
      .where(eq(schools.id, input.schoolId))
      .for("update");
    if (!to || to.id === fromId || to.selfSignedUp || to.status !== "active") {
      throw validationError("Choose an active school to move the teacher into", {
        schoolId: ["Choose an active school to move the teacher into"],
      });
    }

    // Personal codes are unique within a school: a moving child whose code is taken there gives it up
    // before the move, and gets a fresh one after it.
    const clashing = await tx
      .update(students)
      .set({ personalCode: null })
      .where(
        and(
          eq(students.schoolId, fromId),
          isNotNull(students.personalCode),
          inArray(
            students.personalCode,
            tx
              .select({ code: sql<string>`${students.personalCode}` })
              .from(students)
              .where(and(eq(students.schoolId, to.id), isNotNull(students.personalCode))),
          ),
        ),
      )
      .returning({ id: students.id });
    const movedStudents = await tx
      .update(students)
      .set({ schoolId: to.id, updatedAt: new Date() })
      .where(eq(students.schoolId, fromId))
      .returning({ id: students.id });
    const movedClasses = await tx
      .update(classes)
      .set({ schoolId: to.id, updatedAt: new Date() })
      .where(eq(classes.schoolId, fromId))
      .returning({ id: classes.id });
    await renewPersonalCodes(
      tx,
      to.id,
      clashing.map((row) => row.id),
    );
    await tx.update(users).set({ schoolId: to.id, updatedAt: new Date() }).where(eq(users.id, teacher.id));
    await tx.update(schools).set({ status: "archived", updatedAt: new Date() }).where(eq(schools.id, fromId));

    const details = {
      from: { id: fromId, name: from.name },
      to: { id: to.id, name: to.name },
      classes: movedClasses.length,
      students: movedStudents.length,
      personalCodesRenewed: clashing.length,
    };
    await recordAuditEvent(tx, actor, {
      action: "user.move_to_school",
      targetType: "user",
      targetId: teacher.id,
      schoolId: to.id,
      details,
    });
    await recordAuditEvent(tx, actor, {
      action: "school.archive",
      targetType: "school",
      targetId: fromId,
      schoolId: fromId,
      details: { name: from.name, reason: "self-signed-up teacher moved", movedTo: to.id },
    });
    return {
      teacher: { id: teacher.id, name: teacher.name },
      school: { id: to.id, name: to.name },
      classes: movedClasses.length,
      students: movedStudents.length,
      personalCodesRenewed: clashing.length,
    };
  });
}
