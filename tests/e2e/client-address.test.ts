/**
 * The client's real address (ADR 101), over real HTTP against the production
 * build. Without TRUST_PROXY the server believes the socket, not
 * X-Forwarded-For / X-Real-IP / X-Forwarded-Host: a client that rotates the
 * header does not reset the per-address sign-in and join limits, and two
 * clients without the header (127.0.0.2 and 127.0.0.3, both loopback) do not
 * share one bucket. With TRUST_PROXY naming the proxy, the forwarded address
 * counts, and only when that proxy sent it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawRequest } from "../support/http";
import { type AppServer, startAppServer } from "../support/server";

/**
 * Joins with a code that is not live, from one address without a device id, allowed before 429:
 * device-less joins from an address share one device's limit (RATE_LIMITS.classCodeJoinFailuresPerDevice).
 */
const JOIN_FAILURES_ALLOWED = 5;
/** Wrong sign-ins from one address allowed before 429 (RATE_LIMITS.signInPerIp: failures only). */
const SIGN_INS_ALLOWED = 100;

function wrongJoin(server: AppServer, options: { from?: string; headers?: Record<string, string> } = {}) {
  return rawRequest(`${server.baseURL}/api/student/v1/join`, {
    method: "POST",
    localAddress: options.from,
    headers: { "Content-Type": "application/json", ...options.headers },
    body: JSON.stringify({ code: "NOPE-2345-NOPE", firstName: "Guess", lastName: "Er" }),
  });
}

function logLinesFor(server: AppServer, requestId: string) {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(`"requestId":"${requestId}"`))
    .map((line) => JSON.parse(line) as { event: string; clientAddress?: string });
}

describe("without TRUST_PROXY", () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "info" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("rotating X-Forwarded-For and X-Real-IP does not reset the join limit for one address", async () => {
    for (let i = 0; i < JOIN_FAILURES_ALLOWED; i++) {
      const answer = await wrongJoin(server, {
        from: "127.0.0.2",
        headers: { "X-Forwarded-For": `203.0.113.${i}`, "X-Real-IP": `198.51.100.${i}` },
      });
      expect(answer.status, `join ${i + 1}`).toBe(404);
    }
    const limited = await wrongJoin(server, {
      from: "127.0.0.2",
      headers: { "X-Forwarded-For": "203.0.113.250", "X-Real-IP": "198.51.100.250" },
    });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ code: "RATE_LIMITED" });
  });

  test("two clients without the header have their own buckets: one guesser does not lock out the school", async () => {
    for (let i = 0; i < JOIN_FAILURES_ALLOWED; i++)
      expect((await wrongJoin(server, { from: "127.0.0.7" })).status).toBe(404);
    expect((await wrongJoin(server, { from: "127.0.0.7" })).status).toBe(429);
    expect((await wrongJoin(server, { from: "127.0.0.8" })).status).toBe(404);
  });

  test("rotating X-Forwarded-For does not reset the sign-in limit for one address", async () => {
    const signIn = (i: number) =>
      rawRequest(`${server.baseURL}/login`, {
        method: "POST",
        localAddress: "127.0.0.4",
        headers: {
          Origin: server.baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `203.0.113.${i % 250}`,
        },
        // A different e-mail each time, so only the per-address limit can trip.
        body: new URLSearchParams({ email: `nobody.${i}@test.example`, password: "Wrong-Pass-1" }).toString(),
      });
    for (let i = 0; i < SIGN_INS_ALLOWED; i++) expect((await signIn(i)).status, `sign-in ${i + 1}`).toBe(401);
    const limited = await signIn(SIGN_INS_ALLOWED);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Too many sign-in attempts.");
  });

  test("the log line names the socket's address, not the header's", async () => {
    const requestId = "client-address-log-1";
    await rawRequest(`${server.baseURL}/healthz`, {
      localAddress: "127.0.0.5",
      headers: { "X-Request-Id": requestId, "X-Forwarded-For": "203.0.113.77" },
    });
    await expect.poll(() => logLinesFor(server, requestId).length).toBe(1);
    expect(logLinesFor(server, requestId)[0]).toMatchObject({ event: "request", clientAddress: "127.0.0.5" });
  });

  test("X-Forwarded-Host from a client does not make a foreign Origin same-site", async () => {
    const answer = await rawRequest(`${server.baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ email: "nobody@test.example", password: "Wrong-Pass-1" }),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
  });
});

describe("with TRUST_PROXY naming the proxy (127.0.0.1)", () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ env: { LOG_LEVEL: "info", TRUST_PROXY: "127.0.0.1" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("the proxy's X-Forwarded-For is the client: each forwarded address has its own join limit", async () => {
    const viaProxy = (client: string) =>
      wrongJoin(server, { from: "127.0.0.1", headers: { "X-Forwarded-For": `6.6.6.6, ${client}` } });
    for (let i = 0; i < JOIN_FAILURES_ALLOWED; i++) expect((await viaProxy("203.0.113.7")).status).toBe(404);
    expect((await viaProxy("203.0.113.7")).status).toBe(429);
    expect((await viaProxy("203.0.113.8")).status).toBe(404);
  });

  test("the log line names the forwarded client; from anyone but the proxy the header is ignored", async () => {
    await rawRequest(`${server.baseURL}/healthz`, {
      localAddress: "127.0.0.1",
      headers: { "X-Request-Id": "trusted-1", "X-Forwarded-For": "203.0.113.9" },
    });
    await rawRequest(`${server.baseURL}/healthz`, {
      localAddress: "127.0.0.6",
      headers: { "X-Request-Id": "untrusted-1", "X-Forwarded-For": "203.0.113.9" },
    });
    await expect.poll(() => logLinesFor(server, "untrusted-1").length).toBe(1);
    expect(logLinesFor(server, "trusted-1")[0]).toMatchObject({ clientAddress: "203.0.113.9" });
    expect(logLinesFor(server, "untrusted-1")[0]).toMatchObject({ clientAddress: "127.0.0.6" });
  });
});
