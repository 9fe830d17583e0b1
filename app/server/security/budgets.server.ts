/**
 * Every budget of the product in one place (issue #35): what resource each
 * limit protects, what it is keyed on (a person, a device, an address, a
 * class or school, the deployment), its value, and the test that holds it.
 * Each value comes from the constant the code enforces (RATE_LIMITS,
 * DRAWING_QUOTAS, CONCURRENCY_LIMITS, IN_FLIGHT_LIMITS, LIVE_STREAM_LIMITS,
 * the join limits), and budgets.server.test.ts fails when one of those
 * constants has an entry without a budget here, or a budget has no row in
 * docs/security.md's table ("Budgets") naming its test. So a new surface
 * cannot ship its own cap without joining this table.
 *
 * Counting is one of three mechanisms, by what is counted:
 * - over time (attempts, bytes a day): a `rate_limits` row per key, taken in
 *   one upsert before the check (`hitRateLimit`, `enforceRateLimits`), given
 *   back on success where the rule says;
 * - held at once in one process (connections, bodies, requests in flight,
 *   streams): counters in app/http and app/server/web, taken before the work
 *   and given back when it ends;
 * - rows already stored (drawings of a day per student, class, school):
 *   summed under the school's advisory lock in the insert's transaction.
 */
import { CONCURRENCY_LIMITS } from "~/http/concurrency-limits.server";
import { IN_FLIGHT_LIMITS } from "~/http/in-flight-limits.server";
import { ONEROSTER_LIMITS } from "../oneroster/oneroster-files.server";
import { ONEROSTER_IMPORTS_AT_ONCE } from "../oneroster/oneroster-import.server";
import { DRAWING_QUOTAS } from "../responses/drawings.server";
import { LIVE_STREAM_LIMITS } from "../web/live-budget.server";
import { NEW_NAMES_PER_CODE, RATE_LIMITS, type RateLimitRule, WAITING_NEW_NAMES_PER_CLASS } from "./rate-limit.server";

export type BudgetKey =
  | "account"
  | "provider identity"
  | "device"
  | "student token"
  | "student"
  | "session"
  | "staff member"
  | "class code"
  | "class"
  | "school"
  | "address"
  | "deployment"
  | "instance"
  | "request";

export interface Budget {
  /** What is spent: attempts of a kind, disk, memory, database pool, connections. */
  resource: string;
  key: BudgetKey;
  /** The value, in words, from the enforced constant. */
  limit: string;
  /** The test file that holds it (and, in docs/security.md, the test's name). */
  test: string;
}

const MINUTE = 60_000;
const MB = 1024 * 1024;

function perWindow(rule: RateLimitRule): string {
  const minutes = rule.windowMs / MINUTE;
  const window = minutes === 24 * 60 ? "day" : minutes === 60 ? "hour" : `${minutes} minutes`;
  return `${rule.limit} per ${window}`;
}

const JOIN_TESTS = "tests/integration/class-code-limits.test.ts, tests/integration/limits-under-concurrency.test.ts";
const SIGN_IN_TESTS = "tests/integration/sign-in-limits.test.ts, tests/integration/limits-under-concurrency.test.ts";

/** Budgets of RATE_LIMITS, by its keys (all of them: the unit test checks). */
const rateLimitBudgets: Record<keyof typeof RATE_LIMITS, Omit<Budget, "limit">> = {
  signInPerEmail: { resource: "wrong passwords (stranger's browser)", key: "account", test: SIGN_IN_TESTS },
  signInPerIp: { resource: "wrong passwords (stranger's browser)", key: "address", test: SIGN_IN_TESTS },
  providerSignInFailuresPerIdentity: {
    resource: "provider sign-ins that find nobody",
    key: "provider identity",
    test: "tests/integration/provider-sign-in.test.ts",
  },
  signInPerDevice: { resource: "wrong passwords (known browser)", key: "device", test: SIGN_IN_TESTS },
  signUpPerEmail: { resource: "sign-ups (mails)", key: "account", test: "tests/integration/auth-accounts.test.ts" },
  signUpPerIp: {
    resource: "sign-ups (accounts, schools)",
    key: "address",
    test: "tests/integration/auth-accounts.test.ts",
  },
  passwordResetPerEmail: {
    resource: "reset requests (mails)",
    key: "account",
    test: "tests/integration/auth-accounts.test.ts",
  },
  passwordResetPerIp: { resource: "reset requests", key: "address", test: "tests/integration/auth-accounts.test.ts" },
  passwordCheckPerAccount: { resource: "wrong current passwords", key: "account", test: SIGN_IN_TESTS },
  heartbeatsPerToken: {
    resource: "student heartbeats",
    key: "student token",
    test: "tests/integration/student-throttles.test.ts",
  },
  answersPerToken: {
    resource: "answer submissions",
    key: "student token",
    test: "tests/integration/student-throttles.test.ts",
  },
  classCodeJoinFailuresPerIp: { resource: "wrong class codes (guessing)", key: "address", test: JOIN_TESTS },
  classCodeJoinFailuresPerIpKnownDevices: {
    resource: "wrong class codes from known devices",
    key: "address",
    test: JOIN_TESTS,
  },
  personalCodeFailuresPerIp: { resource: "wrong personal codes (guessing)", key: "address", test: JOIN_TESTS },
  closeNameQuestionsPerCode: {
    resource: '"Are you …?" questions (a name close to a listed one)',
    key: "class code",
    test: "tests/integration/close-names.test.ts",
  },
  classCodeJoinFailuresPerDevice: { resource: "wrong class codes", key: "device", test: JOIN_TESTS },
  classCodeJoinFailuresPerDeviceDay: { resource: "wrong class codes", key: "device", test: JOIN_TESTS },
};

const DRAWING_TESTS = "tests/integration/drawing-quotas.test.ts";

const drawingBudgets: Record<keyof typeof DRAWING_QUOTAS, Omit<Budget, "limit" | "resource" | "test">> = {
  student: { key: "student" },
  class: { key: "class" },
  school: { key: "school" },
  unlistedClass: { key: "class" },
  unlistedSchool: { key: "school" },
  unconfirmedSchool: { key: "school" },
  deployment: { key: "deployment" },
};

const CONNECTION_TESTS = "app/http/concurrency-limits.server.test.ts, tests/e2e/concurrency-limits.test.ts";

const concurrencyBudgets: Record<keyof typeof CONCURRENCY_LIMITS, Omit<Budget, "limit">> = {
  connections: { resource: "open connections", key: "instance", test: CONNECTION_TESTS },
  connectionsPerAddress: { resource: "open connections", key: "address", test: CONNECTION_TESTS },
  halfOpenPerAddress: {
    resource: "connections without a complete request head",
    key: "address",
    test: CONNECTION_TESTS,
  },
  halfOpenGraceMs: {
    resource: "connections without a complete request head (age before one may be closed, ms)",
    key: "address",
    test: CONNECTION_TESTS,
  },
  bodyBytes: { resource: "request bodies being received (memory)", key: "instance", test: CONNECTION_TESTS },
  bodyBytesPerAddress: { resource: "request bodies being received (memory)", key: "address", test: CONNECTION_TESTS },
  bodyWindowMs: { resource: "body arrival rate (window)", key: "request", test: CONNECTION_TESTS },
  bodyMinBytes: { resource: "body arrival rate (bytes per window)", key: "request", test: CONNECTION_TESTS },
};

/** A school's OneRoster import (issue 39.2): one upload, read in memory. */
const oneRosterBudgets: Record<keyof typeof ONEROSTER_LIMITS, Pick<Budget, "resource" | "limit">> = {
  zipBytes: { resource: "OneRoster import: the zip (memory)", limit: `${ONEROSTER_LIMITS.zipBytes / MB} MB` },
  entries: { resource: "OneRoster import: files in the zip", limit: `${ONEROSTER_LIMITS.entries} files` },
  uncompressedBytes: {
    resource: "OneRoster import: bytes unpacked (memory; zip bombs)",
    limit: `${ONEROSTER_LIMITS.uncompressedBytes / MB} MB declared and inflated`,
  },
  rowsPerFile: { resource: "OneRoster import: rows of one CSV file", limit: `${ONEROSTER_LIMITS.rowsPerFile} a file` },
};

const IN_FLIGHT_TESTS = "app/http/in-flight-limits.server.test.ts";
const STREAM_TESTS =
  "app/server/web/live-budget.server.test.ts, tests/integration/live-results-stream.test.ts, tests/e2e/live-results.test.ts";

export const BUDGETS: Record<string, Budget> = {
  ...Object.fromEntries(
    Object.entries(rateLimitBudgets).map(([name, budget]) => [
      `RATE_LIMITS.${name}`,
      { ...budget, limit: perWindow(RATE_LIMITS[name as keyof typeof RATE_LIMITS]) },
    ]),
  ),
  NEW_NAMES_PER_CODE: {
    resource: "made-up names let in without the teacher",
    key: "class code",
    limit: `${NEW_NAMES_PER_CODE} in the code's life`,
    test: JOIN_TESTS,
  },
  WAITING_NEW_NAMES_PER_CLASS: {
    resource: "new names waiting for the teacher",
    key: "class",
    limit: `${WAITING_NEW_NAMES_PER_CLASS} at once`,
    test: "tests/integration/class-code-limits.test.ts",
  },
  ...Object.fromEntries(
    Object.entries(drawingBudgets).map(([name, budget]) => [
      `DRAWING_QUOTAS.${name}`,
      {
        ...budget,
        resource: "disk: drawing bytes",
        limit: `${DRAWING_QUOTAS[name as keyof typeof DRAWING_QUOTAS] / MB} MB per day`,
        test: DRAWING_TESTS,
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(concurrencyBudgets).map(([name, budget]) => [
      `CONCURRENCY_LIMITS.${name}`,
      { ...budget, limit: String(CONCURRENCY_LIMITS[name as keyof typeof CONCURRENCY_LIMITS]) },
    ]),
  ),
  "IN_FLIGHT_LIMITS.anonymousPerAddress": {
    resource: "database pool: requests in flight without a staff session",
    key: "address",
    limit: `${IN_FLIGHT_LIMITS.anonymousPerAddress} at once`,
    test: IN_FLIGHT_TESTS,
  },
  "IN_FLIGHT_LIMITS.staffPerAddress": {
    resource: "database pool: requests in flight with a staff session",
    key: "address",
    limit: `${IN_FLIGHT_LIMITS.staffPerAddress} at once`,
    test: IN_FLIGHT_TESTS,
  },
  "LIVE_STREAM_LIMITS.perSession": {
    resource: "live streams",
    key: "session",
    limit: `${LIVE_STREAM_LIMITS.perSession} at once, the newest wins`,
    test: STREAM_TESTS,
  },
  "LIVE_STREAM_LIMITS.perUser": {
    resource: "live streams",
    key: "staff member",
    limit: `${LIVE_STREAM_LIMITS.perUser} at once, the newest wins`,
    test: STREAM_TESTS,
  },
  ...Object.fromEntries(
    Object.entries(oneRosterBudgets).map(([name, budget]) => [
      `ONEROSTER_LIMITS.${name}`,
      { ...budget, key: "request" as const, test: "tests/integration/oneroster-import.test.ts" },
    ]),
  ),
  ONEROSTER_IMPORTS_AT_ONCE: {
    resource: "OneRoster imports being read and planned (memory)",
    key: "instance",
    limit: `${ONEROSTER_IMPORTS_AT_ONCE} at once`,
    test: "tests/integration/oneroster-import.test.ts",
  },
  "LIVE_STREAM_LIMITS.memoryBytes": {
    resource: "live streams (memory)",
    key: "instance",
    limit: `${LIVE_STREAM_LIMITS.memoryBytes / MB} MB at ${LIVE_STREAM_LIMITS.bytesPerStream / 1024} kB a stream (\`LIVE_STREAMS_MEMORY_MB\`)`,
    test: STREAM_TESTS,
  },
};
