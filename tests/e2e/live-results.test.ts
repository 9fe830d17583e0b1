/**
 * Live results (ADR 205, 206), end to end against the built app in Chromium:
 * the teacher's results page is open (JavaScript on); a student answers in
 * another browser with JavaScript off; the answer shows on the teacher's
 * page within 2 seconds without a reload, and screen readers hear "1 new
 * answer"; closing the survey shows at once. Without JavaScript the page
 * refreshes itself only when asked (`?refresh=5`), with a "Stop refreshing"
 * link. A dropped stream, closed or reset, gives its place in the streams'
 * budget back (issue #35). The school, teacher and class code are the file's
 * own (tests/support/e2e-world.ts). Two instances on one PostgreSQL: in
 * live-results-instances.test.ts.
 */
import type { BrowserContext } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "~/server/auth/session.server";
import { LIVE_STREAM_LIMITS } from "~/server/web/live-budget.server";
import { type FixtureKit, sessionCookieValue } from "../support/app-fixtures";
import { newContext, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";
import {
  type HeldStream,
  holdStream,
  holdStreamWhenFree,
  joinAndAnswer,
  shownResponses,
  startSurvey,
} from "./live-results.support";

/** The e2e world, and three more sessions of its teacher for the streams' budget. */
async function liveWorld(kit: FixtureKit) {
  const world = await createE2eWorldWithCode(kit);
  const teacherSessions = await Promise.all([1, 2, 3].map(() => kit.sessionFor(world.users.teacher)));
  return { ...world, teacherSessions };
}

let app: AppServer<Awaited<ReturnType<typeof liveWorld>>>;

/** The instance's memory for live streams: 6 MB at 300 kB a stream holds 20, one teacher's cap. */
const STREAMS_MEMORY_MB = 6;

beforeAll(async () => {
  app = await startAppServer({ fixtures: liveWorld, env: { LIVE_STREAMS_MEMORY_MB: String(STREAMS_MEMORY_MB) } });
});

async function teacherContext(javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(context, app, app.fixtures.sessions.teacher);
  return context;
}

test("an answer shows on the open results page within 2 s, without a reload; closing shows at once", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, app.baseURL, "Starting the school year");
  const results = await teacher.newPage();
  await results.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  // The stream is open (the announcement region says so for tests).
  await results
    .locator('[data-testid="live-announcement"][data-live="on"]')
    .waitFor({ state: "attached", timeout: 10_000 });
  expect(await shownResponses(results)).toMatch(/^0 responses from a class/);
  // A reload would lose this marker: the page must update in place.
  await results.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const student = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const page = await student.newPage();
  await joinAndAnswer(page, CLASS_CODE, ["Nora", "Offline"], "Starting the school year");
  const answered = Date.now();
  await results.getByText(/^1 response from a class/).waitFor({ timeout: 2_000 });
  expect(Date.now() - answered).toBeLessThan(2_000);
  expect(await results.getByTestId("live-announcement").textContent()).toBe("1 new answer");
  expect(await results.getByRole("link", { name: "Nora Offline" }).count()).toBe(1);
  expect(await results.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  const closed = await teacher.request.patch(
    `${app.baseURL}/api/classes/${classId}/assignments/${assignmentId}/status`,
    {
      data: { status: "completed" },
      headers: { Origin: app.baseURL },
    },
  );
  expect(closed.status()).toBe(200);
  await results.getByText("Closed", { exact: true }).waitFor({ timeout: 2_000 });
  expect(await results.getByTestId("live-announcement").textContent()).toBe("The survey is closed.");
  expect(await results.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await student.close();
  await teacher.close();
});

test("the projector view is live: a new answer within 2 s, a revealed answer on the wall within 2 s of the teacher's Show", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, app.baseURL, "Friendship and kindness");
  const projectorPath = `/class/${classId}/assignments/${assignmentId}/projector`;
  const wall = await teacher.newPage();
  await wall.setViewportSize({ width: 1280, height: 720 });
  await wall.goto(projectorPath);
  await wall
    .locator('[data-testid="live-announcement"][data-live="on"]')
    .waitFor({ state: "attached", timeout: 10_000 });
  expect((await wall.getByTestId("projector-response-count").textContent())?.trim()).toBe("0 answers");
  await wall.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const words = "Share your snack with a friend";
  const student = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  await joinAndAnswer(await student.newPage(), CLASS_CODE, ["Wanda", "Wall"], "Friendship and kindness", {
    write: words,
  });
  const answered = Date.now();
  await wall.getByTestId("projector-response-count").getByText("1").waitFor({ timeout: 2_000 });
  await wall.getByText("Answer 1: hidden").waitFor({ timeout: 2_000 });
  expect(Date.now() - answered).toBeLessThan(2_000);
  expect((await wall.getByTestId("projector-response-count").textContent())?.trim()).toBe("1 answer");
  expect(await wall.getByTestId("live-announcement").textContent()).toBe("1 new answer");
  expect(await wall.locator("main").textContent()).not.toContain(words);
  // The option question's bar moved too: one answer, 100%.
  expect(await wall.locator(".result-bar-count").allTextContents()).toContain("1 (100%)");

  // The teacher shows it from her own screen (here: a second one, without JavaScript).
  const desk = await teacherContext(false);
  const control = await desk.newPage();
  await control.goto(projectorPath);
  await control.getByRole("button", { name: "Show answer 1", exact: true }).click();
  await control.getByRole("button", { name: "Hide answer 1", exact: true }).waitFor();
  const shown = Date.now();
  await wall.getByText(`“${words}”`).waitFor({ timeout: 2_000 });
  expect(Date.now() - shown).toBeLessThan(2_000);
  expect(await wall.getByTestId("live-announcement").textContent()).toBe("1 answer shown");
  expect(await wall.getByText("Wanda").count()).toBe(0);
  expect(await wall.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await desk.close();
  await student.close();
  await teacher.close();
});

test("without JavaScript: an opt-in auto-refresh with a visible Stop refreshing link", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, app.baseURL, "Reading habits");
  await teacher.close();
  const noJs = await teacherContext(false);
  const page = await noJs.newPage();
  const path = `/class/${classId}/surveys/results/${assignmentId}`;
  await page.goto(path);
  expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
  await page.getByRole("link", { name: "Refresh automatically" }).click();
  await page.waitForURL(/\?refresh=5$/);
  expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("5");
  await page.getByRole("link", { name: "Stop refreshing" }).click();
  await page.waitForURL((url) => url.search === "");
  expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
  await noJs.close();
});

test("the newest view wins at a session's and a staff member's cap, and a dropped stream gives its place back, closed or reset, in the instance's memory too (issue #35)", async () => {
  const perInstance = Math.floor((STREAMS_MEMORY_MB * 1024 * 1024) / LIVE_STREAM_LIMITS.bytesPerStream);
  expect(perInstance).toBe(LIVE_STREAM_LIMITS.perUser);
  const cookieOf = async (token: string) =>
    `${SESSION_COOKIE_NAME}=${await sessionCookieValue(app.sessionSecret, token)}`;
  const [first, second, third] = await Promise.all(app.fixtures.teacherSessions.map((s) => cookieOf(s.token)));
  const colleague = await cookieOf(app.fixtures.sessions.colleague.token);
  const teachersClass = `/class/${app.fixtures.class5A.id}/live`;
  const colleaguesClass = `/class/${app.fixtures.class6.id}/live`;
  const replaced = '"reason":"replaced"';
  // Three times the streams one teacher may hold, all from one address (more than its 48 staff requests in flight).
  for (let round = 0; round < 3; round++) {
    const held: HeldStream[] = [];
    const hold = async (cookie: string) => {
      const stream = await holdStream(app.baseURL, teachersClass, cookie);
      expect(stream.status, `round ${round}, stream ${held.length + 1}`).toBe(200);
      held.push(stream);
      return stream;
    };
    for (let n = 0; n < LIVE_STREAM_LIMITS.perSession; n++) await hold(first);
    // An eleventh view of the same sign-in opens, and the session's oldest is ended (a tab or device long gone, say).
    // (Which one is certain only in the first round: later, a place the last round dropped may still be held.)
    await hold(first);
    if (round === 0) expect(await held[0].ended).toContain(replaced);
    for (let n = 0; n < LIVE_STREAM_LIMITS.perSession; n++) await hold(second);
    // The teacher's 20 are open: a third session of hers ends her oldest stream; the instance is full for a colleague.
    await hold(third);
    if (round === 0) expect(await held[1].ended).toContain(replaced);
    expect((await holdStream(app.baseURL, colleaguesClass, colleague)).status).toBe(503);
    // Tabs closed, and connections cut: each gives its place back.
    for (const [n, stream] of held.entries()) stream.drop(n % 2 === 0 ? "close" : "reset");
    // The colleague gets a place once they have (a place reaches the budget a moment after its drop).
    const colleagues = await holdStreamWhenFree(app.baseURL, colleaguesClass, colleague);
    expect(colleagues.status, `round ${round}`).toBe(200);
    colleagues.drop("reset");
  }
}, 120_000);
