/**
 * Joining a class from the student app with a class code (docs/product.md#joining-a-class).
 *
 * - The code must be live: not stopped, not expired, of an active class in
 *   an active school (an archived class or school is closed to students).
 *   Unknown codes are 404; stopped and expired ones are 410, each with a
 *   message a child can act on.
 * - The name is matched to the class roster ignoring case and spaces; with
 *   no match a new student is added to the class. The answer is the same
 *   either way, so a join never tells whether a name is on the roster.
 * - Rate limits per IP (all joins, and failed joins: the guessing limit)
 *   and per code. See docs/api.md for the guess space.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { recordStudentAuditEvent } from "../audit/student-audit.server";
import type { Db } from "../db/client.server";
import { classCodes, classes, classStudents, rateLimits, schools, students } from "../db/schema.server";
import { rateLimited } from "../errors.server";
import { enforceRateLimits, hitRateLimit, RATE_LIMITS, type RateLimitRule } from "../security/rate-limit.server";
import { type IssueStudentTokenInput, issueStudentToken } from "../students/student-tokens.server";
import { StudentApiError } from "../web/student-api-errors.server";

export const JOIN_RATE_LIMIT_MESSAGE = "Too many tries to join a class. Please wait a few minutes and try again.";
export const CODE_NOT_FOUND_MESSAGE = "This class code is not valid. Check the code and try again.";
export const CODE_STOPPED_MESSAGE = "This class code has been stopped. Ask your teacher for the new class code.";
export const CODE_EXPIRED_MESSAGE = "This class code has expired. Ask your teacher for a new class code.";

/** pg_advisory_xact_lock's first key for joins (the second is the class id). */
const JOIN_LOCK_NAMESPACE = 80_801;

/** "sunny 4821", " Sunny-4821 " and "SUNNY4821" all name SUNNY-4821. */
export function normalizeClassCode(input: string): string {
  const compact = input.toUpperCase().replace(/\s+/g, "");
  const unhyphenated = /^([A-Z]+)(\d+)$/.exec(compact);
  return unhyphenated ? `${unhyphenated[1]}-${unhyphenated[2]}` : compact;
}

/** Names are compared without case and without any spaces. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "");
}

/** A name as stored for a new student: trimmed, inner runs of spaces collapsed. */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

const nameKeySql = (column: AnyPgColumn) => sql`lower(regexp_replace(${column}, '\\s', '', 'g'))`;

export interface JoinInput {
  code: string;
  firstName: string;
  lastName: string;
  ip: string | null;
  /** The token's kind: "app" (the default) for the student API, "browser" for the student pages' cookie. */
  tokenKind?: IssueStudentTokenInput["kind"];
}

export interface JoinResult {
  token: string;
  student: { id: number; firstName: string; lastName: string };
  class: { id: number; name: string };
}

/** Throws RATE_LIMITED when the key is already at or over its limit; does not count a hit. */
async function assertUnderLimit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  if (!row || row.count < rule.limit) return;
  const elapsedMs = Date.now() - row.windowStart.getTime();
  if (elapsedMs >= rule.windowMs) return;
  const minutes = Math.max(1, Math.ceil((rule.windowMs - elapsedMs) / 60_000));
  throw rateLimited(
    `${JOIN_RATE_LIMIT_MESSAGE} (try again in about ${minutes} minute${minutes === 1 ? "" : "s"})`,
    (rule.windowMs - elapsedMs) / 1000,
  );
}

export async function joinClass(db: Db, input: JoinInput, now = new Date()): Promise<JoinResult> {
  const ipKey = input.ip ?? "unknown";
  await enforceRateLimits(
    db,
    [{ key: `student-join:ip:${ipKey}`, rule: RATE_LIMITS.classCodeJoinPerIp }],
    JOIN_RATE_LIMIT_MESSAGE,
  );
  const failureKey = `student-join-failed:ip:${ipKey}`;
  await assertUnderLimit(db, failureKey, RATE_LIMITS.classCodeJoinFailuresPerIp);

  const code = normalizeClassCode(input.code);
  const [live] = await db
    .select({
      id: classCodes.id,
      expiresAt: classCodes.expiresAt,
      classId: classes.id,
      className: classes.name,
      schoolId: classes.schoolId,
      // A class is open to students only while it and its school are active.
      open: sql<boolean>`${classes.status} = 'active' and ${schools.status} = 'active'`,
    })
    .from(classCodes)
    .innerJoin(classes, eq(classes.id, classCodes.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classCodes.code, code), isNull(classCodes.stoppedAt)))
    .limit(1);

  if (!live?.open || live.expiresAt.getTime() <= now.getTime()) {
    await hitRateLimit(db, failureKey, RATE_LIMITS.classCodeJoinFailuresPerIp);
    if (live?.open) throw new StudentApiError(410, "CLASS_CODE_EXPIRED", CODE_EXPIRED_MESSAGE);
    if (!live) {
      // A code stopped by archiving stays unknown while its class is closed (ADR 113, ADR 191).
      const [stopped] = await db
        .select({ id: classCodes.id })
        .from(classCodes)
        .innerJoin(classes, and(eq(classes.id, classCodes.classId), eq(classes.status, "active")))
        .innerJoin(schools, and(eq(schools.id, classes.schoolId), eq(schools.status, "active")))
        .where(eq(classCodes.code, code))
        .orderBy(desc(classCodes.createdAt))
        .limit(1);
      if (stopped) throw new StudentApiError(410, "CLASS_CODE_STOPPED", CODE_STOPPED_MESSAGE);
    }
    throw new StudentApiError(404, "CLASS_CODE_NOT_FOUND", CODE_NOT_FOUND_MESSAGE);
  }

  await enforceRateLimits(
    db,
    [{ key: `student-join:code:${live.id}`, rule: RATE_LIMITS.classCodeJoinPerCode }],
    JOIN_RATE_LIMIT_MESSAGE,
  );

  const firstName = tidyName(input.firstName);
  const lastName = tidyName(input.lastName);
  return db.transaction(async (tx) => {
    // One join per class at a time, so two devices joining as the same new
    // name at once make one student, not two.
    await tx.execute(sql`select pg_advisory_xact_lock(${JOIN_LOCK_NAMESPACE}, ${live.classId})`);
    const [rostered] = await tx
      .select({ id: students.id })
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(
        and(
          eq(classStudents.classId, live.classId),
          sql`${nameKeySql(students.firstName)} = ${nameKey(firstName)}`,
          sql`${nameKeySql(students.lastName)} = ${nameKey(lastName)}`,
        ),
      )
      .orderBy(students.id)
      .limit(1);
    let studentId: number;
    if (rostered) {
      studentId = rostered.id;
      await tx.update(students).set({ lastSeenAt: now }).where(eq(students.id, rostered.id));
      await tx
        .update(classStudents)
        .set({ joinedWithCodeId: live.id })
        .where(and(eq(classStudents.classId, live.classId), eq(classStudents.studentId, rostered.id)));
    } else {
      const [created] = await tx
        .insert(students)
        .values({ schoolId: live.schoolId, firstName, lastName, lastSeenAt: now })
        .returning({ id: students.id });
      studentId = created.id;
      await tx.insert(classStudents).values({ classId: live.classId, studentId, joinedWithCodeId: live.id });
    }
    const token = await issueStudentToken(tx, { studentId, classId: live.classId, kind: input.tokenKind });
    await recordStudentAuditEvent(tx, studentId, {
      action: "student.join",
      targetType: "class",
      targetId: live.classId,
      schoolId: live.schoolId,
      details: { classCodeId: live.id, newStudent: !rostered },
    });
    // The names come back as the student typed them (tidied), matched or not,
    // so the answer never shows how the roster spells a name.
    return {
      token,
      student: { id: studentId, firstName, lastName },
      class: { id: live.classId, name: live.className },
    };
  });
}
