import { describe, expect, test } from "vitest";
import { RATE_LIMITS } from "../security/rate-limit.server";
import { CODE_DIGITS, CODE_GROUPS, CODE_LETTERS, classCodeSpace } from "./class-codes.server";
import {
  classCodeGuessChancePerDay,
  GUESS_CHANCE_PER_DAY_LIMIT,
  LIVE_CODES_LARGE_DEPLOYMENT,
  maxGuessesPerAddressPerDay,
} from "./code-guessing.server";

describe("class-code guessing arithmetic (docs/security.md)", () => {
  test("the code space is the one the docs state: 23^8 × 8^4", () => {
    expect(CODE_GROUPS.map((group) => [group.alphabet, group.length])).toEqual([
      [CODE_LETTERS, 4],
      [CODE_DIGITS, 4],
      [CODE_LETTERS, 4],
    ]);
    expect(classCodeSpace()).toBe(23 ** 8 * 8 ** 4);
    expect(classCodeSpace()).toBe(320_761_795_710_976);
  });

  test("one address gets at most 15,000 wrong codes checked in any day: 12,500 from any device, 2,500 more from known ones", () => {
    expect(RATE_LIMITS.classCodeJoinFailuresPerIp).toEqual({ limit: 500, windowMs: 3_600_000 });
    expect(RATE_LIMITS.classCodeJoinFailuresPerIpKnownDevices).toEqual({ limit: 100, windowMs: 3_600_000 });
    expect(maxGuessesPerAddressPerDay([RATE_LIMITS.classCodeJoinFailuresPerIp])).toBe(12_500);
    expect(maxGuessesPerAddressPerDay()).toBe(15_000);
    // A device's own limit is far lower than its address's.
    expect(RATE_LIMITS.classCodeJoinFailuresPerDeviceDay.limit).toBeLessThan(maxGuessesPerAddressPerDay());
  });

  test("with 20,000 live codes, one address hits any of them in a day with a chance below 1 in 1,000,000", () => {
    const chance = classCodeGuessChancePerDay();
    expect(LIVE_CODES_LARGE_DEPLOYMENT).toBe(20_000);
    expect(chance).toBeLessThan(GUESS_CHANCE_PER_DAY_LIMIT);
    expect(chance).toBeCloseTo(9.35e-7, 8);
  });

  test("the bound fails when the space shrinks or the limit grows", () => {
    // The old codes (KTRW-4827): 23^4 × 8^4.
    expect(classCodeGuessChancePerDay(23 ** 4 * 8 ** 4)).toBeGreaterThan(GUESS_CHANCE_PER_DAY_LIMIT);
    // A 22-letter alphabet.
    expect(classCodeGuessChancePerDay(22 ** 8 * 8 ** 4)).toBeGreaterThan(GUESS_CHANCE_PER_DAY_LIMIT);
    // Twice the limit per address.
    const doubled = maxGuessesPerAddressPerDay([{ limit: 1_000, windowMs: 3_600_000 }]);
    expect(classCodeGuessChancePerDay(classCodeSpace(), LIVE_CODES_LARGE_DEPLOYMENT, doubled)).toBeGreaterThan(
      GUESS_CHANCE_PER_DAY_LIMIT,
    );
    // Known devices' allowance no smaller than the address's own.
    const knownAsLarge = maxGuessesPerAddressPerDay([
      RATE_LIMITS.classCodeJoinFailuresPerIp,
      { limit: 500, windowMs: 3_600_000 },
    ]);
    expect(classCodeGuessChancePerDay(classCodeSpace(), LIVE_CODES_LARGE_DEPLOYMENT, knownAsLarge)).toBeGreaterThan(
      GUESS_CHANCE_PER_DAY_LIMIT,
    );
  });
});
