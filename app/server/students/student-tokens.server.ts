/**
 * Student tokens: the bearer credential the student app gets when a student
 * joins a class. Random (256 bits), shown once, stored only as SHA-256,
 * bound to one student in one class, revocable by the class's teachers.
 */
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { recordClassAuditEvent } from "../audit/audit.server";
import { hashToken, newToken } from "../auth/session.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { classes, classStudents, type StudentTokenKind, schools, students, studentTokens } from "../db/schema.server";
import { DomainError } from "../errors.server";
import { requireStudentInClass } from "./student-in-class.server";
import { STUDENT_TOKEN_LIFETIME_MS } from "./student-token-lifetimes.server";

export const INVALID_TOKEN_MESSAGE =
  "Your student token is not valid any more. Join your class again with its class code.";

/** A student token that names no student (any more): 401 with the bearer challenge. */
export const invalidStudentToken = () =>
  new DomainError("UNAUTHORIZED", INVALID_TOKEN_MESSAGE, undefined, { "WWW-Authenticate": 'Bearer realm="student"' });

/** Prefix so a leaked token is recognisable (secret scanners, logs). */
export const STUDENT_TOKEN_PREFIX = "ost_";
/** lastUsedAt is written at most this often per token, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface StudentPrincipal {
  tokenId: number;
  studentId: number;
  classId: number;
  schoolId: number;
  firstName: string;
  lastName: string;
  className: string;
}

export { STUDENT_TOKEN_LIFETIME_MS };

export interface IssueStudentTokenInput {
  studentId: number;
  classId: number;
  /** "app" (the default) for the student API, "browser" for the student pages' cookie. */
  kind?: StudentTokenKind;
}

/** Stores a new token for the student in the class; returns the raw token (shown once). */
export async function issueStudentToken(tx: Db | Tx, input: IssueStudentTokenInput, now = new Date()): Promise<string> {
  const token = `${STUDENT_TOKEN_PREFIX}${newToken()}`;
  const kind = input.kind ?? "app";
  await tx.insert(studentTokens).values({
    studentId: input.studentId,
    classId: input.classId,
    tokenHash: hashToken(token),
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STUDENT_TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

/** The raw token from `Authorization: Bearer <token>`, or null. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * The student a request's bearer token names. 401 when the token is
 * missing, unknown, revoked or expired, when it is a browser token (the
 * student pages' cookie; ADR 190), when the student is no longer on the
 * class's roster, or when the class or its school is archived.
 */
export async function authenticateStudent(db: Db, request: Request, now = new Date()): Promise<StudentPrincipal> {
  const token = readBearerToken(request);
  const principal = token ? await authenticateStudentToken(db, token, { kind: "app", now }) : null;
  if (!principal) throw invalidStudentToken();
  return principal;
}

export interface TokenCheckOptions {
  /** The kind the caller takes: "app" for the API's bearer token, "browser" for the student cookie. */
  kind: StudentTokenKind;
  now?: Date;
}

/** A token that still works: not revoked, not past its expiry. */
const liveToken = (now: Date) => and(isNull(studentTokens.revokedAt), gt(studentTokens.expiresAt, now));

/**
 * The student a raw token names, or null when it is malformed, unknown,
 * revoked, past its expiry or of another kind, when the student is no
 * longer on the class's roster, or when the class or its school is
 * archived. The one check behind the student API's bearer token and the
 * browser's student cookie.
 */
export async function authenticateStudentToken(
  db: Db,
  token: string,
  { kind, now = new Date() }: TokenCheckOptions,
): Promise<StudentPrincipal | null> {
  if (!token.startsWith(STUDENT_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      tokenId: studentTokens.id,
      studentId: students.id,
      classId: studentTokens.classId,
      schoolId: students.schoolId,
      firstName: students.firstName,
      lastName: students.lastName,
      className: classes.name,
      lastUsedAt: studentTokens.lastUsedAt,
    })
    .from(studentTokens)
    .innerJoin(students, eq(students.id, studentTokens.studentId))
    .innerJoin(
      classStudents,
      and(eq(classStudents.classId, studentTokens.classId), eq(classStudents.studentId, studentTokens.studentId)),
    )
    .innerJoin(classes, and(eq(classes.id, studentTokens.classId), eq(classes.status, "active")))
    .innerJoin(schools, and(eq(schools.id, classes.schoolId), eq(schools.status, "active")))
    .where(and(eq(studentTokens.tokenHash, hashToken(token)), eq(studentTokens.kind, kind), liveToken(now)))
    .limit(1);
  if (!row) return null;
  const { lastUsedAt, ...principal } = row;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(studentTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(studentTokens.id, row.tokenId),
          or(
            isNull(studentTokens.lastUsedAt),
            lt(studentTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return principal;
}

export interface RevokeResult {
  revoked: number;
  message: string;
}

/**
 * A teacher of the class (or an admin in scope) revokes every live token the
 * student holds for this class: the student app must join again.
 */
export async function revokeStudentTokens(
  db: Db,
  actor: Actor,
  input: { classId: number; studentId: number },
  now = new Date(),
): Promise<RevokeResult> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const student = await requireStudentInClass(tx, klass.id, input.studentId);
    const revoked = await tx
      .update(studentTokens)
      .set({ revokedAt: now })
      .where(and(eq(studentTokens.classId, klass.id), eq(studentTokens.studentId, student.id), liveToken(now)))
      .returning({ id: studentTokens.id });
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student_token.revoke",
      target: { type: "student", id: student.id },
      details: { revoked: revoked.length },
    });
    const name = `${student.firstName} ${student.lastName}`;
    return {
      revoked: revoked.length,
      message:
        revoked.length === 0
          ? `${name} has no signed-in student app, so there was nothing to sign out.`
          : `${name} is signed out of the student app and must join again with the class code.`,
    };
  });
}

/** How many live (unrevoked, unexpired) tokens the student holds for the class (for the teacher's screens). */
export async function countLiveStudentTokens(
  db: Db,
  classId: number,
  studentId: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(studentTokens)
    .where(and(eq(studentTokens.classId, classId), eq(studentTokens.studentId, studentId), liveToken(now)));
  return Number(row?.value ?? 0);
}
