/**
 * Personal codes (docs/product.md#student-identity): each rostered child's
 * short code, printed on their sign-in card, unique within the school (the
 * partial unique index students_school_personal_code_unique).
 *
 * A code is drawn from a cryptographic source and checked against the
 * school's codes first; a code taken in the meantime by a concurrent writer
 * fails the unique index, and only that one write (a savepoint) is retried
 * with a fresh code. The codes themselves never go into the audit log: a log
 * reader must not be able to sign in as a child.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { generatePersonalCode } from "~/lib/personal-code";
import { openAnonymousSurveysDetail } from "../audit/anonymous-roster.server";
import { recordClassAuditEvent } from "../audit/audit.server";
import { findLiveClassCode } from "../class-codes/class-codes.server";
import type { Actor } from "../classes/class-scope.server";
import { type ClassRecord, getClass } from "../classes/classes.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { Db, Tx } from "../db/client.server";
import { classStudents, signInCards, students } from "../db/schema.server";
import { DomainError, notFound } from "../errors.server";
import { revokeSignInCards } from "./card-tokens.server";
import { studentNameFields } from "./student-fields.server";

const MAX_ATTEMPTS = 8;
const UNIQUE_INDEX = "students_school_personal_code_unique";

/** A new personal code from node:crypto's randomInt. */
export function newPersonalCode(): string {
  return generatePersonalCode(randomInt);
}

export interface PersonalCodeOptions {
  /** For tests: the code generator. */
  generate?: () => string;
}

/** The school's codes in use, to draw new ones around them. */
async function codesInUse(tx: Tx, schoolId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ code: students.personalCode })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNotNull(students.personalCode)));
  return new Set(rows.map((row) => row.code as string));
}

/**
 * Sets the student's code to a fresh one, in a savepoint, retrying on a clash.
 * With `onlyIfMissing`, a student who has a code by now (a concurrent call
 * gave one) keeps it: returns false.
 */
async function setFreshCode(
  tx: Tx,
  student: { id: number; schoolId: number },
  taken: Set<string>,
  generate: () => string,
  onlyIfMissing: boolean,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    let code = generate();
    for (let draw = 0; taken.has(code) && draw < 50; draw++) code = generate();
    try {
      const updated = await tx.transaction(async (savepoint) =>
        savepoint
          .update(students)
          .set({ personalCode: code, updatedAt: new Date() })
          .where(and(eq(students.id, student.id), onlyIfMissing ? isNull(students.personalCode) : undefined))
          .returning({ id: students.id }),
      );
      taken.add(code);
      return updated.length > 0;
    } catch (error) {
      if (!isUniqueViolation(error, UNIQUE_INDEX)) throw error;
      taken.add(code);
      if (attempt >= MAX_ATTEMPTS) {
        throw new DomainError("CONFLICT", "Could not make a unique personal code. Please try again.");
      }
    }
  }
}

/**
 * Gives every student on the class's roster who has no code one, inside the
 * caller's transaction; returns how many got one. The class has been checked.
 */
export async function giveMissingPersonalCodes(
  tx: Tx,
  klass: Pick<ClassRecord, "id" | "schoolId">,
  options: PersonalCodeOptions = {},
): Promise<number> {
  const missing = await tx
    .select({ id: students.id, schoolId: students.schoolId })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, klass.id), isNull(students.personalCode)))
    .orderBy(students.id)
    // Two calls at once: the second waits here and then finds nothing missing.
    .for("update", { of: students });
  if (missing.length === 0) return 0;
  const taken = await codesInUse(tx, klass.schoolId);
  const generate = options.generate ?? newPersonalCode;
  let given = 0;
  for (const student of missing) {
    if (await setFreshCode(tx, student, taken, generate, true)) given++;
  }
  return given;
}

/**
 * Gives each of these students of the school a fresh code, drawn around the
 * school's codes, inside the caller's transaction (a teacher moved into a
 * school whose children already hold some of their class's codes, ADR 213).
 */
export async function renewPersonalCodes(
  tx: Tx,
  schoolId: number,
  studentIds: readonly number[],
  options: PersonalCodeOptions = {},
): Promise<void> {
  if (studentIds.length === 0) return;
  const taken = await codesInUse(tx, schoolId);
  const generate = options.generate ?? newPersonalCode;
  for (const id of studentIds) await setFreshCode(tx, { id, schoolId }, taken, generate, false);
}

/** "Make codes": every rostered student of the class without a personal code gets one. Idempotent. */
export async function ensurePersonalCodes(
  db: Db,
  actor: Actor,
  classId: number,
  options: PersonalCodeOptions = {},
): Promise<{ given: number }> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const given = await giveMissingPersonalCodes(tx, klass, options);
    if (given > 0) {
      await recordClassAuditEvent(tx, actor, klass, {
        action: "student.personal_codes.ensure",
        details: { given, ...(await openAnonymousSurveysDetail(tx, klass.id)) },
      });
    }
    return { given };
  });
}

/**
 * "New code": the student gets a fresh personal code (a lost card, or a code
 * a classmate saw). The old code stops working at once; devices already
 * signed in stay signed in (revoking them is its own action).
 */
export async function regeneratePersonalCode(
  db: Db,
  actor: Actor,
  input: { classId: number; studentId: number },
  options: PersonalCodeOptions = {},
): Promise<{ firstName: string; lastName: string; personalCode: string }> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const [student] = await tx
      .select({ id: students.id, schoolId: students.schoolId })
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(and(eq(classStudents.classId, klass.id), eq(classStudents.studentId, input.studentId)))
      .for("update", { of: students })
      .limit(1);
    if (!student) throw notFound("Student not found in this class");
    const taken = await codesInUse(tx, student.schoolId);
    await setFreshCode(tx, student, taken, options.generate ?? newPersonalCode, false);
    // A card printed with the old code is dead as a whole, its QR code too (issue 36).
    await revokeSignInCards(tx, eq(signInCards.studentId, student.id));
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.personal_code.regenerate",
      target: { type: "student", id: student.id },
      details: { ...(await openAnonymousSurveysDetail(tx, klass.id)) },
    });
    const [row] = await tx
      .select({
        firstName: students.firstName,
        lastName: students.lastName,
        personalCode: sql<string>`${students.personalCode}`,
      })
      .from(students)
      .where(eq(students.id, student.id));
    return row;
  });
}

export interface SignInCards {
  class: { id: number; name: string };
  /** The live class code, or null when there is none or it has expired (the cards cannot be used then). */
  classCode: string | null;
  /** Students on the list with a personal code, by last name. */
  students: { id: number; firstName: string; lastName: string; personalCode: string }[];
  /** How many students on the list have no personal code yet. */
  withoutCode: number;
}

/** What the printable sign-in cards show, for an actor who may see the class (NOT_FOUND otherwise). */
export async function getSignInCards(
  db: Db | Tx,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<SignInCards> {
  const klass = await getClass(db, actor, classId);
  const [live, roster] = await Promise.all([
    findLiveClassCode(db, klass.id, now),
    db
      .select({ ...studentNameFields(students), personalCode: students.personalCode })
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(eq(classStudents.classId, klass.id))
      .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id)),
  ]);
  const withCode = roster.filter(
    (student): student is SignInCards["students"][number] => student.personalCode !== null,
  );
  return {
    class: { id: klass.id, name: klass.name },
    classCode: live && !live.expired ? live.code : null,
    students: withCode,
    withoutCode: roster.length - withCode.length,
  };
}
