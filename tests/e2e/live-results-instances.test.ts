/**
 * Live results on two app instances sharing one PostgreSQL (ADR 205): the
 * teacher's results page is served by the first; students answer through the
 * second (JavaScript off, then on); every answer shows on the teacher's page
 * within 2 seconds, without a reload, in Chromium. The event travels through
 * PostgreSQL's NOTIFY to the first instance's own listener.
 *
 * Needs PostgreSQL: runs when TEST_DATABASE_URL is set (CI provides it, on a
 * new database of its own) and is skipped otherwise, since embedded PGlite
 * belongs to one process and cannot be shared by two instances.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { newContext } from "../support/browser";
import { adminQuery, databaseUrlFor } from "../support/postgres-admin";
import { joinAndAnswer, shownResponses, startSurvey } from "./live-results.support";

const serverUrl = process.env.TEST_DATABASE_URL;
const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
const secret = randomBytes(32).toString("hex");
const servers: AppServer[] = [];
let databaseName = "";
let a: AppServer;
let b: AppServer;

async function startInstance(databaseUrl: string): Promise<AppServer> {
  const server = await spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secret,
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 90_000,
  });
  servers.push(server);
  return server;
}

async function signIn(server: AppServer): Promise<string> {
  const response = await fetch(`${server.baseURL}/login`, {
    method: "POST",
    headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: teacher.email, password: teacher.password }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0];
}

describe.skipIf(!serverUrl)(
  "live results on two instances on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one process's)",
  () => {
    beforeAll(async () => {
      databaseName = `orliverse_live_${process.pid}_${randomBytes(4).toString("hex")}`;
      await adminQuery(serverUrl!, `create database "${databaseName}"`);
      const databaseUrl = databaseUrlFor(serverUrl!, databaseName);
      a = await startInstance(databaseUrl);
      b = await startInstance(databaseUrl);
      const database = await openDatabase({ databaseUrl, migrate: false });
      try {
        await seedDemoData(database.db, { contentDir: path.resolve("content") });
      } finally {
        await database.close();
      }
    }, 240_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      if (databaseName && serverUrl)
        await adminQuery(serverUrl, `drop database if exists "${databaseName}" with (force)`);
    });

    test("answers sent through instance B show on the results page served by instance A within 2 s", async () => {
      const [name, value] = (await signIn(a)).split("=");
      const teacherContext = await newContext({ javaScriptEnabled: true, baseURL: a.baseURL });
      await teacherContext.addCookies([{ name, value, url: a.baseURL }]);
      const { classId, assignmentId } = await startSurvey(teacherContext, a.baseURL, "Reading habits");
      const code = await teacherContext.request.post(`${a.baseURL}/api/classCodes/generate`, {
        data: { classId },
        headers: { Origin: a.baseURL },
      });
      expect(code.status()).toBe(201);
      const { classCode } = (await code.json()) as { classCode: { code: string } };

      const results = await teacherContext.newPage();
      await results.goto(`/class/${classId}/surveys/results/${assignmentId}`);
      await results
        .locator('[data-testid="live-announcement"][data-live="on"]')
        .waitFor({ state: "attached", timeout: 10_000 });
      await results.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const before = Number((await shownResponses(results)).match(/(\d+) responses? from a class/)?.[1]);

      const students = [
        { javaScriptEnabled: false, name: ["Nora", "Offline"] as [string, string] },
        { javaScriptEnabled: true, name: ["Omar", "Online"] as [string, string] },
      ];
      for (const [index, student] of students.entries()) {
        const context = await newContext({ javaScriptEnabled: student.javaScriptEnabled, baseURL: b.baseURL });
        await joinAndAnswer(await context.newPage(), classCode.code, student.name, "Reading habits");
        const answered = Date.now();
        await results
          .getByText(new RegExp(`^${before + index + 1} responses? from a class`))
          .waitFor({ timeout: 2_000 });
        expect(Date.now() - answered).toBeLessThan(2_000);
        expect(await results.getByRole("link", { name: student.name.join(" ") }).count()).toBe(1);
        await context.close();
      }
      expect(await results.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await teacherContext.close();
    });
  },
);
