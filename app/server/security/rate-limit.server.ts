/**
 * Fixed-window rate limits counted in the database, so they hold across
 * several app instances. One atomic upsert per hit.
 *
 * A limit that counts only failures (a wrong password) takes its hit BEFORE
 * the check it guards, so that requests racing in parallel cannot all pass
 * a count of zero, and gives the hit back when the check succeeds
 * (refundRateLimitHit): a success never counts (docs/security.md "Limits",
 * ADR 195).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { rateLimited } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";

export interface RateLimitRule {
  /** How many hits a window allows. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  /** The window this hit counted in (refundRateLimitHit gives the hit back only within it). */
  windowStart: Date;
}

export async function hitRateLimit(
  db: Db | Tx,
  key: string,
  rule: RateLimitRule,
  /** What this hit weighs (1 for an attempt; a budget of bytes counts its kilobytes). */
  amount = 1,
): Promise<RateLimitResult> {
  const windowSeconds = rule.windowMs / 1000;
  const [row] = await db
    .insert(rateLimits)
    // Windows start on a whole millisecond, so the Date handed back names the stored value exactly
    // (PostgreSQL keeps microseconds; refundRateLimitHit matches the window by equality).
    .values({ key, windowStart: sql`date_trunc('milliseconds', now())`, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then ${amount}::int else ${rateLimits.count} + ${amount}::int end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then date_trunc('milliseconds', now()) else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const elapsedMs = Date.now() - row.windowStart.getTime();
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((rule.windowMs - elapsedMs) / 1000)),
    windowStart: row.windowStart,
  };
}

/**
 * Gives back one hit taken in the given window: the attempt succeeded, and a
 * success never counts. A window that has rolled over since is left alone.
 */
export async function refundRateLimitHit(db: Db | Tx, key: string, windowStart: Date, amount = 1): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${amount}::int, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

/** One key's hit taken before a check, to give back if the check succeeds. */
export interface RateLimitHit {
  key: string;
  windowStart: Date;
}

/** Forgets a key's count, e.g. an e-mail's failed sign-ins once the right password is given. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The end of every rate-limit message: when to try again (the message has a number in it: ADR 227). */
export const TRY_AGAIN_IN = "(try again in about {minutes, plural, one {# minute} other {# minutes}})";

/**
 * Hits every key; throws RATE_LIMITED with a clear message when any is over
 * its limit. Returns the hits taken, for refundRateLimitHits when the
 * attempt turns out to be a success that must not count.
 */
export async function enforceRateLimits(
  db: Db,
  hits: { key: string | null; rule: RateLimitRule }[],
  message = "Too many attempts. Please wait a few minutes and try again.",
): Promise<RateLimitHit[]> {
  const taken: RateLimitHit[] = [];
  for (const { key, rule } of hits) {
    if (!key) continue;
    const result = await hitRateLimit(db, key, rule);
    taken.push({ key, windowStart: result.windowStart });
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw withSaying(
        rateLimited("", result.retryAfterSeconds),
        (t) => `${t(message)} ${t(TRY_AGAIN_IN, { minutes })}`,
      );
    }
  }
  return taken;
}

/** Gives back hits that enforceRateLimits took, once the attempt they guarded succeeded. */
export async function refundRateLimitHits(db: Db, hits: RateLimitHit[]): Promise<void> {
  for (const hit of hits) await refundRateLimitHit(db, hit.key, hit.windowStart);
}

const MINUTE = 60_000;

/**
 * The product's limits, in one place. Each value is derived in
 * docs/security.md "Limits" (who shares an address in a school: a few
 * hundred children and the whole staff behind one NAT): a limit per address
 * counts only failures, and no limit refuses an honest user (ADR 195, 197).
 */
export const RATE_LIMITS = {
  /**
   * Wrong passwords for one account from browsers without a device cookie
   * for it (ADR 195). The right password is given back its hit; a browser
   * that signed in to the account before is not held by this limit.
   */
  signInPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address, browsers without a device cookie for the account: a whole staff's typos fit. */
  signInPerIp: { limit: 100, windowMs: 15 * MINUTE },
  /**
   * Provider sign-ins (Google, Microsoft) that find no staff member, per provider identity (issuer and
   * subject; issue #35): as wrong passwords per account, never per address, so pupils trying the staff
   * button with their own accounts at the school's address never hold a staff member's identity. A
   * sign-in that finds someone gives its hit back.
   */
  providerSignInFailuresPerIdentity: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords from one known browser (its device cookie) for its account; past it, the browser is a stranger. */
  signInPerDevice: { limit: 10, windowMs: 15 * MINUTE },
  /** Sign-ups for one e-mail address (each mails it; new or taken alike): stops mailing someone again and again. */
  signUpPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  /**
   * Sign-ups from one address: a whole staff (up to about 150) signing up at one training session
   * fits. Every sign-up counts, made or not: an unconfirmed account proves nothing, and this is the
   * bound on accounts (and confirmation mails) one address can make.
   */
  signUpPerIp: { limit: 200, windowMs: 60 * MINUTE },
  /** Reset mails for one e-mail address (known or not: the answer is the same). */
  passwordResetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** Reset requests from one address: every teacher of a big school (up to about 150) forgetting on the same morning fits. */
  passwordResetPerIp: { limit: 200, windowMs: 60 * MINUTE },
  /** Wrong current passwords (change password, delete account) for one signed-in account; the right one is given back. */
  passwordCheckPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Heartbeats per student token: the page beats once a minute, the app at most every 10 seconds. */
  heartbeatsPerToken: { limit: 12, windowMs: 2 * MINUTE },
  /** Answer submissions (first or replacing) per student token. */
  answersPerToken: { limit: 60, windowMs: 10 * MINUTE },
  /**
   * Wrong class codes (unknown, stopped, expired), wrong personal codes and
   * names a class refuses, from one address, counted only when the device
   * does not then join: the guessing limit (docs/security.md "Guessing a
   * class code", ADR 203). A whole school's typos fit many times over; one
   * device's guesses are stopped by its own limits long before. Successful
   * joins never count.
   */
  classCodeJoinFailuresPerIp: { limit: 500, windowMs: 60 * MINUTE },
  /**
   * Wrong codes from the address's KNOWN devices once its 500 are used up
   * (ADR 234): a device known before the flood (its id seen at a checked join
   * while the address had room, or joined) is still checked, and its wrong
   * codes count here; new devices wait unchecked. Kept small so that the
   * guessing bound holds with both (15,000 checked a day at most).
   */
  classCodeJoinFailuresPerIpKnownDevices: { limit: 100, windowMs: 60 * MINUTE },
  /**
   * Wrong personal codes from one address (a 512,000 space per school): the old guessing limit,
   * kept for them. Past it, only personal-code joins from the address wait; class code and name
   * joins do not (docs/api.md "Personal codes").
   */
  personalCodeFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * "Are you …?" questions one class code asks in an hour (issue 36): each tells that a name is on
   * the class list, so besides counting as a failed join they are few per code; past it a close
   * name follows the class's rule without the question (the teacher still sees it is close).
   */
  closeNameQuestionsPerCode: { limit: 60, windowMs: 60 * MINUTE },
  /** Wrong codes from one device (its join-device cookie or X-Device-Id; without one, the address's device-less joins together). */
  classCodeJoinFailuresPerDevice: { limit: 5, windowMs: 10 * MINUTE },
  /** The same device over a day: past 5 in 10 minutes it waits out the 10 minutes; past 30 a day, until the day is over. */
  classCodeJoinFailuresPerDeviceDay: { limit: 30, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Made-up names (not on the roster) one class code lets into its class
 * without the teacher, in its lifetime; further new names wait for the
 * teacher (a join request), whatever the class's newNames rule says (ADR 204).
 * A class of 30 that starts with an empty roster fits, with spares.
 */
export const NEW_NAMES_PER_CODE = 40;

/**
 * New names waiting for the teacher in one class at once; past it, a further
 * new name is told to wait a few minutes. Names on the roster are never
 * held by it (ADR 204).
 */
export const WAITING_NEW_NAMES_PER_CLASS = 60;

/** How often a student's answer replacements for one assignment are written to the audit log (ADR 197). */
export const ANSWER_REPLACEMENT_AUDIT_INTERVAL_MS = 10 * MINUTE;
