/**
 * A school's invitation link (ADR 214): a school admin shares one link, and
 * a teacher who signs up through it joins that school straight away. The
 * link's random token is shown once, when it is made; only its SHA-256 is
 * stored (school_invitations.token_hash). A school has at most one live link:
 * making a new one revokes the old one. A link works for 14 days, until it is
 * revoked, or while its school is active.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import { hashToken, newToken } from "../auth/session.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { schoolInvitations, schools } from "../db/schema.server";
import { notFound } from "../errors.server";
import { assertAdmin, schoolInScope } from "../users/scope.server";

export const INVITATION_TTL_DAYS = 14;
const DAY = 86_400_000;

/** What a sign-up page says for a link that cannot be used; one text for an unknown and a made-up link. */
export const INVITATION_LINK_PROBLEMS = {
  invalid: "This invitation link does not work. Ask your school's admin for a new link.",
  expired: "This invitation link has expired. Ask your school's admin for a new link.",
  revoked: "This invitation link was switched off. Ask your school's admin for a new link.",
} as const;

export interface SchoolInvitationSummary {
  id: number;
  expiresAt: Date;
  createdAt: Date;
  useCount: number;
}

/** The school the actor manages invitation links for: their own, or (platform admin) the one named. */
async function invitationSchool(tx: Tx | Db, actor: Actor, schoolId: number) {
  assertAdmin(actor);
  if (!schoolInScope(actor, schoolId)) throw notFound("School not found");
  const [school] = await tx
    .select({ id: schools.id, name: schools.name, status: schools.status })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  if (!school) throw notFound("School not found");
  return school;
}

const liveCondition = (now: Date) => and(isNull(schoolInvitations.revokedAt), gt(schoolInvitations.expiresAt, now));

/** The school's live link, without its token (which is never stored), or null. */
export async function getLiveSchoolInvitation(
  db: Db,
  actor: Actor,
  schoolId: number,
  now = new Date(),
): Promise<SchoolInvitationSummary | null> {
  await invitationSchool(db, actor, schoolId);
  const [row] = await db
    .select({
      id: schoolInvitations.id,
      expiresAt: schoolInvitations.expiresAt,
      createdAt: schoolInvitations.createdAt,
      useCount: schoolInvitations.useCount,
    })
    .from(schoolInvitations)
    .where(and(eq(schoolInvitations.schoolId, schoolId), liveCondition(now)))
    .orderBy(desc(schoolInvitations.id))
    .limit(1);
  return row ?? null;
}

/**
 * Makes the school's invitation link, revoking any live one, and returns the
 * raw token: the only time it exists outside the link itself.
 */
export async function createSchoolInvitation(
  db: Db,
  actor: Actor,
  schoolId: number,
  now = new Date(),
): Promise<SchoolInvitationSummary & { token: string }> {
  return db.transaction(async (tx) => {
    const school = await invitationSchool(tx, actor, schoolId);
    if (school.status !== "active") throw notFound("School not found");
    const revoked = await tx
      .update(schoolInvitations)
      .set({ revokedAt: now })
      .where(and(eq(schoolInvitations.schoolId, schoolId), liveCondition(now)))
      .returning({ id: schoolInvitations.id });
    const token = newToken();
    const [row] = await tx
      .insert(schoolInvitations)
      .values({
        schoolId,
        tokenHash: hashToken(token),
        createdByUserId: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
      })
      .returning({
        id: schoolInvitations.id,
        expiresAt: schoolInvitations.expiresAt,
        createdAt: schoolInvitations.createdAt,
        useCount: schoolInvitations.useCount,
      });
    await recordAuditEvent(tx, actor, {
      action: "school.invitation_create",
      targetType: "school_invitation",
      targetId: row.id,
      schoolId,
      details: { expiresAt: row.expiresAt.toISOString(), replaced: revoked.map((r) => r.id) },
    });
    return { ...row, token };
  });
}

/** Switches a link off. Another school's link, or one that is not live, is NOT_FOUND. */
export async function revokeSchoolInvitation(
  db: Db,
  actor: Actor,
  schoolId: number,
  invitationId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await invitationSchool(tx, actor, schoolId);
    const [row] = await tx
      .update(schoolInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(schoolInvitations.id, invitationId),
          eq(schoolInvitations.schoolId, schoolId),
          isNull(schoolInvitations.revokedAt),
        ),
      )
      .returning({ id: schoolInvitations.id, useCount: schoolInvitations.useCount });
    if (!row) throw notFound("Invitation link not found");
    await recordAuditEvent(tx, actor, {
      action: "school.invitation_revoke",
      targetType: "school_invitation",
      targetId: row.id,
      schoolId,
      details: { useCount: row.useCount },
    });
  });
}

export type InvitationCheck =
  | { ok: true; invitationId: number; schoolId: number; schoolName: string }
  | { ok: false; problem: string };

/**
 * Whether a link's token can sign someone up, and into which school. Inside
 * a transaction, `lock` holds the link's row until the sign-up is written, so
 * a revoke waits for it (or the sign-up sees the revoke).
 */
export async function checkInvitationToken(
  tx: Tx | Db,
  token: string,
  options: { lock?: boolean; now?: Date } = {},
): Promise<InvitationCheck> {
  const now = options.now ?? new Date();
  if (!token || token.length > 200) return { ok: false, problem: INVITATION_LINK_PROBLEMS.invalid };
  const query = tx
    .select({
      id: schoolInvitations.id,
      schoolId: schoolInvitations.schoolId,
      expiresAt: schoolInvitations.expiresAt,
      revokedAt: schoolInvitations.revokedAt,
      schoolName: schools.name,
      schoolStatus: schools.status,
    })
    .from(schoolInvitations)
    .innerJoin(schools, eq(schools.id, schoolInvitations.schoolId))
    .where(eq(schoolInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: schoolInvitations }) : await query;
  if (row?.schoolStatus !== "active") return { ok: false, problem: INVITATION_LINK_PROBLEMS.invalid };
  if (row.revokedAt) return { ok: false, problem: INVITATION_LINK_PROBLEMS.revoked };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: INVITATION_LINK_PROBLEMS.expired };
  return { ok: true, invitationId: row.id, schoolId: row.schoolId, schoolName: row.schoolName };
}

/** Counts one sign-up through the link, in the sign-up's transaction. */
export async function countInvitationUse(tx: Tx, invitationId: number): Promise<void> {
  await tx
    .update(schoolInvitations)
    .set({ useCount: sql`${schoolInvitations.useCount} + 1` })
    .where(eq(schoolInvitations.id, invitationId));
}
