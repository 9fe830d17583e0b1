/**
 * Every 429 says when to try again: `Retry-After`, in whole seconds, on the
 * screens (sign-in, sign-up, password reset, JS on and off) as on the JSON
 * API. Through the whole React Router pipeline in-process
 * (tests/support/app-handler.ts), against the app's demo-seeded database.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { RATE_LIMITS } from "~/server/security/rate-limit.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";

const ORIGIN = "http://school.test";
let server: InProcessApp;

beforeAll(async () => {
  server = await startInProcessApp();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function post(path: string, form: Record<string, string>, ip: string) {
  return server.handle(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
      body: new URLSearchParams(form),
    }),
  );
}

function expectRetryAfter(response: Response, windowMs: number) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
}

test.each([
  ["JS off (a document)", "/login"],
  ["JS on (single fetch)", "/login.data"],
])("sign-in, %s: the refused attempt is a 429 with Retry-After", async (_mode, path) => {
  const email = `nobody-${path.length}@riverside.example`;
  for (let i = 0; i < RATE_LIMITS.signInPerEmail.limit; i++) {
    expect((await post(path, { email, password: "Wrong-Pass-1" }, `10.9.${path.length}.${i}`)).status).toBe(401);
  }
  const limited = await post(path, { email, password: "Wrong-Pass-1" }, "10.9.9.9");
  expectRetryAfter(limited, RATE_LIMITS.signInPerEmail.windowMs);
  if (path === "/login") expect(await limited.text()).toContain("Too many sign-in attempts.");
});

test("a password reset request over its limit is a 429 with Retry-After", async () => {
  const email = "amara.okafor@riverside.example";
  let response: Response | undefined;
  for (let i = 0; i <= RATE_LIMITS.passwordResetPerEmail.limit; i++) {
    response = await post("/forgot-password", { email }, `10.8.0.${i}`);
  }
  expectRetryAfter(response!, RATE_LIMITS.passwordResetPerEmail.windowMs);
});

test("the JSON API's 429 carries Retry-After too (a class code join)", async () => {
  let response: Response | undefined;
  // Device-less joins from one address share one device's limit.
  for (let i = 0; i <= RATE_LIMITS.classCodeJoinFailuresPerDevice.limit; i++) {
    response = await server.handle(
      new Request(`${ORIGIN}/api/student/v1/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.7.0.1" },
        body: JSON.stringify({ code: `GUES-${2000 + i}`, firstName: "A", lastName: "B" }),
      }),
    );
  }
  expectRetryAfter(response!, RATE_LIMITS.classCodeJoinFailuresPerDevice.windowMs);
  expect(await response!.json()).toMatchObject({ code: "RATE_LIMITED" });
});
