/**
 * The waiting device's side of a join held for the teacher (ADR 180): it
 * holds the join request's secret (the student pages in a signed cookie, the
 * student app from the 202 answer) and asks, again and again, whether the
 * teacher has answered. The teacher's side (admit, refuse) is
 * join-requests.server.ts.
 *
 * - waiting: still waiting (until the request's expiresAt);
 * - admitted: the device collects a token of the kind it asked for, once;
 *   the request is then "collected" and its secret is spent;
 * - refused: a clear answer (403 JOIN_REFUSED);
 * - lapsed, collected or unknown: 410 JOIN_REQUEST_GONE, join again.
 *
 * The secret is 256 bits and stored only as its hash, so the collect step
 * needs no guessing limit; a class's devices all polling from one school
 * address must not be throttled.
 */
import { and, eq, gt } from "drizzle-orm";
import { hashToken } from "../auth/session.server";
import type { Db, Tx } from "../db/client.server";
import { classCodes, classes, classStudents, joinRequests, schools } from "../db/schema.server";
import { DomainError } from "../errors.server";
import {
  admitStudent,
  JOIN_REQUEST_LIFETIME_MS,
  JOIN_REQUEST_SECRET_PREFIX,
  type JoinClass,
  type JoinOutcome,
} from "./join.server";

export const JOIN_REFUSED_MESSAGE = "Your teacher did not let this device in. Ask your teacher what to do.";
export const JOIN_REQUEST_GONE_MESSAGE = "You waited too long, or this device is already in. Please join again.";

export type JoinRequestState = "waiting" | "admitted" | "refused" | "gone";

export interface JoinRequestView {
  state: JoinRequestState;
  class: JoinClass;
  /** The class code the device joined with, to try a personal code instead. */
  classCode: string | null;
  expiresAt: Date;
}

function lookupBySecret(db: Db | Tx, secret: string) {
  return db
    .select({
      id: joinRequests.id,
      status: joinRequests.status,
      studentId: joinRequests.studentId,
      firstName: joinRequests.firstName,
      lastName: joinRequests.lastName,
      tokenKind: joinRequests.tokenKind,
      classCodeId: joinRequests.classCodeId,
      decidedAt: joinRequests.decidedAt,
      expiresAt: joinRequests.expiresAt,
      classId: classes.id,
      className: classes.name,
      classSourcedId: classes.sourcedId,
      schoolId: classes.schoolId,
      classStatus: classes.status,
      schoolStatus: schools.status,
      classCode: classCodes.code,
    })
    .from(joinRequests)
    .innerJoin(classes, eq(classes.id, joinRequests.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .leftJoin(classCodes, eq(classCodes.id, joinRequests.classCodeId))
    .where(eq(joinRequests.secretHash, hashToken(secret)))
    .limit(1);
}

type RequestRow = Awaited<ReturnType<typeof lookupBySecret>>[number];

function stateOf(row: RequestRow | undefined, now: Date): JoinRequestState {
  if (row?.classStatus !== "active" || row.schoolStatus !== "active") return "gone";
  if (row.status === "refused") return "refused";
  if (row.status === "admitted") {
    // The device has as long to collect as it had to wait, counted from the teacher's yes.
    const from = row.decidedAt ?? row.expiresAt;
    return from.getTime() + JOIN_REQUEST_LIFETIME_MS > now.getTime() && row.studentId !== null ? "admitted" : "gone";
  }
  if (row.status === "waiting") return row.expiresAt.getTime() > now.getTime() ? "waiting" : "gone";
  return "gone";
}

function isSecretShaped(secret: string): boolean {
  return secret.startsWith(JOIN_REQUEST_SECRET_PREFIX) && secret.length <= 200;
}

/** The waiting device asked again: it is still waiting (the teacher's list drops devices unseen for a while). */
async function markSeen(db: Db | Tx, row: RequestRow, now: Date): Promise<void> {
  if (row.status !== "waiting") return;
  await db.update(joinRequests).set({ lastSeenAt: now }).where(eq(joinRequests.id, row.id));
}

/** What the waiting page shows: the request's state, or null for a secret that names no request. */
export async function readJoinRequest(db: Db, secret: string, now = new Date()): Promise<JoinRequestView | null> {
  if (!isSecretShaped(secret)) return null;
  const [row] = await lookupBySecret(db, secret);
  if (!row) return null;
  await markSeen(db, row, now);
  return {
    state: stateOf(row, now),
    class: { id: row.classId, name: row.className, sourcedId: row.classSourcedId },
    classCode: row.classCode,
    expiresAt: row.expiresAt,
  };
}

/**
 * Collects the token once the teacher has admitted the device; "waiting"
 * while they have not. Throws 403 JOIN_REFUSED and 410 JOIN_REQUEST_GONE.
 */
export async function collectJoinRequest(db: Db, secret: string, now = new Date()): Promise<JoinOutcome> {
  if (!isSecretShaped(secret)) throw gone();
  return db.transaction(async (tx) => {
    const [row] = await lookupBySecret(tx, secret).for("update", { of: joinRequests });
    const state = stateOf(row, now);
    if (state === "refused") throw new DomainError("JOIN_REFUSED", JOIN_REFUSED_MESSAGE);
    if (state === "gone" || !row) throw gone();
    const klass = { id: row.classId, name: row.className, sourcedId: row.classSourcedId };
    if (state === "waiting") {
      await markSeen(tx, row, now);
      return { status: "waiting", requestSecret: secret, expiresAt: row.expiresAt, class: klass };
    }
    const studentId = row.studentId as number;
    const [member] = await tx
      .select({ studentId: classStudents.studentId })
      .from(classStudents)
      .where(and(eq(classStudents.classId, row.classId), eq(classStudents.studentId, studentId)))
      .limit(1);
    if (!member) throw gone();
    await tx.update(joinRequests).set({ status: "collected" }).where(eq(joinRequests.id, row.id));
    return admitStudent(
      tx,
      {
        id: row.classCodeId,
        classId: row.classId,
        className: row.className,
        classSourcedId: row.classSourcedId,
        schoolId: row.schoolId,
      },
      studentId,
      { firstName: row.firstName, lastName: row.lastName },
      row.tokenKind,
      now,
      "admitted",
    );
  });
}

const gone = () => new DomainError("JOIN_REQUEST_GONE", JOIN_REQUEST_GONE_MESSAGE);

/**
 * The device stops waiting by itself (a child who typed the wrong name): a
 * request still waiting lapses now, so the teacher no longer sees it. Any
 * other state is left as it is.
 */
export async function cancelJoinRequest(db: Db, secret: string, now = new Date()): Promise<void> {
  if (!isSecretShaped(secret)) return;
  await db
    .update(joinRequests)
    .set({ expiresAt: now })
    .where(
      and(
        eq(joinRequests.secretHash, hashToken(secret)),
        eq(joinRequests.status, "waiting"),
        gt(joinRequests.expiresAt, now),
      ),
    );
}
