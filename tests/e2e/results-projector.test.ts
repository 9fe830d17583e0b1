/**
 * The projector view of results (ADR 208) in Chromium, with JavaScript on and
 * off, against the built app: reached from the results screen, it shows bars
 * and counts, lists written answers hidden until the teacher shows each one
 * (and hides it again), a drawing described in words likewise (issue 37), never puts a student's name in the HTML, refreshes
 * itself on `?refresh=5` with a visible "Stop refreshing" link, says plainly
 * why an anonymous survey below its threshold shows nothing, and fits 375 px.
 * A screenshot at 1280×720 is saved to /tmp/results-projector-1280x720.png.
 *
 * Data: the file's own school (tests/support/e2e-world.ts), plus per class
 * (5A for JS on, 5B for JS off) a running named assignment of "Starting the
 * school year" answered by three students, and a running anonymous one of
 * "Reading habits" answered by four (below the default threshold of 5).
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { surveys } from "~/server/db/schema.server";
import type { FixtureKit } from "../support/app-fixtures";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { createAssignment, createResponse } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";

/** The written answers, one per respondent: none may reach the page before it is shown. */
const WORDS = ["I like the reading corner", "More football please", "The new desks are comfy"];
/** What the last respondent wrote instead of drawing (issue 37): hidden until shown, like written answers. */
const DESCRIBED = "A castle made of books";

async function createProjectorWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  const [named] = await kit.db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/starting-the-school-year"));
  const [climate] = await kit.db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/reading-habits"));
  const assignments: Record<string, { named: number; anonymous: number }> = {};
  for (const schoolClass of [world.class5A, world.class5B]) {
    const students = world.students[schoolClass.name];
    const namedAssignment = await createAssignment(kit.db, {
      classId: schoolClass.id,
      surveyId: named.id,
      status: "active",
    });
    // Two chose the first option, one the third; each wrote something.
    for (const [i, student] of students.slice(0, 3).entries()) {
      await createResponse(kit.db, {
        assignmentId: namedAssignment.id,
        studentId: student.id,
        answers: {
          "sy-excited": i === 2 ? 2 : 0,
          "sy-q1-a1": WORDS[i],
          ...(i === 2 ? { "sy-art": { description: DESCRIBED } } : {}),
        },
        submittedAt: new Date(Date.now() - (3 - i) * 60_000),
      });
    }
    const anonymousAssignment = await createAssignment(kit.db, {
      classId: schoolClass.id,
      surveyId: climate.id,
      status: "active",
      anonymous: true,
    });
    for (const student of students.slice(0, 4))
      await createResponse(kit.db, { assignmentId: anonymousAssignment.id, studentId: student.id, answers: {} });
    assignments[schoolClass.name] = { named: namedAssignment.id, anonymous: anonymousAssignment.id };
  }
  return { ...world, assignments };
}

let app: AppServer<Awaited<ReturnType<typeof createProjectorWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createProjectorWorld });
});

async function teacherPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL, viewport: { width: 1280, height: 720 } });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

/** Every student name of the school, first and last: none may appear on the projector. */
function studentNames(): string[] {
  return Object.values(app.fixtures.students).flatMap((list) => list.flatMap((s) => [s.firstName, s.lastName]));
}

/**
 * What the server sends for the page now shown (with JavaScript the page may
 * have come by client navigation, whose DOM still holds the previous
 * document's scripts), and what the page shows: neither may hold `absent`.
 */
async function expectNowhere(page: Page, absent: string[]): Promise<void> {
  const html = await (await page.context().request.get(page.url())).text();
  const shown = (await page.locator("main").textContent()) ?? "";
  for (const text of absent) {
    expect(html, text).not.toContain(text);
    expect(shown, text).not.toContain(text);
  }
}

async function expectNoNames(page: Page): Promise<void> {
  await expectNowhere(page, studentNames());
}

describe.each(jsModes)("$name", ({ name, javaScriptEnabled }) => {
  const className = javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree";
  const ids = () => ({
    classId: javaScriptEnabled ? app.fixtures.class5A.id : app.fixtures.class5B.id,
    ...app.fixtures.assignments[className],
  });

  test("from the results screen: bars and counts, written answers only once shown, never a name", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const { classId, named } = ids();
    await page.goto(`/class/${classId}/surveys/results/${named}`);
    await page.getByRole("link", { name: "Show on the projector" }).click();
    await page.getByRole("heading", { level: 1, name: "Starting the school year", exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/assignments/${named}/projector`);
    expect(await page.title()).toBe("Projector: Starting the school year · Orliverse Classroom");

    expect((await page.getByTestId("projector-response-count").textContent())?.trim()).toBe("3 answers");
    const bars = page
      .getByRole("list")
      .filter({ has: page.locator(".result-bar-row") })
      .first();
    const rows = await bars.locator(".result-bar-row").allTextContents();
    expect(rows[0]).toMatch(/2 \(67%\)$/);
    expect(rows[2]).toMatch(/1 \(33%\)$/);

    await expectNowhere(page, [...WORDS, DESCRIBED]);
    await expectNoNames(page);
    if (name === "JS on") await page.screenshot({ path: "/tmp/results-projector-1280x720.png" });

    // The oldest answer is answer 1.
    await page.getByRole("button", { name: "Show answer 1", exact: true }).click();
    await page.getByText(`“${WORDS[0]}”`).waitFor();
    await expectNowhere(page, [WORDS[1], WORDS[2]]);
    await expectNoNames(page);
    if (name === "JS on") await page.screenshot({ path: "/tmp/results-projector-1280x720-revealed.png" });

    await page.getByRole("button", { name: "Hide answer 1", exact: true }).click();
    await page.getByRole("button", { name: "Show answer 1", exact: true }).waitFor();
    await expectNowhere(page, [...WORDS, DESCRIBED]);

    // A drawing described instead is a drawing card: its words only once shown.
    expect(await page.getByText("Drawing 1: hidden", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Show drawing 1", exact: true }).click();
    await page.getByText(`“${DESCRIBED}”`).waitFor();
    expect(await page.getByText("Described instead", { exact: true }).count()).toBe(1);
    await expectNowhere(page, WORDS);
    await expectNoNames(page);
    await page.getByRole("button", { name: "Hide drawing 1", exact: true }).click();
    await page.getByRole("button", { name: "Show drawing 1", exact: true }).waitFor();
    await expectNowhere(page, [DESCRIBED]);
  });

  test("?refresh=5 refreshes the page by itself until Stop refreshing", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const { classId, named } = ids();
    await page.goto(`/class/${classId}/assignments/${named}/projector`);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await page.getByRole("link", { name: "Refresh every 5 seconds" }).click();
    await page.getByText("Refreshing every 5 seconds.").waitFor();
    expect(new URL(page.url()).search).toBe("?refresh=5");
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("5");
    await page.getByRole("link", { name: "Stop refreshing" }).click();
    await page.getByRole("link", { name: "Refresh every 5 seconds" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

    // The page reloads by itself (a slow interval here, so the reload does not race the clicks below).
    await page.goto(`/class/${classId}/assignments/${named}/projector?refresh=2`);
    await page.waitForEvent("load", { timeout: 15_000 });
    expect(new URL(page.url()).search).toBe("?refresh=2");

    // Showing an answer keeps the refresh.
    await page.goto(`/class/${classId}/assignments/${named}/projector?refresh=120`);
    await page.getByRole("button", { name: "Show answer 2", exact: true }).click();
    await page.getByText(`“${WORDS[1]}”`).waitFor();
    expect(new URL(page.url()).search).toBe("?refresh=120");
  });

  test("an anonymous survey below its threshold shows nothing and says why", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const { classId, anonymous } = ids();
    await page.goto(`/class/${classId}/assignments/${anonymous}/projector`);
    await page.getByRole("heading", { level: 2, name: "Answers are hidden for now" }).waitFor();
    expect((await page.getByTestId("projector-hidden").textContent())?.trim()).toBe(
      "This survey is anonymous, so its answers stay hidden until at least 5 students have responded (4 so far). With fewer, answers could be traced back to the students who gave them.",
    );
    expect((await page.getByTestId("projector-response-count").textContent())?.trim()).toBe("4 answers");
    expect(await page.locator(".result-bar-row").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Show / }).count()).toBe(0);
    await expectNoNames(page);
  });

  test("the class's projector view leads to the results of a running survey; the view fits 375 px", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const { classId, named } = ids();
    await page.goto(`/class/${classId}/projector`);
    await page.getByRole("link", { name: "Show results: Starting the school year" }).click();
    await page.getByRole("heading", { level: 1, name: "Starting the school year", exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/assignments/${named}/projector`);

    await page.setViewportSize({ width: 375, height: 700 });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Starting the school year", exact: true }).waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
