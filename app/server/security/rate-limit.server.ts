/**
 * Fixed-window rate limits counted in the database, so they hold across
 * several app instances. One atomic upsert per hit.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { rateLimited } from "../errors.server";

export interface RateLimitRule {
  /** How many hits a window allows. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const windowSeconds = rule.windowMs / 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const elapsedMs = Date.now() - row.windowStart.getTime();
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((rule.windowMs - elapsedMs) / 1000)),
  };
}

/** Forgets a key's count, e.g. an e-mail's failed sign-ins once the right password is given. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Hits every key; throws RATE_LIMITED with a clear message when any is over its limit. */
export async function enforceRateLimits(
  db: Db,
  hits: { key: string | null; rule: RateLimitRule }[],
  message = "Too many attempts. Please wait a few minutes and try again.",
): Promise<void> {
  for (const { key, rule } of hits) {
    if (!key) continue;
    const result = await hitRateLimit(db, key, rule);
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw rateLimited(
        `${message} (try again in about ${minutes} minute${minutes === 1 ? "" : "s"})`,
        result.retryAfterSeconds,
      );
    }
  }
}

const MINUTE = 60_000;

/** The product's limits, in one place. */
export const RATE_LIMITS = {
  /** Failed sign-ins in a row for one e-mail (a success clears the count). */
  signInPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  passwordResetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  passwordResetPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Student API joins, see docs/api.md "Guessing a class code": every join from one IP (a school NAT carries whole classes). */
  classCodeJoinPerIp: { limit: 300, windowMs: 15 * MINUTE },
  /** Joins with a code that is not live (unknown, stopped, expired) from one IP: the guessing limit. */
  classCodeJoinFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Joins through one live code: a class plus retries, but not a flood of made-up students. */
  classCodeJoinPerCode: { limit: 200, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
