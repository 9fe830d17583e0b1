/**
 * Archiving a class or a school closes it to students for good (ADR 191):
 * in the archive's own transaction, every student token of its classes that
 * still works is revoked, their live class codes are stopped, the join
 * requests still waiting for a teacher are refused, and admitted ones whose
 * token was not collected yet expire now. Restoring changes
 * none of this back: the teacher generates a new class code and the
 * students join again.
 */
import { and, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { classCodes, classes, joinRequests, signInCards, studentTokens } from "../db/schema.server";
import { revokeSignInCards } from "../students/card-tokens.server";

export interface ClosedToStudents {
  /** Student tokens revoked. */
  revokedTokens: number;
  /** Class codes stopped. */
  stoppedCodes: number;
  /** Waiting join requests refused. */
  refusedJoinRequests: number;
}

/** Which classes close: one class, or every class of a school. */
export type ClassesToClose = { classId: number } | { schoolId: number };

/** Ends every way in for students to the classes; `decidedByUserId` is the admin who archived. */
export async function closeClassesToStudents(
  tx: Tx,
  which: ClassesToClose,
  decidedByUserId: number | null,
  now = new Date(),
): Promise<ClosedToStudents> {
  const inClasses = (
    column:
      | typeof studentTokens.classId
      | typeof classCodes.classId
      | typeof joinRequests.classId
      | typeof signInCards.classId,
  ): SQL =>
    "classId" in which
      ? eq(column, which.classId)
      : inArray(column, tx.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, which.schoolId)));
  const revoked = await tx
    .update(studentTokens)
    .set({ revokedAt: now })
    .where(and(inClasses(studentTokens.classId), isNull(studentTokens.revokedAt), gt(studentTokens.expiresAt, now)))
    .returning({ id: studentTokens.id });
  await revokeSignInCards(tx, inClasses(signInCards.classId), now);
  const stopped = await tx
    .update(classCodes)
    .set({ stoppedAt: now })
    .where(and(inClasses(classCodes.classId), isNull(classCodes.stoppedAt)))
    .returning({ id: classCodes.id });
  const refused = await tx
    .update(joinRequests)
    .set({ status: "refused", decidedAt: now, decidedByUserId })
    .where(and(inClasses(joinRequests.classId), eq(joinRequests.status, "waiting")))
    .returning({ id: joinRequests.id });
  // Admitted but not collected: the device's later collect finds it expired.
  await tx
    .update(joinRequests)
    .set({ expiresAt: now })
    .where(and(inClasses(joinRequests.classId), eq(joinRequests.status, "admitted"), gt(joinRequests.expiresAt, now)));
  return { revokedTokens: revoked.length, stoppedCodes: stopped.length, refusedJoinRequests: refused.length };
}
