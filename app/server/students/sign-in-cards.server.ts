/**
 * The QR codes of printed sign-in cards (issue 36, docs/product.md#sign-in-cards):
 * "Make the cards" gives each student of the class who has a personal code a
 * long random card token (192 bits, `ocd_…`; only its SHA-256 is stored), and
 * the card's QR code opens `/join?card={token}`. A card token names its child
 * and class by itself, so the card keeps working while the child is in the
 * class, whatever the class code does (stopped, replaced, expired). Making the
 * cards again revokes the tokens of the cards printed before; so do the child
 * leaving the class, a new personal code, and archiving the class. The typed
 * pair printed on the card (class code and personal code) keeps its own rules
 * and limits (join.server.ts).
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openAnonymousSurveysDetail } from "../audit/anonymous-roster.server";
import { recordClassAuditEvent } from "../audit/audit.server";
import { hashToken } from "../auth/session.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db } from "../db/client.server";
import { signInCards } from "../db/schema.server";
import { CARD_TOKEN_PREFIX, revokeSignInCards } from "./card-tokens.server";
import { getSignInCards, type SignInCards } from "./personal-codes.server";

/** pg_advisory_xact_lock's first key for making a class's cards (the second is the class id). */
const CARDS_LOCK_NAMESPACE = 80_802;

/**
 * A card's token: 192 random bits (32 characters), far past guessing, yet short enough that the
 * card's QR code stays small and easy to scan (a 256-bit one made it a size larger).
 */
function newCardToken(): string {
  return `${CARD_TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
}

/** The cards, each with its new token (shown once: printed now, or made again). */
export type MadeCards = SignInCards & { tokens: Record<number, string> };

/**
 * Makes the class's cards: a new token for each student with a personal code (or only
 * `studentId`'s), revoking their cards made before. Nothing without a live class code (the
 * cards print it); the read and the writes in one transaction.
 */
export async function makeSignInCards(
  db: Db,
  actor: Actor,
  input: { classId: number; studentId?: number },
  now = new Date(),
): Promise<MadeCards> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    // One making at a time per class, so two at once leave one working card per child, not two.
    await tx.execute(sql`select pg_advisory_xact_lock(${CARDS_LOCK_NAMESPACE}, ${klass.id})`);
    const cards = await getSignInCards(tx, actor, klass.id, now);
    const chosen =
      input.studentId === undefined ? cards.students : cards.students.filter((s) => s.id === input.studentId);
    if (cards.classCode === null || chosen.length === 0) return { ...cards, students: chosen, tokens: {} };
    const ids = chosen.map((student) => student.id);
    await revokeSignInCards(tx, and(eq(signInCards.classId, cards.class.id), inArray(signInCards.studentId, ids)), now);
    const tokens: Record<number, string> = {};
    for (const id of ids) tokens[id] = newCardToken();
    await tx.insert(signInCards).values(
      ids.map((studentId) => ({
        classId: cards.class.id,
        studentId,
        tokenHash: hashToken(tokens[studentId]),
        createdAt: now,
      })),
    );
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.sign_in_cards.make",
      // Cards made while an anonymous survey is open are shown to the school's admin, as codes are (issue #35).
      details: { count: ids.length, ...(await openAnonymousSurveysDetail(tx, cards.class.id)) },
    });
    return { ...cards, students: chosen, tokens };
  });
}
