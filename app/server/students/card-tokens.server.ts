/**
 * Card tokens, the QR codes of printed sign-in cards (sign-in-cards.server.ts makes them): which
 * child and class a token opens, and their revocation, used wherever a child leaves a class.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { CardOnPage } from "~/components/student/card-join";
import { hashToken } from "../auth/session.server";
import type { Db, Tx } from "../db/client.server";
import { classes, classStudents, schools, signInCards, students } from "../db/schema.server";

export const CARD_NOT_VALID_MESSAGE =
  "This card no longer works. Type the class code and the personal code from your card, or ask your teacher.";

/** Prefix of a card token, so a leaked one is recognisable. */
export const CARD_TOKEN_PREFIX = "ocd_";

/** Revokes the cards still working among `where` (a condition on sign_in_cards). */
export async function revokeSignInCards(tx: Db | Tx, where: SQL | undefined, now = new Date()): Promise<number> {
  const revoked = await tx
    .update(signInCards)
    .set({ revokedAt: now })
    .where(and(where, isNull(signInCards.revokedAt)))
    .returning({ id: signInCards.id });
  return revoked.length;
}

export interface CardHolder {
  studentId: number;
  firstName: string;
  lastName: string;
  classId: number;
  className: string;
  classSourcedId: string | null;
  schoolId: number;
}

/**
 * The child and class a card token opens, or null: the card not revoked, the child still in the
 * class, the class and its school active. Reads only.
 */
export async function findCardHolder(db: Db | Tx, token: string): Promise<CardHolder | null> {
  if (!token.startsWith(CARD_TOKEN_PREFIX) || token.length > 200) return null;
  const [holder] = await db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      classId: classes.id,
      className: classes.name,
      classSourcedId: classes.sourcedId,
      schoolId: classes.schoolId,
    })
    .from(signInCards)
    .innerJoin(
      classStudents,
      and(eq(classStudents.classId, signInCards.classId), eq(classStudents.studentId, signInCards.studentId)),
    )
    .innerJoin(students, eq(students.id, signInCards.studentId))
    .innerJoin(classes, and(eq(classes.id, signInCards.classId), eq(classes.status, "active")))
    .innerJoin(schools, and(eq(schools.id, classes.schoolId), eq(schools.status, "active")))
    .where(and(eq(signInCards.tokenHash, hashToken(token)), isNull(signInCards.revokedAt)))
    .limit(1);
  return holder ?? null;
}

/** What /join?card= shows: the card's child's first name and class, or that it no longer works. */
export async function cardOnPage(db: Db, token: string): Promise<CardOnPage> {
  const holder = await findCardHolder(db, token);
  return {
    token,
    holder: holder && { firstName: holder.firstName, className: holder.className },
    refusal: holder ? null : CARD_NOT_VALID_MESSAGE,
  };
}
