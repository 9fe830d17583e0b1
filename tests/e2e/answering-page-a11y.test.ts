/**
 * The answering page for keyboards and screen readers (issue #29 point 3,
 * ADR 221). Its images keep their room before they load (width and height
 * from the URL), carry the content's alt text or are decorative, and the page
 * has one <h1>. The drawing pad's toolbar is one Tab stop, with
 * the arrow keys, Home and End inside (WAI-ARIA toolbar pattern, roving
 * tabindex), and the chosen colour or brush told apart from the focus ring by
 * more than colour: a check mark and a thick inner border, never an outline.
 * A student of the fixture's class answers "Drawing: my safe place" in
 * Chromium (the pad needs JavaScript; without it the page shows a note).
 *
 * Issue 37: every question and option can be heard (a recording as a plain
 * `<audio controls>`, else a Listen button only where the device has a voice of
 * its own: the browser's speech synthesis is faked, not our code), and every
 * student page passes axe's WCAG 2.2 AA rules in all six languages, with
 * targets of 44 × 44 px and nothing hidden under a bar when focused.
 */
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n/languages";
import { surveys } from "~/server/db/schema.server";
import type { FixtureKit } from "../support/app-fixtures";
import { jsModes, newContext } from "../support/browser";
import { CLASS_CODE } from "../support/e2e-world";
import { createAssignment } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";
import { type Actor, type ActorCredentials, createActorsWorld, setUpActors } from "./authorization-matrix.support";
import {
  axeWcag22,
  type FakeVoice,
  fakeSpeech,
  obscuredWhenFocused,
  setVoices,
  smallTargets,
  speechLog,
} from "./student-a11y.support";
import { signInContext } from "./third-party.screens";

/**
 * The actors' world, with two surveys running in 5A: the daily check-in (recordings on its first
 * question and faces) and the class climate check (recordings on its choice question and choices).
 */
async function world(kit: FixtureKit) {
  const actorsWorld = await createActorsWorld(kit);
  const runningIn5A = async (fullSlug: string) => {
    const [survey] = await kit.db.select().from(surveys).where(eq(surveys.fullSlug, fullSlug));
    const assignment = await createAssignment(kit.db, {
      classId: actorsWorld.class5A.id,
      surveyId: survey.id,
      status: "active",
    });
    return { id: assignment.id, surveyId: survey.id };
  };
  return {
    ...actorsWorld,
    checkIn: await runningIn5A("surveys/young-readers/daily-check-in"),
    climate: await runningIn5A("surveys/your-school/class-climate-check"),
  };
}

let app: AppServer<Awaited<ReturnType<typeof world>>>;
let actors: Record<Actor, ActorCredentials>;
let drawingAssignmentId: number;
let checkInPath: string;

beforeAll(async () => {
  app = await startAppServer({ fixtures: world });
  ({ actors } = await setUpActors(app));
  // The fixture's running survey in 5A (the second by title) is the one with a drawing question.
  expect(app.fixtures.surveys.running.title).toBe("Drawing: my safe place");
  drawingAssignmentId = app.fixtures.running[app.fixtures.class5A.name].id;
  checkInPath = `/student/assignments/${app.fixtures.checkIn.id}`;
});

async function drawingPage(javaScriptEnabled = true): Promise<Page> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  await signInContext(context, app.baseURL, actors.studentWeb);
  const page = await context.newPage();
  await page.goto(`/student/assignments/${drawingAssignmentId}`);
  if (javaScriptEnabled) await page.getByRole("img", { name: /^Drawing area/ }).waitFor();
  return page;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the survey's image keeps its room before it loads, is 'Image' without alt text, and the page has one <h1>", async () => {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signInContext(context, app.baseURL, actors.studentWeb);
    const page = await context.newPage();
    // The image is held back: what the page shows before it arrives is what a slow network shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/survey-images/**", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto(`/student/assignments/${drawingAssignmentId}`, { waitUntil: "domcontentloaded" });
    const image = page.locator(".survey-image img");
    expect(await image.count()).toBe(1);
    // the specification's default alt text (issue 36)
    expect(await image.getAttribute("alt")).toBe("Image");
    const box = await image.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    expect(box.height).toBeGreaterThan(0);
    expect(Math.abs(box.width / box.height - 800 / 360)).toBeLessThan(0.02);
    release();
    expect(await page.locator("h1").count()).toBe(1);
  });
});

/** The focused element's accessible name (aria-label or text) and whether it is in the toolbar. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      name: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      inToolbar: Boolean(element?.closest("[role=toolbar]")),
    };
  });
}

test("the toolbar is one Tab stop; arrows, Home and End move inside it", async () => {
  const page = await drawingPage();
  const toolbar = page.getByRole("toolbar", { name: "Drawing tools" });
  // Exactly one button of the toolbar is in the Tab order.
  expect(await toolbar.locator("button:not([disabled]):not([tabindex='-1'])").count()).toBe(1);

  // Tab from the page's top until the toolbar: one stop, then Tab leaves it for the canvas's neighbours.
  await page.locator("h1").evaluate((heading) => {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  });
  let stops = 0;
  while (!(await focused(page)).inToolbar && stops++ < 30) await page.keyboard.press("Tab");
  expect(await focused(page)).toEqual({ name: "Clear", inToolbar: true });
  await page.keyboard.press("Tab");
  expect((await focused(page)).inToolbar).toBe(false);
  await page.keyboard.press("Shift+Tab");
  expect(await focused(page)).toEqual({ name: "Clear", inToolbar: true });

  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Eraser");
  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Brush size 3");
  await page.keyboard.press("End");
  expect((await focused(page)).name).toBe("Brown");
  await page.keyboard.press("ArrowRight");
  expect((await focused(page)).name).toBe("Clear");
  await page.keyboard.press("ArrowLeft");
  expect((await focused(page)).name).toBe("Brown");
  await page.keyboard.press("Home");
  expect((await focused(page)).name).toBe("Clear");

  // Choosing a colour with the keyboard; the toolbar remembers it as its stop.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  expect(await page.getByRole("button", { name: "Pink" }).getAttribute("aria-pressed")).toBe("true");
  expect(await toolbar.locator("button[tabindex='0']").getAttribute("aria-label")).toBe("Pink");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).name).toBe("Pink");
});

test("the chosen colour and brush show a check mark and an inner border, not a ring like the focus", async () => {
  const page = await drawingPage();
  const look = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        pressed: button.getAttribute("aria-pressed"),
        mark: getComputedStyle(button, "::after").content,
        outline: style.outlineStyle,
        inner: style.boxShadow !== "none",
      };
    });
  await page.locator("h1").evaluate((heading) => {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  });
  for (const name of ["Black", "Brush size 8"]) {
    expect(await look(name)).toEqual({ pressed: "true", mark: '"✓"', outline: "none", inner: true });
  }
  for (const name of ["White", "Brush size 3"]) {
    expect(await look(name)).toEqual({ pressed: "false", mark: "none", outline: "none", inner: false });
  }
});

/** A voice on the device for each of the six languages, and one that sends the text elsewhere. */
const LOCAL_VOICES: FakeVoice[] = LANGUAGE_CODES.map((code) => ({
  lang: code,
  localService: true,
  name: `On ${code}`,
}));
const REMOTE_VOICE: FakeVoice = { lang: "en-GB", localService: false, name: "Cloud English", default: true };

async function studentContext(javaScriptEnabled: boolean, voices?: FakeVoice[]): Promise<BrowserContext> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  if (voices) await fakeSpeech(context, voices);
  await signInContext(context, app.baseURL, actors.studentWeb);
  return context;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a question and its faces with recordings are plain <audio controls>, named Listen, that start only when pressed", async () => {
    const context = await studentContext(javaScriptEnabled, javaScriptEnabled ? LOCAL_VOICES : undefined);
    const page = await context.newPage();
    await page.goto(checkInPath);
    const feel = page.getByRole("group", { name: "How do you feel today?" });
    const players = feel.locator("audio");
    expect(await players.count()).toBe(4);
    const seen = await players.evaluateAll((elements) =>
      (elements as HTMLAudioElement[]).map((audio) => ({
        src: new URL(audio.src).pathname,
        controls: audio.controls,
        autoplay: audio.autoplay,
        paused: audio.paused,
        preload: audio.getAttribute("preload"),
        label: audio.getAttribute("aria-label"),
        transcript: document.getElementById(audio.getAttribute("aria-describedby") ?? "")?.textContent,
        // Narrower than about 120 px, Chromium's player hides its play button.
        wideEnough: audio.getBoundingClientRect().width >= 128,
      })),
    );
    expect(seen).toEqual(
      ["feel", "feel-1", "feel-2", "feel-3"].map((name, index) => ({
        src: `/survey-audio/en/daily-check-in/${name}.ogg`,
        controls: true,
        autoplay: false,
        paused: true,
        preload: "none",
        label: "Listen",
        transcript: ["How do you feel today?", "Sad", "Okay", "Happy"][index],
        wideEnough: true,
      })),
    );
    // A recording is not doubled by a Listen button; the audio is served from our own origin.
    expect(await feel.getByRole("button", { name: "Listen" }).count()).toBe(0);
    const file = await context.request.get(`${app.baseURL}${seen[0].src}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("audio/ogg");
    // The player is reached with the keyboard: Tab from the legend's question lands on it.
    await page.getByRole("radio", { name: "Sad, 1 of 3" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("AUDIO");
  });
});

test("JS off, Polish: a choice question's recordings and its choices' are plain <audio controls> named in Polish, beside (never inside) each choice; the teacher's preview plays them too", async () => {
  const context = await studentContext(false);
  const page = await context.newPage();
  await page.goto(`/student/assignments/${app.fixtures.climate.id}?lng=pl`);
  const texts = ["Więcej spokojnego czasu", "Więcej pracy w grupach"];
  const group = page.getByRole("group", { name: "1. Co najbardziej pomogłoby naszej klasie?" });
  const players = await group.locator("audio").evaluateAll((elements) =>
    (elements as HTMLAudioElement[]).map((audio) => ({
      src: new URL(audio.src).pathname,
      autoplay: audio.autoplay,
      paused: audio.paused,
      preload: audio.getAttribute("preload"),
      label: audio.getAttribute("aria-label"),
      transcript: document.getElementById(audio.getAttribute("aria-describedby") ?? "")?.textContent,
      inLabel: audio.closest("label") !== null,
    })),
  );
  expect(players.map((player) => player.src)).toEqual(
    ["help", "help-1", "help-2", "help-3", "help-4"].map((name) => `/survey-audio/pl/class-climate-check/${name}.ogg`),
  );
  expect(players.every((p) => p.label === "Posłuchaj" && !p.autoplay && p.paused && p.preload === "none")).toBe(true);
  expect(players.some((player) => player.inLabel)).toBe(false);
  expect(players.slice(1, 3).map((player) => player.transcript)).toEqual(texts);
  // Reached with the keyboard: Tab from a choice's radio goes to its recording.
  await group.getByRole("radio", { name: texts[1] }).focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("src"))).toBe(
    "/survey-audio/pl/class-climate-check/help-2.ogg",
  );

  const teacher = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signInContext(teacher, app.baseURL, actors.teacher);
  const preview = await teacher.newPage();
  await preview.goto(`/survey/content/${app.fixtures.climate.surveyId}?lang=pl`);
  const previewPlayers = preview.locator("#survey-responses audio");
  expect(await previewPlayers.count()).toBe(5);
  expect(await previewPlayers.evaluateAll((elements) => elements.map((e) => e.getAttribute("aria-label")))).toEqual(
    Array(5).fill("Posłuchaj"),
  );
  await preview.goto(`/survey/content/${app.fixtures.checkIn.surveyId}`);
  expect(
    await preview
      .locator("#survey-responses audio")
      .evaluateAll((elements) => (elements as HTMLAudioElement[]).map((audio) => new URL(audio.src).pathname)),
  ).toEqual(["feel", "feel-1", "feel-2", "feel-3"].map((name) => `/survey-audio/en/daily-check-in/${name}.ogg`));
  await context.close();
  await teacher.close();
});

test("JS on: no Listen button without a voice on the device; one appears when such a voice is listed, reads only when pressed, and stops when pressed again", async () => {
  const context = await studentContext(true, [REMOTE_VOICE]);
  const page = await context.newPage();
  await page.goto(checkInPath);
  await page.waitForLoadState("load"); // the deferred read-aloud script has run
  expect(await page.getByRole("button", { name: "Listen" }).count()).toBe(0);

  // The browser lists its voices late (voiceschanged): one on the device, for English.
  await setVoices(page, [REMOTE_VOICE, { lang: "en-GB", localService: true, name: "Local English" }]);
  const sleep = page.getByRole("group", { name: "How did you sleep last night?" });
  const listen = sleep.getByRole("button", { name: "Listen" });
  await listen.first().waitFor();
  // The prompt and each face without a recording; the recorded question still has none.
  const faces = await sleep.getByRole("radio").count();
  expect(await listen.count()).toBe(faces + 1);
  expect(await page.getByRole("group", { name: "How do you feel today?" }).getByRole("button").count()).toBe(0);
  // Named by what it reads.
  expect(await listen.first().getAttribute("aria-describedby")).toBe(await sleep.locator("legend").getAttribute("id"));

  // With the keyboard: Enter reads, the button says Stop; Enter again stops. Nothing was read before.
  expect((await speechLog(page)).spoken).toEqual([]);
  await listen.first().focus();
  await page.keyboard.press("Enter");
  await sleep.getByRole("button", { name: "Stop" }).waitFor();
  expect((await speechLog(page)).spoken).toEqual(["How did you sleep last night?"]);
  const cancelled = (await speechLog(page)).cancelled;
  await page.keyboard.press("Enter");
  await sleep.getByRole("button", { name: "Listen" }).first().waitFor();
  expect(await sleep.getByRole("button", { name: "Stop" }).count()).toBe(0);
  expect((await speechLog(page)).cancelled).toBe(cancelled + 1);
});

test("JS on, German: the Listen button speaks German with a German voice on the device, and says Anhören", async () => {
  const context = await studentContext(true, [{ lang: "de-DE", localService: true, name: "Lokal Deutsch" }]);
  const page = await context.newPage();
  await page.goto(`${checkInPath}?lng=de`);
  const listen = page.getByRole("button", { name: "Anhören" });
  await listen.first().waitFor();
  await listen.first().click();
  await page.getByRole("button", { name: "Stopp" }).waitFor();
  expect((await speechLog(page)).spoken).toHaveLength(1);
  // English pages on the same device: no English voice, so no button.
  await page.goto(`${checkInPath}?lng=en`);
  await page.waitForLoadState("load");
  expect(await page.getByRole("button", { name: "Listen" }).count()).toBe(0);
});

/** axe (WCAG 2.2 AA), the 44 px targets and focus not hidden, on the page as it is now. */
async function expectAccessible(page: Page, language: string, found: Record<string, string[]>) {
  const where = `${language} ${new URL(page.url()).pathname}`;
  const problems = [
    ...(await axeWcag22(page)),
    ...(await smallTargets(page)).map((line) => `target under 44 px: ${line}`),
    ...(await obscuredWhenFocused(page)).map((line) => `hidden when focused: ${line}`),
  ];
  if (problems.length > 0) found[where] = problems;
}

test("every student page passes axe's WCAG 2.2 AA rules in all six languages, with 44 px targets and nothing hidden when focused", async () => {
  const found: Record<string, string[]> = {};
  let pages = 0;
  for (const language of LANGUAGE_CODES) {
    // Before joining: the join page, and the wait for the teacher (a name already in the class).
    const outside = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    const joining = await outside.newPage();
    await joining.goto(`/join?code=${CLASS_CODE}&lng=${language}`);
    await expectAccessible(joining, language, found);
    await joining.locator('input[name="firstName"]').fill("Matrix");
    await joining.locator('input[name="lastName"]').fill("Webstudent");
    await joining.locator('form[method="post"] button[type="submit"]').last().click();
    await joining.waitForURL(/\/join\/waiting/);
    expect(await joining.locator("html").getAttribute("lang")).toBe(language);
    await expectAccessible(joining, language, found);
    pages += 2;

    // Signed in, with a voice on the device so the Listen buttons are checked too.
    const context = await studentContext(true, LOCAL_VOICES);
    const page = await context.newPage();
    for (const path of [
      "/student",
      checkInPath,
      `/student/assignments/${drawingAssignmentId}`,
      `/student/assignments/${drawingAssignmentId}/thanks`,
    ]) {
      await page.goto(`${path}?lng=${language}`);
      await page.waitForLoadState("load");
      expect(await page.locator("html").getAttribute("lang"), path).toBe(language);
      await expectAccessible(page, language, found);
      pages += 1;
    }
    await outside.close();
    await context.close();
  }
  expect(found).toEqual({});
  expect(pages).toBe(LANGUAGE_CODES.length * 6);
});

test("JS off: a drawing question answered in words ('Describe it instead'); the teacher's results and CSV show it", async () => {
  const context = await studentContext(false);
  const page = await context.newPage();
  await page.goto(`/student/assignments/${drawingAssignmentId}`);
  expect(await page.getByText("Drawing needs JavaScript").count()).toBe(1);
  const describe = page.getByRole("textbox", { name: "Describe it instead" });
  await describe.fill("A den of blankets under the stairs");
  await page.getByRole("button", { name: /^Send my/ }).click();
  await page.waitForURL(/\/thanks$/);

  const classId = app.fixtures.class5A.id;
  const teacher = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signInContext(teacher, app.baseURL, actors.teacher);
  const results = await teacher.newPage();
  await results.goto(`/class/${classId}/surveys/results/${drawingAssignmentId}`);
  const described = results.getByRole("list", { name: "Described instead" });
  expect(await described.getByText("A den of blankets under the stairs").count()).toBe(1);
  const csv = await teacher.request.get(`${app.baseURL}/class/${classId}/surveys/results/${drawingAssignmentId}/csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("A den of blankets under the stairs");
});
