/**
 * The class-code guessing arithmetic (docs/security.md "Guessing a class
 * code", ADR 202, 203): from the real code space and the real limit, the
 * chance that one address hits any live code in a day. A unit test keeps it
 * below 1 in 1,000,000, so shrinking the alphabets or raising the limit
 * fails the build.
 */
import { RATE_LIMITS, type RateLimitRule } from "../security/rate-limit.server";
import { classCodeSpace } from "./class-codes.server";

/** Live codes at once in a large deployment (every class of many schools with a code up). */
export const LIVE_CODES_LARGE_DEPLOYMENT = 20_000;
/** The chance one address may have of hitting any live code in a day. */
export const GUESS_CHANCE_PER_DAY_LIMIT = 1 / 1_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Wrong codes one address can have checked in any 24 hours: for each of its
 * limits (every device's wrong codes, then its known devices' once those are
 * used up, ADR 234), every fixed window a day touches (one more than fit in
 * it), each full. A device's own limits are lower still; successes never
 * count, so they add nothing.
 */
export function maxGuessesPerAddressPerDay(
  rules: RateLimitRule[] = [RATE_LIMITS.classCodeJoinFailuresPerIp, RATE_LIMITS.classCodeJoinFailuresPerIpKnownDevices],
): number {
  return rules.reduce((sum, rule) => sum + (Math.ceil(DAY_MS / rule.windowMs) + 1) * rule.limit, 0);
}

/**
 * The chance that one address hits any of `liveCodes` in a day: each guess
 * hits with probability liveCodes / space, and the union bound adds them up
 * (an upper bound on 1 − (1 − liveCodes/space)^guesses).
 */
export function classCodeGuessChancePerDay(
  space = classCodeSpace(),
  liveCodes = LIVE_CODES_LARGE_DEPLOYMENT,
  guesses = maxGuessesPerAddressPerDay(),
): number {
  return (guesses * liveCodes) / space;
}
