/**
 * The student pages in the student's language (issue #28, ADR 216), in
 * Chromium against the built app: a student on a 375 px phone with
 * JavaScript off chooses Arabic on /join (a plain GET form); every page of the
 * lesson (join, the list, answering, thank you) is then `dir="rtl"`, in
 * Arabic, without sideways scrolling and without any script but the plain
 * student script; no English text of the catalogues is left in them (survey
 * content and names aside). A German browser gets German, and the survey's
 * German version (ADR 217); the teacher's results count the Arabic, German and
 * English answers together, by question. Screenshots of the answering page go
 * to answer-{ar,de}-{375,1280}.png in the screens folder (tests/support/screens-dir.ts).
 */
import { mkdir } from "node:fs/promises";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { newContext, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { catalogueKeys } from "../support/english-left";
import { screensDir } from "../support/screens-dir";
import { type AppServer, startAppServer } from "../support/server";

const SCREENS = screensDir();
const SURVEY = "Starting the school year";
/** The answering page of a survey with a drawing question: the pad, the outbox and the read-aloud script (issue #37) beside the plain script. */
const WITH_DRAWING_PAD = [
  "/assets/answer-outbox.js",
  "/assets/drawing-pad.js",
  "/assets/listen.js",
  "/assets/plain-page.js",
];
let app: AppServer<Awaited<ReturnType<typeof createE2eWorldWithCode>>>;
let started: {
  classId: number;
  assignmentId: number;
  climate?: { classId: number; assignmentId: number; surveyId: number };
};

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorldWithCode });
  await mkdir(SCREENS, { recursive: true }).catch(() => {});
  const teacher = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(teacher, app, app.fixtures.sessions.teacher);
  started = await startSurvey(teacher, SURVEY);
  await teacher.close();
});

async function startSurvey(teacher: BrowserContext, title: string) {
  const headers = { Origin: app.baseURL };
  const { classes } = (await (await teacher.request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  const klass = classes.find((c) => c.name === "5A Sunflowers")!;
  const { surveys } = (await (
    await teacher.request.get(`${app.baseURL}/api/classes/${klass.id}/surveys/assignable`)
  ).json()) as { surveys: { id: number; title: string }[] };
  const survey = surveys.find((s) => s.title === title)!;
  const assigned = await teacher.request.post(`${app.baseURL}/api/classes/${klass.id}/surveys/${survey.id}/assign`, {
    data: { anonymous: false },
    headers,
  });
  expect(assigned.status()).toBe(201);
  const { assignment } = (await assigned.json()) as { assignment: { id: number } };
  const started = await teacher.request.patch(
    `${app.baseURL}/api/classes/${klass.id}/assignments/${assignment.id}/status`,
    { data: { status: "active" }, headers },
  );
  expect(started.status()).toBe(200);
  return { classId: klass.id, assignmentId: assignment.id, surveyId: survey.id };
}

/** The English texts of the student pages' catalogues with three words or more and no arguments. */
const ENGLISH = ["student", "common"].flatMap((namespace) =>
  catalogueKeys(namespace).filter((key) => !key.includes("{") && key.trim().split(/\s+/).length >= 3),
);

/** What the page shows and says (visible text, labels, titles), without the survey's own content. */
async function pageTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const content of copy.querySelectorAll("script, style, .student-question, .student-choice, .student-legend"))
      content.remove();
    const attributes = [...copy.querySelectorAll("[aria-label], [title], [placeholder]")].map((element) =>
      ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? "").join(" "),
    );
    return [copy.textContent ?? "", ...attributes].join("\n");
  });
}

async function expectTranslated(page: Page, language: string, dir: string) {
  const html = page.locator("html");
  expect(await html.getAttribute("lang"), page.url()).toBe(language);
  expect(await html.getAttribute("dir"), page.url()).toBe(dir);
  const texts = await pageTexts(page);
  expect(
    ENGLISH.filter((english) => texts.includes(english)),
    page.url(),
  ).toEqual([]);
}

/** No client bundle: only the plain student script (and the drawing pad's on a survey with a drawing question, ADR 171). */
async function expectPlainAndNarrow(page: Page, classic = ["/assets/plain-page.js"]) {
  const scripts = await page.evaluate(() => ({
    modules: document.querySelectorAll('script[type="module"], link[rel="modulepreload"]').length,
    classic: [...document.querySelectorAll("script[src]")].map((script) =>
      new URL((script as HTMLScriptElement).src).pathname.replace(/-[\w-]{8}\.js$/, ".js"),
    ),
  }));
  expect({ modules: scripts.modules, classic: scripts.classic.sort() }, page.url()).toEqual({ modules: 0, classic });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

test("a student chooses Arabic on /join with JavaScript off: the whole lesson is right to left, in Arabic, at 375 px", async () => {
  const context = await newContext({
    javaScriptEnabled: false,
    baseURL: app.baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`/join?code=${CLASS_CODE}`);
  expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
  await page.getByLabel("Language").selectOption("ar");
  await page.getByRole("button", { name: "Change" }).click();
  await page.getByRole("heading", { level: 1, name: "انضمّ إلى صفك" }).waitFor();
  // The class code from the link is kept through the language change.
  expect(await page.getByRole("textbox", { name: "رمز الصف" }).inputValue()).toBe(CLASS_CODE);
  await expectTranslated(page, "ar", "rtl");
  await expectPlainAndNarrow(page);

  await page.getByRole("textbox", { name: "الاسم الأول" }).fill("Layla");
  await page.getByRole("textbox", { name: "اسم العائلة" }).fill("Rtl");
  await page.getByRole("button", { name: "انضمّ", exact: true }).click();
  // the Latin name is isolated in the Arabic sentence (U+2068 … U+2069)
  await page.getByRole("heading", { name: "مرحبًا يا \u2068Layla\u2069!" }).waitFor();
  await expectTranslated(page, "ar", "rtl");
  await expectPlainAndNarrow(page);
  // The list shows the survey's title in the child's language, as the answering page does.
  const row = page.getByRole("listitem").filter({ hasText: "بداية العام الدراسي" });
  expect(await row.getByText("لم يُنجز بعد").count()).toBe(1);

  await row.getByRole("link", { name: "بداية العام الدراسي" }).click();
  // The survey's Arabic version (content/languages/ar/).
  await page.getByRole("heading", { level: 1, name: "بداية العام الدراسي" }).waitFor();
  await expectTranslated(page, "ar", "rtl");
  await expectPlainAndNarrow(page, WITH_DRAWING_PAD);
  // A refused send comes back in Arabic too.
  await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
  await page.getByText("أجب عن سؤال واحد على الأقل قبل الإرسال.").waitFor();
  await expectPlainAndNarrow(page, WITH_DRAWING_PAD);
  await page.getByRole("radio", { name: "2. متوتر قليلًا" }).check();
  await page.getByRole("radio", { name: "الفنون" }).check();
  await page.screenshot({ path: `${SCREENS}/answer-ar-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/answer-ar-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
  await page.getByRole("heading", { name: "شكرًا لك!" }).waitFor();
  await expectTranslated(page, "ar", "rtl");
  await expectPlainAndNarrow(page);
  await context.close();
});

test("a German browser gets the student pages in German", async () => {
  const context = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto(`/join?code=${CLASS_CODE}`);
  await page.getByRole("heading", { level: 1, name: "Tritt deiner Klasse bei" }).waitFor();
  await expectTranslated(page, "de", "ltr");
  await page.getByRole("textbox", { name: "Vorname" }).fill("Greta");
  await page.getByRole("textbox", { name: "Nachname" }).fill("Deutsch");
  await page.getByRole("button", { name: "Beitreten" }).click();
  await page.getByRole("heading", { name: "Hallo, Greta!" }).waitFor();
  await page.getByRole("link", { name: "Der Start ins Schuljahr" }).click();
  await page.getByRole("heading", { level: 1, name: "Der Start ins Schuljahr" }).waitFor();
  await expectTranslated(page, "de", "ltr");
  await page.getByRole("radio", { name: "1. Ich freue mich" }).check();
  await page.getByRole("radio", { name: "Kunst" }).check();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SCREENS}/answer-de-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/answer-de-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Meine Antworten senden" }).click();
  await page.getByRole("heading", { name: "Danke!" }).waitFor();
  await expectTranslated(page, "de", "ltr");
  await context.close();
});

test("the teacher's results count the answers given in Arabic and German with the English ones, by question", async () => {
  const context = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const page = await context.newPage();
  await page.goto(`/join?code=${CLASS_CODE}`);
  await page.getByRole("textbox", { name: "First name" }).fill("Emma");
  await page.getByRole("textbox", { name: "Last name" }).fill("English");
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByRole("link", { name: SURVEY }).click();
  await page.getByRole("heading", { level: 1, name: SURVEY }).waitFor();
  await page.getByRole("radio", { name: "2. A bit nervous" }).check();
  await page.getByRole("radio", { name: "Art" }).check();
  await page.getByRole("button", { name: "Send my answers" }).click();
  await page.getByRole("heading", { name: "Thank you!" }).waitFor();
  await context.close();

  const teacher = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(teacher, app, app.fixtures.sessions.teacher);
  const { classId, assignmentId } = started;
  const results = await teacher.newPage();
  await results.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  expect(await results.locator("main").innerText()).toContain("3 responses");
  // Every answer is stored in the survey's own terms: the chosen subject is "Art" in all three.
  const csv = await (
    await teacher.request.get(`${app.baseURL}/class/${classId}/surveys/results/${assignmentId}/csv`)
  ).text();
  const rows = csv.trim().split(/\r?\n/).slice(1);
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row).toContain("Art");
  expect(csv).not.toContain("Kunst");
  expect(csv).not.toContain("الفنون");
  await teacher.close();
});

/** The element's computed direction and bidi isolation, as the browser lays it out. */
async function bidiOf(locator: Locator): Promise<{ direction: string; unicodeBidi: string }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { direction: style.direction, unicodeBidi: style.unicodeBidi };
  });
}

const ISOLATED_LTR = { direction: "ltr", unicodeBidi: "isolate" };

test.each([false, true])(
  "English survey texts, names and class names keep their own direction on Arabic pages (JavaScript %s)",
  async (javaScriptEnabled) => {
    const mode = javaScriptEnabled ? "js" : "nojs";
    // Names far apart: two runs must not meet "Are you …?" (a name one or two letters from a listed one, issue 36).
    const surname = javaScriptEnabled ? "Scripted" : "Plainpage";
    const teacher = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    await signIn(teacher, app, app.fixtures.sessions.teacher);
    // "Friendship and kindness" has no Arabic version: an Arabic page shows its English texts.
    started.climate ??= await startSurvey(teacher, "Friendship and kindness");
    const climate = started.climate;

    const context = await newContext({
      javaScriptEnabled,
      baseURL: app.baseURL,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`/join?code=${CLASS_CODE}&lng=ar`);
    await page.getByRole("textbox", { name: "الاسم الأول" }).fill("Willow");
    await page.getByRole("textbox", { name: "اسم العائلة" }).fill(`Four ${surname}`);
    await page.getByRole("button", { name: "انضمّ", exact: true }).click();
    await page.getByRole("heading", { name: "مرحبًا يا \u2068Willow\u2069!" }).waitFor();
    expect(await bidiOf(page.locator(".student-bar-who bdi").first())).toEqual(ISOLATED_LTR);
    expect(await bidiOf(page.locator(".student-bar-who bdi").last())).toEqual(ISOLATED_LTR);
    const title = page.getByRole("link", { name: "Friendship and kindness" });
    expect(await bidiOf(title)).toEqual(ISOLATED_LTR);

    await title.click();
    await page.getByRole("heading", { level: 1, name: "Friendship and kindness" }).waitFor();
    const prompt = page.locator(".student-legend", { hasText: "Do you have someone to play with at break time?" });
    expect(await bidiOf(prompt)).toEqual(ISOLATED_LTR);
    // The option's number reads with its text: "1. Every day", not "Every day .1".
    const option = page.locator(".student-choice > span", { hasText: "Every day" }).first();
    expect(await option.textContent()).toBe("1. Every day");
    expect(await bidiOf(option)).toEqual(ISOLATED_LTR);
    await page.screenshot({ path: `${SCREENS}/bidi-answer-ar-375-${mode}.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENS}/bidi-answer-ar-1280-${mode}.png`, fullPage: true });
    await context.close();

    // The teacher's pages in Arabic: the class's English name, the survey's English preview.
    const staff = await teacher.newPage();
    await staff.setViewportSize({ width: 375, height: 740 });
    await staff.goto(`/class/${climate.classId}/home?lng=ar`);
    expect(await staff.locator("html").getAttribute("dir")).toBe("rtl");
    const className = staff.locator("main h1 bdi, main .rt-Heading bdi", { hasText: "5A Sunflowers" }).first();
    expect(await bidiOf(className)).toEqual(ISOLATED_LTR);
    // every class tab in view: they wrap rather than scroll out of sight
    const tabs = staff.getByRole("navigation", { name: "أقسام الفصل" });
    expect(await tabs.locator("ul").evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
    await staff.screenshot({ path: `${SCREENS}/bidi-class-home-ar-375-${mode}.png`, fullPage: true });
    await staff.goto(`/survey/content/${climate.surveyId}?lng=ar`);
    const heading = staff.getByRole("heading", { level: 1, name: "Friendship and kindness" });
    expect(await bidiOf(heading)).toEqual(ISOLATED_LTR);
    const optionButton = staff.locator(".survey-option > span[dir]", { hasText: "Every day" });
    expect(await optionButton.textContent()).toBe("1. Every day");
    expect(await bidiOf(optionButton)).toEqual(ISOLATED_LTR);
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.screenshot({ path: `${SCREENS}/bidi-preview-ar-1280-${mode}.png`, fullPage: true });
    await teacher.close();
  },
);

test.each([false, true])(
  "a child who switches language in the middle of a survey keeps everything typed (JavaScript %s)",
  async (javaScriptEnabled) => {
    const teacher = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    await signIn(teacher, app, app.fixtures.sessions.teacher);
    started.climate ??= await startSurvey(teacher, "Friendship and kindness");
    await teacher.close();
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    const page = await context.newPage();
    await page.goto(`/join?code=${CLASS_CODE}&lng=en`);
    await page.getByRole("textbox", { name: "First name" }).fill("Mid");
    await page
      .getByRole("textbox", { name: "Last name" })
      .fill(`Switch ${javaScriptEnabled ? "Scripted" : "Plainpage"}`);
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.getByRole("link", { name: "Friendship and kindness" }).click();
    await page.getByRole("radio", { name: "2. Most days" }).check();
    const typed = "Sam shared the paints with me when mine ran out.";
    await page.getByRole("textbox", { name: /Describe something kind/ }).fill(typed);
    await page.getByRole("button", { name: "العربية" }).click();
    await page.waitForURL("**?lng=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("button", { name: "أرسل إجاباتي" }).waitFor();
    expect(await page.getByRole("textbox", { name: /Describe something kind/ }).inputValue()).toBe(typed);
    expect(await page.getByRole("radio", { name: "2. Most days" }).isChecked()).toBe(true);
    // nothing was sent: the survey still waits for the answers
    expect(await page.getByText("You already sent your answers").count()).toBe(0);
    await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
    await page.getByRole("heading", { name: "شكرًا لك!" }).waitFor();
    await context.close();
  },
);
