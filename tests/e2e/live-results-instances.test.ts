/**
 * Live results on two app instances sharing one PostgreSQL (ADR 205, 231),
 * in Chromium, the way issue #26's "Done when" asks, twice: straight to the
 * instances, and through nginx (one nginx port in front of each instance,
 * tests/support/nginx.ts, with the settings docs/operations.md recommends).
 *
 * - The teacher's results page and the projector view are served by instance
 *   A; three students answer through instance B (JavaScript off, on, and one
 *   with a drawing); each answer shows on the teacher's results page within
 *   2 seconds, without a reload. The event travels through PostgreSQL's
 *   NOTIFY to A's own listener.
 * - The projector view on A shows the written answer only after the teacher
 *   shows it (from her own screen, served by B), within 2 seconds.
 * - An anonymous assignment's projector view on A releases nothing until its
 *   threshold (5) answered through B, and does not move with single answers
 *   (issue #35: the stream moves at releases only); then its count and bars
 *   appear within 2 seconds, and its written answers stay hidden.
 *
 * Needs PostgreSQL: runs when TEST_DATABASE_URL is set (.ci/run provides it,
 * on a new database of its own) and is skipped otherwise, since embedded
 * PGlite belongs to one process and cannot be shared by two instances. The
 * nginx half needs nginx: with CI set a missing nginx fails the run; without
 * CI it is skipped with the reason printed.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS, seedDemoData } from "~/server/seed/demo-data.server";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { newContext } from "../support/browser";
import { findNginx, type NginxProxy, startNginx } from "../support/nginx";
import { adminQuery, databaseUrlFor } from "../support/postgres-admin";
import { joinAndAnswer, shownResponses, startSurvey } from "./live-results.support";

const serverUrl = process.env.TEST_DATABASE_URL;
const nginxMissing = !findNginx();
const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
const secret = randomBytes(32).toString("hex");
/** The demo school's threshold for anonymous answers (no setting of its own: the default). */
const THRESHOLD = 5;
const servers: AppServer[] = [];
let databaseName = "";
let a: AppServer;
let b: AppServer;

if (serverUrl && nginxMissing && !process.env.CI) {
  console.log(
    "live-results-instances: the nginx half is skipped: nginx is not installed (apt-get install nginx-light)",
  );
}

async function startInstance(databaseUrl: string): Promise<AppServer> {
  const server = await spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secret,
      SECURE_COOKIES: "false",
      // nginx runs on this machine: its forwarding headers are believed, nobody else's (ADR 101).
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 90_000,
  });
  servers.push(server);
  return server;
}

async function signIn(server: AppServer): Promise<{ name: string; value: string }> {
  const response = await fetch(`${server.baseURL}/login`, {
    method: "POST",
    headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: teacher.email, password: teacher.password }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie).toBeTruthy();
  const [name, value] = cookie!.split(";")[0].split("=");
  return { name, value };
}

/** The teacher, signed in (on instance A), browsing `baseURL`. */
async function teacherContext(baseURL: string, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await newContext({ javaScriptEnabled, baseURL, viewport: { width: 1280, height: 720 } });
  await context.addCookies([{ ...(await signIn(a)), url: baseURL }]);
  return context;
}

async function classCode(teacherContext: BrowserContext, classId: number): Promise<string> {
  const response = await teacherContext.request.post(`${a.baseURL}/api/classCodes/generate`, {
    data: { classId },
    headers: { Origin: a.baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { classCode: { code: string } }).classCode.code;
}

/** A page whose live stream is open, marked so that a reload would show. */
async function openLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page
    .locator('[data-testid="live-announcement"][data-live="on"]')
    .waitFor({ state: "attached", timeout: 10_000 });
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

async function notReloaded(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);
}

/** A student joins through the student API (as the student app does), at `baseURL`; their token. */
async function joinByApi(baseURL: string, code: string, name: [string, string]): Promise<string> {
  const joined = await fetch(`${baseURL}/api/student/v1/join`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, firstName: name[0], lastName: name[1] }),
  });
  expect(joined.status).toBe(200);
  return ((await joined.json()) as { token: string }).token;
}

/** A joined student answers through the student API, at `baseURL`. */
async function answerByApi(
  baseURL: string,
  token: string,
  assignmentId: number,
  answers: Record<string, unknown>,
): Promise<void> {
  const sent = await fetch(`${baseURL}/api/student/v1/assignments/${assignmentId}/responses`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ answers }),
  });
  expect(sent.status, await sent.clone().text()).toBeLessThan(300);
}

/** Waits until `what` shows, and says how long after `since` that was. */
async function shownWithin(what: () => Promise<unknown>, since: number): Promise<number> {
  await what();
  return Date.now() - since;
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

    // Each way in uses its own class, so the same surveys can be given again.
    const ways = [
      { way: "straight to the instances", className: "5A Sunflowers", proxied: false },
      { way: "through nginx", className: "5B Oak Tree", proxied: true },
    ];

    describe.each(ways)("$way", ({ className, proxied }) => {
      let proxy: NginxProxy | undefined;
      /** Where the teacher's pages are served from (instance A), and where the students answer (instance B). */
      let teacherBase = "";
      let studentBase = "";

      beforeAll(async () => {
        if (proxied) {
          if (nginxMissing && !process.env.CI) return;
          proxy = await startNginx([a.baseURL, b.baseURL]);
          [teacherBase, studentBase] = proxy.urls;
        } else {
          [teacherBase, studentBase] = [a.baseURL, b.baseURL];
        }
      }, 60_000);

      afterAll(async () => {
        await proxy?.stop();
      });

      test.skipIf(proxied && nginxMissing && !process.env.CI)(
        "three answers through B (JS off, JS on, a drawing) each show on A's results page within 2 s; the projector on A shows the written answer only once the teacher does",
        async () => {
          const teacherOnA = await teacherContext(teacherBase);
          const { classId, assignmentId } = await startSurvey(teacherOnA, a.baseURL, "Starting the school year", {
            className,
          });
          const code = await classCode(teacherOnA, classId);
          const results = await teacherOnA.newPage();
          await openLive(results, `/class/${classId}/surveys/results/${assignmentId}`);
          const projectorPath = `/class/${classId}/assignments/${assignmentId}/projector`;
          const wall = await teacherOnA.newPage();
          await openLive(wall, projectorPath);
          const before = Number((await shownResponses(results)).match(/(\d+) responses? from a class/)?.[1]);

          const words = `Seeing my friends again, ${className}`;
          const students = [
            { javaScriptEnabled: false, name: ["Nora", "Offline"] as [string, string], extra: { write: words } },
            { javaScriptEnabled: true, name: ["Omar", "Online"] as [string, string], extra: {} },
            { javaScriptEnabled: true, name: ["Dana", "Drawing"] as [string, string], extra: { draw: true } },
          ];
          for (const [index, student] of students.entries()) {
            const context = await newContext({ javaScriptEnabled: student.javaScriptEnabled, baseURL: studentBase });
            await joinAndAnswer(await context.newPage(), code, student.name, "Starting the school year", student.extra);
            const answered = Date.now();
            const took = await shownWithin(
              () =>
                results
                  .getByText(new RegExp(`^${before + index + 1} responses? from a class`))
                  .waitFor({ timeout: 2_000 }),
              answered,
            );
            expect(took, student.name.join(" ")).toBeLessThan(2_000);
            expect(await results.getByRole("link", { name: student.name.join(" "), exact: true }).count()).toBe(1);
            await context.close();
          }
          // The drawing arrived with the third answer.
          expect(await results.getByRole("img", { name: "Drawing by Dana Drawing" }).count()).toBe(1);
          expect(await notReloaded(results)).toBe(true);

          // The projector on A: the count, the answers hidden; nothing written, nobody's name.
          await wall.getByText("Drawing 1: hidden").waitFor({ timeout: 2_000 });
          expect((await wall.getByTestId("projector-response-count").textContent())?.trim()).toBe(
            `${before + 3} answers`,
          );
          await wall.getByText("Answer 1: hidden").waitFor();
          const wallText = (await wall.locator("main").textContent()) ?? "";
          for (const hidden of [words, "Nora", "Omar", "Dana"]) expect(wallText).not.toContain(hidden);

          // The teacher shows it from her own screen, served by B (without JavaScript).
          const teacherOnB = await teacherContext(studentBase, false);
          const desk = await teacherOnB.newPage();
          await desk.goto(projectorPath);
          await desk.getByRole("button", { name: "Show answer 1", exact: true }).click();
          await desk.getByRole("button", { name: "Hide answer 1", exact: true }).waitFor();
          const shown = Date.now();
          const took = await shownWithin(() => wall.getByText(`“${words}”`).waitFor({ timeout: 2_000 }), shown);
          expect(took).toBeLessThan(2_000);
          expect(await wall.getByText("Drawing 1: hidden").count()).toBe(1);
          expect(await notReloaded(wall)).toBe(true);
          await teacherOnB.close();
          await teacherOnA.close();
        },
      );

      test.skipIf(proxied && nginxMissing && !process.env.CI)(
        `an anonymous survey's projector on A shows and moves nothing until ${THRESHOLD} answered through B, then its count and bars within 2 s`,
        async () => {
          const teacherOnA = await teacherContext(teacherBase);
          const { classId, assignmentId } = await startSurvey(teacherOnA, a.baseURL, "Wellbeing check-in", {
            className,
            anonymous: true,
          });
          const code = await classCode(teacherOnA, classId);
          // The class joins first: a roster change moves the wall too (the count of students).
          const tokens: string[] = [];
          for (let i = 0; i < THRESHOLD; i++)
            tokens.push(await joinByApi(studentBase, code, [`Quiet${i}`, "Anonymous"]));
          const wall = await teacherOnA.newPage();
          await openLive(wall, `/class/${classId}/assignments/${assignmentId}/projector`);
          const secretWords = (i: number) => `anonymous words ${i} ${className}`;
          const count = (n: number) =>
            wall
              .getByTestId("projector-response-count")
              .filter({ hasText: new RegExp(`^${n} answers?$`) })
              .waitFor({ timeout: 2_000 });
          // Every count the wall ever shows, from now on (no clock: what changed, not when).
          await count(0);
          await wall.evaluate(() => {
            const shown = () => document.querySelector('[data-testid="projector-response-count"]')?.textContent ?? "";
            const seen: string[] = [shown()];
            (window as unknown as { countsSeen: string[] }).countsSeen = seen;
            new MutationObserver(() => {
              if (seen.at(-1) !== shown()) seen.push(shown());
            }).observe(document.body, { subtree: true, childList: true, characterData: true });
          });

          for (let i = 0; i < THRESHOLD; i++) {
            await answerByApi(studentBase, tokens[i], assignmentId, {
              "wb-mood": 1,
              "wb-q1-a1": secretWords(i),
            });
            if (i < THRESHOLD - 1) {
              // Below the threshold: nothing, and why.
              expect(await wall.getByTestId("projector-hidden").count()).toBe(1);
              expect(await wall.locator(".result-bar-row").count()).toBe(0);
            }
          }
          const answered = Date.now();
          expect(await shownWithin(() => count(THRESHOLD), answered)).toBeLessThan(2_000);
          // The wall moved once, at the release: never with a single answer.
          expect(await wall.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen)).toEqual([
            "0 answers",
            `${THRESHOLD} answers`,
          ]);
          // The threshold reached: the release's bars, written answers hidden until shown.
          await wall.locator(".result-bar-row").first().waitFor({ timeout: 2_000 });
          expect(await wall.getByTestId("projector-hidden").count()).toBe(0);
          expect(await wall.locator(".result-bar-count").allTextContents()).toContain(`${THRESHOLD} (100%)`);
          await wall.getByText(`Answer ${THRESHOLD}: hidden`).waitFor();
          const html = await wall.content();
          for (let i = 0; i < THRESHOLD; i++) expect(html).not.toContain(secretWords(i));
          expect(await notReloaded(wall)).toBe(true);
          await teacherOnA.close();
        },
      );
    });
  },
);
