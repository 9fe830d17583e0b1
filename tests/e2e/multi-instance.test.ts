/**
 * Several app instances on one PostgreSQL (docs/operations.md, "Several
 * instances"): they start at once on an empty database and migrate it once,
 * and share sessions, sign-outs and rate limits through the database.
 *
 * Uses a new, empty database on TEST_DATABASE_URL's server when that is set,
 * else a throwaway cluster of its own; skipped when neither is possible.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { adminQuery, databaseUrlFor } from "../support/postgres-admin";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";

const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
const oldSecret = randomBytes(32).toString("hex");
const newSecret = randomBytes(32).toString("hex");

let cluster: PostgresCluster | null = null;
let serverUrl: string | undefined = process.env.TEST_DATABASE_URL;
let databaseUrl = "";
let databaseName = "";
const servers: AppServer[] = [];
let a: AppServer;
let b: AppServer;

if (!serverUrl) {
  cluster = await startPostgresCluster();
  serverUrl = cluster?.url;
}

function startInstance(env: Record<string, string> = {}): Promise<AppServer> {
  return freePort().then((port) =>
    spawnServer({
      port,
      env: {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: oldSecret,
        SECURE_COOKIES: "false",
        LOG_LEVEL: "warn",
        ...env,
      },
      readyTimeoutMs: 90_000,
    }).then((server) => {
      servers.push(server);
      return server;
    }),
  );
}

async function signIn(server: AppServer, email: string, password: string) {
  const response = await fetch(`${server.baseURL}/login`, {
    method: "POST",
    headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0] ?? "";
  return { status: response.status, cookie, body: await response.text() };
}

async function whoAmI(server: AppServer, cookie: string) {
  const response = await fetch(`${server.baseURL}/api/users/me/with-school`, { headers: { Cookie: cookie } });
  return { status: response.status, body: (await response.json()) as { name?: string; code?: string } };
}

describe.skipIf(!serverUrl)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    databaseName = `orliverse_multi_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl!, `create database "${databaseName}"`);
    databaseUrl = databaseUrlFor(serverUrl!, databaseName);
    // Both at once, on an empty database: each runs the migrator at start.
    [a, b] = await Promise.all([startInstance(), startInstance({ LOG_LEVEL: "info" })]);
    // The demo accounts, written the way any instance would (production seeds nothing by itself).
    const database = await openDatabase({ databaseUrl, migrate: false });
    try {
      await seedDemoData(database.db, { contentDir: path.resolve("content") });
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (databaseName && serverUrl)
      await adminQuery(serverUrl, `drop database if exists "${databaseName}" with (force)`);
    await cluster?.destroy();
  });

  test("two instances starting at once on an empty database apply each migration exactly once", async () => {
    const journal = JSON.parse(readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(rows).toHaveLength(journal.entries.length);
      expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    } finally {
      await client.end();
    }
    expect(a.output()).not.toMatch(/already exists|duplicate key/);
    expect(b.output()).not.toMatch(/already exists|duplicate key/);
  });

  test("a session made on one instance is valid on the other", async () => {
    const { status, cookie } = await signIn(a, teacher.email, teacher.password);
    expect(status).toBe(302);
    expect(cookie).toMatch(/^__session=./);
    expect(await whoAmI(b, cookie)).toMatchObject({ status: 200, body: { name: teacher.name } });
    expect(await whoAmI(a, cookie)).toMatchObject({ status: 200, body: { name: teacher.name } });
  });

  test("a sign-out on one instance ends the session on both", async () => {
    const { cookie } = await signIn(b, teacher.email, teacher.password);
    expect((await whoAmI(a, cookie)).status).toBe(200);
    const signOut = await fetch(`${a.baseURL}/logout`, {
      method: "POST",
      headers: { Origin: a.baseURL, Cookie: cookie },
      redirect: "manual",
    });
    expect(signOut.status).toBe(302);
    expect((await whoAmI(a, cookie)).status).toBe(401);
    expect((await whoAmI(b, cookie)).status).toBe(401);
  });

  test("failed sign-ins counted on one instance count on the other: the 11th in a row is refused on either", async () => {
    const email = `nobody-${randomBytes(4).toString("hex")}@riverside.example`;
    for (const server of [a, b, a, b, a, b, a, b, a, b]) {
      const attempt = await signIn(server, email, "Wrong-Password-1");
      expect(attempt.status).toBe(401);
    }
    for (const server of [a, b]) {
      const attempt = await signIn(server, email, "Wrong-Password-1");
      expect(attempt.status).toBe(429);
      expect(attempt.body).toContain("Too many sign-in attempts.");
    }
  });

  test("the request log line carries the method, path, status, duration, request id and user id, and no cookie", async () => {
    const { cookie } = await signIn(a, teacher.email, teacher.password);
    const requestId = `multi-instance-${randomBytes(4).toString("hex")}`;
    const response = await fetch(`${b.baseURL}/api/users/me/with-school`, {
      headers: { Cookie: cookie, "X-Request-Id": requestId },
    });
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const { id } = (await response.json()) as { id: number };
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = b
      .output()
      .split("\n")
      .find((l) => l.startsWith("{") && l.includes(requestId));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: "info",
      event: "request",
      requestId,
      method: "GET",
      path: "/api/users/me/with-school",
      status: 200,
      durationMs: expect.any(Number),
      userId: id,
    });
    const sessionValue = cookie.split("=")[1];
    expect(b.output()).not.toContain(sessionValue);
    expect(b.output()).not.toContain(teacher.password);
  });

  test("rotating the session secret: an instance with SESSION_SECRET=new,old accepts sessions signed with the old one", async () => {
    const { cookie: oldCookie } = await signIn(a, teacher.email, teacher.password);
    const rotated = await startInstance({ SESSION_SECRET: `${newSecret},${oldSecret}` });
    expect(await whoAmI(rotated, oldCookie)).toMatchObject({ status: 200, body: { name: teacher.name } });

    // New sign-ins are signed with the first secret: valid on the rotated instance, not on one that lacks it.
    const { cookie: newCookie } = await signIn(rotated, teacher.email, teacher.password);
    expect(newCookie).not.toBe(oldCookie);
    expect((await whoAmI(rotated, newCookie)).status).toBe(200);
    expect((await whoAmI(a, newCookie)).status).toBe(401);
  });
});
