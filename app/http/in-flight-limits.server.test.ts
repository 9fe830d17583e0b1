import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSessionCookie } from "~/server/auth/session.server";
import { IN_FLIGHT_LIMITS, limitRequestsInFlight } from "./in-flight-limits.server";

const sessionCookie = createSessionCookie({
  sessionSecrets: ["in-flight-test-secret-0123456789abcdef"],
  secureCookies: false,
});
const busyLines: unknown[] = [];
const logger = {
  info: (event: string, fields: unknown) => busyLines.push({ event, fields }),
  warn: () => {},
  error: () => {
    throw new Error("no error line");
  },
} as unknown as Parameters<typeof limitRequestsInFlight>[0]["logger"];

/** Requests the app holds until the test lets them go: each stands for one waiting on the database. */
const held: Array<() => void> = [];
let base = "";
let server: ReturnType<typeof createServer>;
const limiter = limitRequestsInFlight({ sessionCookie, logger }, { strictTransportSecurity: false });

beforeAll(async () => {
  const app = express();
  // The client's address, as request-info.server.ts would resolve it (here from a test header).
  app.use((req, res, next) => {
    res.locals.requestInfo = { requestId: "t", clientAddress: req.headers["x-test-address"] ?? null };
    next();
  });
  app.use(limiter);
  app.use((_req, res) => {
    held.push(() => res.json({ ok: true }));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** One request on its own connection (no keep-alive socket the server may close under a loaded machine). */
const send = (path: string, address: string, cookie?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method: "POST",
      agent: false,
      headers: { "x-test-address": address, ...(cookie ? { cookie } : {}) },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === "string") headers.set(name, value);
        resolve({
          status: response.statusCode ?? 0,
          headers,
          text: async () => body,
          json: async () => JSON.parse(body),
        });
      });
    });
    request.on("error", reject);
    request.end();
  });

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

test("400 requests at once from one address: those past its share are refused at once with Retry-After; the address's staff and other addresses are still served", async () => {
  const answeredEarly: number[] = [];
  const flood = Array.from({ length: 400 }, () =>
    send("/api/student/v1/join/collect", "203.0.113.9").then((response) => {
      answeredEarly.push(response.status);
      return response;
    }),
  );
  await until(() => held.length === IN_FLIGHT_LIMITS.anonymousPerAddress);
  const staffCookie = await sessionCookie.cookie.serialize("a-staff-session-token-0123456789");
  const staff = send("/class/1", "203.0.113.9", staffCookie);
  const otherSchool = send("/api/student/v1/join/collect", "198.51.100.4");
  // A forged session cookie is anonymous: refused with the flood.
  const forged = await send("/class/1", "203.0.113.9", "__session=forged-value-0123456789012345678");
  expect(forged.status).toBe(429);
  await until(() => held.length === IN_FLIGHT_LIMITS.anonymousPerAddress + 2);
  expect(limiter.inFlight("203.0.113.9", "staff")).toBe(1);
  // The refusals came back while the address's share was still held: none waited for the app.
  await until(() => answeredEarly.length === 400 - IN_FLIGHT_LIMITS.anonymousPerAddress);
  const refusedAtOnce = [...answeredEarly];
  for (const release of held.splice(0)) release();
  const statuses = await Promise.all(flood.map(async (response) => (await response).status));
  expect(refusedAtOnce.filter((status) => status === 429)).toHaveLength(400 - IN_FLIGHT_LIMITS.anonymousPerAddress);
  expect(statuses.filter((status) => status === 200)).toHaveLength(IN_FLIGHT_LIMITS.anonymousPerAddress);
  expect(statuses.filter((status) => status === 429)).toHaveLength(400 - IN_FLIGHT_LIMITS.anonymousPerAddress);
  expect((await staff).status).toBe(200);
  expect((await otherSchool).status).toBe(200);
  // Everything given back: the address is served again.
  expect(limiter.inFlight("203.0.113.9", "anonymous")).toBe(0);
  expect(busyLines.length).toBeGreaterThan(0);
});

test("a refusal says when to come back: JSON on the API, a page for screens", async () => {
  const flood = Array.from({ length: IN_FLIGHT_LIMITS.anonymousPerAddress }, () => send("/join", "203.0.113.10"));
  await until(() => held.length === IN_FLIGHT_LIMITS.anonymousPerAddress);
  const api = await send("/api/student/v1/join", "203.0.113.10");
  expect(api.status).toBe(429);
  expect(api.headers.get("retry-after")).toBe("2");
  expect(await api.json()).toMatchObject({ code: "RATE_LIMITED" });
  const page = await send("/join", "203.0.113.10");
  expect(page.status).toBe(429);
  expect(page.headers.get("retry-after")).toBe("2");
  expect(await page.text()).toContain("Too many requests from your network are in progress.");
  for (const release of held.splice(0)) release();
  await Promise.all(flood);
});
