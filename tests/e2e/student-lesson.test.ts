/**
 * A whole lesson, end to end against the built app, with no e-mail: a
 * teacher starts a survey, opens the class home with its join details and
 * the projector view (whose joined count rises by three);
 * three students in their own browsers (JavaScript off; JavaScript on, who
 * draws; a 375 px phone) join with the class code and answer; the teacher's
 * results show three responses and the drawing; an anonymous survey shows no names anywhere; after
 * Close a student sees that it is closed; a face scale answered with JavaScript off and on; answers
 * that survive the network (offline at Send, a reload while typing, a classmate on the same tablet); the
 * teacher's reminder, JavaScript off, at the top of the child's page. Screenshots for the lead go to the
 * students/ folder of the screens folder (tests/support/screens-dir.ts). The school, teacher and class code are the file's
 * own (tests/support/e2e-world.ts).
 */
import { mkdir } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { OUTBOX_STORAGE_PREFIX, SAVED_ON_DEVICE } from "~/lib/outbox-settings";
import { SENDING_TEXT } from "~/lib/plain-page-behaviour";
import { expectConsoleError, newContext, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { screensDir } from "../support/screens-dir";
import { type AppServer, startAppServer } from "../support/server";

const SCREENS = screensDir("students");
const CODE = CLASS_CODE;
let app: AppServer<Awaited<ReturnType<typeof createE2eWorldWithCode>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorldWithCode });
  await mkdir(SCREENS, { recursive: true }).catch(() => {});
});

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true }).catch(() => {});
}

async function teacherContext(): Promise<BrowserContext> {
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(context, app, app.fixtures.sessions.teacher);
  return context;
}

/** The class of the class code (the file's own, tests/support/e2e-world.ts), and a survey it has not been given yet, assigned and started. */
async function startSurvey(teacher: BrowserContext, title: string, anonymous = false) {
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
    data: { anonymous },
    headers,
  });
  expect(assigned.status()).toBe(201);
  const { assignment } = (await assigned.json()) as { assignment: { id: number } };
  const started = await teacher.request.patch(
    `${app.baseURL}/api/classes/${klass.id}/assignments/${assignment.id}/status`,
    { data: { status: "active" }, headers },
  );
  expect(started.status()).toBe(200);
  return { classId: klass.id, assignmentId: assignment.id };
}

async function closeSurvey(teacher: BrowserContext, classId: number, assignmentId: number) {
  const closed = await teacher.request.patch(
    `${app.baseURL}/api/classes/${classId}/assignments/${assignmentId}/status`,
    {
      data: { status: "completed" },
      headers: { Origin: app.baseURL },
    },
  );
  expect(closed.status()).toBe(200);
}

async function join(page: Page, firstName: string, lastName: string) {
  await page.goto(`/join?code=${CODE}`);
  expect(await page.getByRole("textbox", { name: "Class code" }).inputValue()).toBe(CODE);
  await page.getByRole("textbox", { name: "First name" }).fill(firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(lastName);
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("heading", { name: `Hello, ${firstName}!` }).waitFor();
  expect(await page.getByText("5A Sunflowers").count()).toBeGreaterThan(0);
}

async function openSurvey(page: Page, title: string) {
  const row = page.getByRole("listitem").filter({ hasText: title });
  expect(await row.getByText("To do", { exact: true }).count()).toBe(1);
  await row.getByRole("link", { name: title }).click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
}

/** What the page's HTML loads: module scripts and modulepreloads (the client bundle), and classic scripts. */
async function loadedScripts(page: Page) {
  return page.evaluate(() => ({
    modules: document.querySelectorAll('script[type="module"], link[rel="modulepreload"]').length,
    classic: [...document.querySelectorAll("script[src]:not([type])")].map((script) =>
      new URL((script as HTMLScriptElement).src).pathname.replace(/-[\w-]{8}\.js$/, ".js"),
    ),
  }));
}

/** An answering page's plain scripts: the plain pages', its outbox and the read-aloud script (issue 37). */
const ANSWERING_SCRIPTS = ["/assets/answer-outbox.js", "/assets/listen.js", "/assets/plain-page.js"];

async function expectPlainPage(page: Page, classic = ["/assets/plain-page.js"]) {
  const loaded = await loadedScripts(page);
  expect({ modules: loaded.modules, classic: loaded.classic.sort() }, page.url()).toEqual({
    modules: 0,
    classic: [...classic].sort(),
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => 0);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a whole lesson: three students join and answer, the teacher sees three responses, Close closes", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, "Starting the school year");
  const teacherPage = await teacher.newPage();
  await teacherPage.goto(`/class/${classId}/home`);
  expect(await teacherPage.getByText(CODE).count()).toBeGreaterThan(0);
  // The teacher puts the projector view on the wall: the code, where to join, a QR code, who has joined.
  await teacherPage.goto(`/class/${classId}/projector`);
  expect(await teacherPage.getByTestId("projector-code").innerText()).toBe(CODE);
  expect(await teacherPage.getByTestId("join-address").innerText()).toMatch(/\/join$/);
  expect(await teacherPage.locator("svg title").count()).toBeGreaterThan(0);
  const joinedBefore = Number(await teacherPage.getByTestId("joined-count").locator("strong").innerText());

  // 1. JavaScript off: a failed send keeps the page, then the answers go in.
  const offContext = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const off = await offContext.newPage();
  await join(off, "Nora", "Offline");
  await screenshot(off, "list-1280-js-off");
  await openSurvey(off, "Starting the school year");
  expect(await off.getByText("Drawing needs JavaScript").count()).toBe(1);
  // No tool looks usable without JavaScript: the pad's toolbar stays hidden (issue 36).
  expect(await off.getByRole("toolbar", { name: "Drawing tools" }).count()).toBe(0);
  expect(await off.getByRole("button", { name: "Eraser" }).count()).toBe(0);
  await off.getByRole("button", { name: "Send my answers" }).click();
  await off.getByText("Answer at least one question before submitting.").waitFor();
  await off.getByRole("radio", { name: "2. A bit nervous" }).check();
  await off.getByLabel("1. What are you looking forward to this year?").fill("Science club");
  await off.getByRole("radio", { name: "Art" }).check();
  await screenshot(off, "answer-1280-js-off");
  await off.getByRole("button", { name: "Send my answers" }).click();
  await off.getByRole("heading", { name: "Thank you!" }).waitFor();
  await screenshot(off, "thanks-1280-js-off");

  // 2. JavaScript on.
  const onContext = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const on = await onContext.newPage();
  await join(on, "Omar", "Online");
  await openSurvey(on, "Starting the school year");
  await on.getByRole("radio", { name: "1. Excited" }).check();
  await on.getByLabel("1. What are you looking forward to this year?").fill("Football");
  // With JavaScript the drawing pad is there: pick red and a big brush, and draw.
  const canvas = on.getByRole("img", { name: /^Drawing area/ });
  await canvas.waitFor();
  await on.getByRole("button", { name: "Red" }).click();
  await on.getByRole("button", { name: "Brush size 15" }).click();
  const box = (await canvas.boundingBox())!;
  await on.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await on.mouse.down();
  await on.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.7, { steps: 8 });
  await on.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3, { steps: 8 });
  await on.mouse.up();
  await screenshot(on, "drawing-1280");
  await on.getByRole("button", { name: "Send my answers" }).click();
  await on.getByRole("heading", { name: "Thank you!" }).waitFor();
  // While it is open the answers can be changed: the form comes back filled in.
  await on.getByRole("link", { name: "Change your answers" }).click();
  const text = on.getByLabel("1. What are you looking forward to this year?");
  await text.waitFor();
  expect(await text.inputValue()).toBe("Football");
  expect(await on.getByRole("radio", { name: "1. Excited" }).isChecked()).toBe(true);
  await text.fill("Football and art");
  await on.getByRole("button", { name: "Send my new answers" }).click();
  await on.getByRole("heading", { name: "Thank you!" }).waitFor();

  // A shared device: Back after sign-out must not show a student page from a cache.
  const cached = await onContext.request.get(`${app.baseURL}/student`);
  expect(cached.headers()["cache-control"]).toBe("private, no-store");

  // 3. A 375 px phone.
  const phoneContext = await newContext({
    javaScriptEnabled: true,
    baseURL: app.baseURL,
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`/join?code=${CODE}`);
  await screenshot(phone, "join-375");
  await join(phone, "Pia", "Phone");
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, "list-375");
  await openSurvey(phone, "Starting the school year");
  await expectNoSidewaysScroll(phone);
  await phone.getByRole("radio", { name: "3. Both" }).check();
  await screenshot(phone, "answer-375");
  await phone.getByRole("button", { name: "Send my answers" }).click();
  await phone.getByRole("heading", { name: "Thank you!" }).waitFor();
  await screenshot(phone, "thanks-375");

  // The projector view counts the three who joined (a reload brings it up to date).
  await teacherPage.goto(`/class/${classId}/projector`);
  expect(Number(await teacherPage.getByTestId("joined-count").locator("strong").innerText())).toBe(joinedBefore + 3);

  // The teacher's results: three responses, and the students' names.
  await teacherPage.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  const results = await teacherPage.locator("main").innerText();
  expect(results).toContain("3 responses");
  for (const name of ["Nora Offline", "Omar Online", "Pia Phone"]) expect(results).toContain(name);
  // The drawing, as the PNG the results screen shows.
  const drawings = teacherPage.locator('img[src*="/drawings/"]');
  expect(await drawings.count()).toBe(1);
  const image = await teacher.request.get(new URL((await drawings.getAttribute("src"))!, app.baseURL).toString());
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  await screenshot(teacherPage, "teacher-results-1280");

  // Close: the student sees that it is closed, and the list no longer offers it.
  await closeSurvey(teacher, classId, assignmentId);
  await on.goto(`/student/assignments/${assignmentId}`);
  await on.getByText("This survey is closed. It does not take answers any more.").waitFor();
  await screenshot(on, "closed-1280");
  await on.goto("/student");
  expect(await on.getByRole("link", { name: "Starting the school year" }).count()).toBe(0);

  // Not you? Sign out: the device is free for the next student.
  await off.goto("/student");
  await off.getByRole("button", { name: "Sign out" }).click();
  await off.getByRole("heading", { name: "Join your class" }).waitFor();
  await off.goto("/student");
  await off.getByRole("heading", { name: "Join your class" }).waitFor();
});

test("an anonymous survey tells the student first, and the teacher's results show no names", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, "Wellbeing check-in", true);
  const context = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const page = await context.newPage();
  await join(page, "Quinn", "Quietname");
  await openSurvey(page, "Wellbeing check-in");
  await page.getByText("Your teacher will not see your name with these answers.").waitFor();
  // The empty option is skipped and the numbering follows what is shown, as in the preview.
  const mood = page.getByRole("group", { name: "How do you feel at school this week?" });
  expect(await mood.getByRole("radio").count()).toBe(4);
  await page.getByRole("radio", { name: "3. Okay" }).check();
  await screenshot(page, "anonymous-1280");
  await page.getByRole("button", { name: "Send my answers" }).click();
  await page.getByRole("heading", { name: "Thank you!" }).waitFor();

  const teacherPage = await teacher.newPage();
  await teacherPage.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  expect(await teacherPage.content()).not.toContain("Quietname");
  const csv = await teacher.request.get(`${app.baseURL}/class/${classId}/surveys/results/${assignmentId}/csv`);
  expect(await csv.text()).not.toContain("Quietname");
});

/** The face scale's tile (the label holding the radio) is the target: at least 44 × 44 px, and all of it picks the face. */
async function expectFaceTarget(page: Page, name: string) {
  const radio = page.getByRole("radio", { name, exact: true });
  const tile = page.locator("label.student-face").filter({ has: radio });
  const box = (await tile.boundingBox())!;
  expect(box.width, name).toBeGreaterThanOrEqual(44);
  expect(box.height, name).toBeGreaterThanOrEqual(44);
  await tile.locator("svg").click();
  expect(await radio.isChecked(), name).toBe(true);
}

test("a face scale: radios named 'Happy, 3 of 3', 44 px targets and a visible focus, JavaScript off and on; the teacher sees faces and counts, the CSV the labels", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, "My daily check-in");
  const students = [
    { javaScriptEnabled: false, firstName: "Fay", lastName: "Faceless" },
    { javaScriptEnabled: true, firstName: "Finn", lastName: "Facewise" },
  ];
  for (const { javaScriptEnabled, firstName, lastName } of students) {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    const page = await context.newPage();
    await join(page, firstName, lastName);
    await openSurvey(page, "My daily check-in");
    const scales = {
      "How do you feel today?": ["Sad, 1 of 3", "Okay, 2 of 3", "Happy, 3 of 3"],
      "How did you sleep last night?": [
        "Very badly, 1 of 5",
        "Badly, 2 of 5",
        "Okay, 3 of 5",
        "Well, 4 of 5",
        "Very well, 5 of 5",
      ],
      "Did you have someone to play with yesterday?": ["No, 1 of 2", "Yes, 2 of 2"],
    };
    for (const [prompt, names] of Object.entries(scales)) {
      const group = page.getByRole("group", { name: prompt });
      const radios = group.getByRole("radio");
      expect(await radios.count(), prompt).toBe(names.length);
      for (const name of names) expect(await group.getByRole("radio", { name, exact: true }).count(), name).toBe(1);
      // Drawn inline: no image is loaded for a face, and the drawing says nothing to a screen reader.
      expect(await group.locator('svg[aria-hidden="true"]').count()).toBe(names.length);
    }
    expect(await page.locator("main img").count()).toBe(0);
    for (const name of ["Sad, 1 of 3", "Very well, 5 of 5", "No, 1 of 2"]) await expectFaceTarget(page, name);
    // The arrow keys move along the scale, and the focused face shows a ring.
    await page.getByRole("radio", { name: "Sad, 1 of 3" }).focus();
    await page.keyboard.press("ArrowRight");
    const okay = page.getByRole("radio", { name: "Okay, 2 of 3" });
    expect(await okay.isChecked()).toBe(true);
    const ring = await page
      .locator("label.student-face")
      .filter({ has: okay })
      .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(ring).toBe("solid");
    if (!javaScriptEnabled) {
      await page.getByRole("radio", { name: "Happy, 3 of 3" }).check();
      await page.getByRole("radio", { name: "Well, 4 of 5" }).check();
    } else {
      await page.getByRole("radio", { name: "Yes, 2 of 2" }).check();
    }
    await screenshot(page, `faces-1280-js-${javaScriptEnabled ? "on" : "off"}`);
    await page.getByRole("button", { name: "Send my answers" }).click();
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    await context.close();
  }

  // The results: each face drawn beside its label, with its count.
  const teacherPage = await teacher.newPage();
  await teacherPage.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  const feel = teacherPage.getByRole("list", { name: "How do you feel today?" });
  const rows = feel.getByRole("listitem");
  expect(await rows.count()).toBe(3);
  const seen = await rows.evaluateAll((items) =>
    items.map((item) => `${item.querySelector("svg")?.getAttribute("data-face")} ${item.textContent}`),
  );
  expect(seen).toEqual(["sad Sad0 (0%)", "okay Okay1 (50%)", "happy Happy1 (50%)"]);
  await screenshot(teacherPage, "faces-results-1280");
  // The CSV: each face's label.
  const csv = (
    await (await teacher.request.get(`${app.baseURL}/class/${classId}/surveys/results/${assignmentId}/csv`)).text()
  )
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  expect(csv[0]).toContain(
    "How do you feel today?,How did you sleep last night?,Did you have someone to play with yesterday?",
  );
  expect(csv.find((line) => line.startsWith("Fay,Faceless,"))).toMatch(/,Happy,Well,No,/);
  expect(csv.find((line) => line.startsWith("Finn,Facewise,"))).toMatch(/,Okay,Very well,Yes,/);

  // The teacher's preview shows the faces too, as disabled buttons.
  await teacherPage.goto("/survey");
  await teacherPage.getByRole("link", { name: "My daily check-in" }).click();
  await teacherPage.getByRole("button", { name: "Happy, 3 of 3" }).waitFor();
  expect(await teacherPage.locator('.survey-faces svg[data-face="very-happy"]').count()).toBe(1);
});

/** What the answering page's outbox keeps in this tab's storage (issue #37). */
function outboxKeys(page: Page) {
  return page.evaluate(
    (prefix) => Object.keys(localStorage).filter((name) => name.startsWith(prefix)),
    OUTBOX_STORAGE_PREFIX,
  );
}

test("no answer lost to the network (issue #37): a reload keeps what was typed; offline at Send it waits on the tablet and goes once when the internet is back; a classmate on the same tablet finds nothing", async () => {
  const teacher = await teacherContext();
  const { classId, assignmentId } = await startSurvey(teacher, "Friendship and kindness");
  const tablet = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const page = await tablet.newPage();
  // The sends that find no network say so in the console; that is what this test is about.
  expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await join(page, "Otto", "Outbox");
  await openSurvey(page, "Friendship and kindness");
  await expectPlainPage(page, ANSWERING_SCRIPTS);

  // Half-way through typing, the page is reloaded: what was typed is still there.
  const kind = page.getByRole("textbox", { name: /Describe something kind/ });
  await kind.fill("Mia shared her");
  await expect.poll(() => outboxKeys(page)).toHaveLength(1);
  // Kept encrypted: the text is nowhere in the tablet's storage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("Mia shared");
  await page.reload();
  await expect.poll(() => kind.inputValue()).toBe("Mia shared her");
  await kind.fill("Mia shared her crayons with me");

  // Offline at Send: the answers stay on the tablet and the page says so (a live region).
  await tablet.setOffline(true);
  await page.getByRole("button", { name: "Send my answers" }).click();
  const saved = page.getByRole("status").filter({ hasText: SAVED_ON_DEVICE });
  await saved.waitFor();
  expect(page.url()).toMatch(new RegExp(`/student/assignments/${assignmentId}$`));
  await screenshot(page, "answer-saved-on-tablet-1280");
  // The internet is back: the answers go by themselves, once.
  await tablet.setOffline(false);
  await page.getByRole("heading", { name: "Thank you!" }).waitFor();
  expect(await outboxKeys(page)).toEqual([]);
  const teacherPage = await teacher.newPage();
  await teacherPage.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  const results = await teacherPage.locator("main").innerText();
  expect(results).toContain("1 response");
  expect(results.split("Mia shared her crayons with me")).toHaveLength(2);

  // Otto starts changing his answer, then leaves the tablet with the change waiting on it: his page stays open
  // in its tab, and the school's connection lets everything through but his answers (so his page keeps them).
  // (A page closed or left instead lives on for a moment in Chromium and may send them when the emulated
  // network comes back: his own answers, but not what this test is about.)
  const answersPath = `/student/assignments/${assignmentId}`;
  await page.goto(answersPath);
  await kind.fill("Otto's unsent secret");
  await tablet.setOffline(true);
  await page.getByRole("button", { name: "Send my new answers" }).click();
  await saved.waitFor();
  const blocked = (url: URL) => url.pathname === answersPath;
  await tablet.route(blocked, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await tablet.setOffline(false);

  // "Not you? Sign out" in another tab, and a classmate signs in on the same tablet: nothing of Otto's is
  // there, and what his open page kept is gone, so it can never be sent.
  const next = await tablet.newPage();
  await next.goto("/student");
  await next.getByRole("button", { name: "Sign out" }).click();
  await next.getByRole("heading", { name: "Join your class" }).waitFor();
  expect(await outboxKeys(next)).toEqual([]);
  await join(next, "Clara", "Classmate");
  await openSurvey(next, "Friendship and kindness");
  expect(await next.getByRole("textbox", { name: /Describe something kind/ }).inputValue()).toBe("");
  expect(await next.locator("p.student-outbox").innerText()).toBe("");
  expect(await outboxKeys(page)).toEqual([]);
  await tablet.unroute(blocked);
  await teacherPage.reload();
  const after = await teacherPage.locator("main").innerText();
  expect(after).toContain("1 response");
  expect(after).not.toContain("Otto's unsent secret");
  expect(errors).toEqual([]);
});

test("typed before the page's script ran, the draft is kept; a session that ends without signing out: the next child's page wipes what the last one left (issue #37)", async () => {
  const tablet = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const page = await tablet.newPage();
  await join(page, "Ida", "Idle");
  // Her page's script is slow to come (a busy network): she types before it runs, and what she typed is kept.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const outboxScript = (url: URL) => /\/assets\/answer-outbox-[\w-]+\.js$/.test(url.pathname);
  await tablet.route(outboxScript, async (route) => {
    await held;
    await route.continue();
  });
  await openSurvey(page, "Friendship and kindness");
  await page.getByRole("textbox", { name: /Describe something kind/ }).fill("Ida's draft");
  expect(await outboxKeys(page)).toEqual([]);
  release();
  await expect.poll(() => outboxKeys(page)).toHaveLength(1);
  await tablet.unroute(outboxScript);
  await page.reload();
  await expect
    .poll(() => page.getByRole("textbox", { name: /Describe something kind/ }).inputValue())
    .toBe("Ida's draft");
  const [idas] = await outboxKeys(page);
  // The session ends (the cookie goes, as at a school day's end); the next child joins.
  await tablet.clearCookies();
  await join(page, "Jon", "Next");
  await openSurvey(page, "Friendship and kindness");
  await expect.poll(() => outboxKeys(page)).not.toContain(idas);
  expect(await page.getByRole("textbox", { name: /Describe something kind/ }).inputValue()).toBe("");
});

test("a signed-in teacher opening /join is told what to do, not made a student", async () => {
  const teacher = await teacherContext();
  const page = await teacher.newPage();
  await page.goto(`/join?code=${CODE}`);
  await page.getByText("You are signed in with a staff account").waitFor();
  expect(await page.getByRole("textbox", { name: "First name" }).count()).toBe(0);
  await page.goto("/student");
  await page.getByText("You are signed in with a staff account").waitFor();
});

test("with JavaScript the student pages load no client bundle, and the plain script keeps the pending state and the heartbeat (ADR 170)", async () => {
  const teacher = await teacherContext();
  const { assignmentId } = await startSurvey(teacher, "Reading habits");
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  // Join, with the send held back: the button says it is sending, and a second tap sends nothing more.
  await page.goto(`/join?code=${CODE}`);
  await expectPlainPage(page);
  await page.getByRole("textbox", { name: "First name" }).fill("Lena");
  await page.getByRole("textbox", { name: "Last name" }).fill("Light");
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let joinPosts = 0;
  const isJoin = (url: URL) => url.pathname === "/join";
  await page.route(isJoin, async (route) => {
    if (route.request().method() === "POST") {
      joinPosts += 1;
      await held;
    }
    await route.continue();
  });
  // While the POST is on its way Playwright waits for the navigation before it reads the page, so the
  // page reports what a submit finds (after the plain script's own listener), and taps a second time.
  const seen: string[] = [];
  page.on("console", (message) => seen.push(message.text()));
  await page.evaluate(() => {
    document.addEventListener("submit", (event) => {
      const form = event.target as HTMLFormElement;
      const button = form.querySelector("button") as HTMLButtonElement;
      console.log(
        `${event.defaultPrevented ? "held back" : "sent"}: ${button.textContent} aria-disabled=${button.getAttribute("aria-disabled")}`,
      );
      if (!event.defaultPrevented) setTimeout(() => button.click(), 0);
    });
  });
  await page.getByRole("button", { name: "Join" }).click({ noWaitAfter: true });
  await expect.poll(() => seen.length).toBe(2);
  expect(seen).toEqual([`sent: ${SENDING_TEXT} aria-disabled=true`, `held back: ${SENDING_TEXT} aria-disabled=true`]);
  release();
  await page.getByRole("heading", { name: "Hello, Lena!" }).waitFor();
  expect(joinPosts).toBe(1);
  await page.unroute(isJoin);

  // The list keeps the student "online now": the heartbeat goes when the page is shown again.
  await expectPlainPage(page);
  const beat = page.waitForResponse(
    (response) => response.url().endsWith("/student/heartbeat") && response.request().method() === "POST",
  );
  await page.waitForLoadState("load"); // the deferred script has run
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  expect((await beat).status()).toBe(204);

  // A survey without a drawing question: a plain page; its content (markdown, image) is the server's.
  await openSurvey(page, "Reading habits");
  await expectPlainPage(page, ANSWERING_SCRIPTS);
  expect(await page.getByRole("img", { name: "Shelves of colourful books in the school library" }).count()).toBe(1);
  await page.getByRole("radio", { name: "1. Every day" }).check();
  await page.getByRole("button", { name: "Send my answers" }).click();
  await page.getByRole("heading", { name: "Thank you!" }).waitFor();
  await expectPlainPage(page);
  expect(page.url()).toMatch(new RegExp(`/student/assignments/${assignmentId}/thanks$`));

  // A survey with a drawing question adds the drawing pad's plain script, and the pad replaces the note (ADR 171).
  await page.goto("/student");
  await openSurvey(page, "Drawing: my safe place");
  await expectPlainPage(page, ["/assets/drawing-pad.js", ...ANSWERING_SCRIPTS]);
  await page.getByRole("img", { name: /^Drawing area/ }).waitFor();
  expect(await page.getByText("Drawing needs JavaScript").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Black" }).getAttribute("aria-pressed")).toBe("true");
  expect(await page.getByRole("button", { name: "Brush size 8" }).getAttribute("aria-pressed")).toBe("true");
  expect(await page.getByRole("button", { name: "Undo" }).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
});

/** A new last name for each attempt: a retried join must not meet the first attempt's (now claimed) student. */
const clientLastNames = ["Client", "Clover", "Cliffe", "Clarke"];
let clientAttempt = 0;

test("a client-side navigation from a hydrated page into the student pages renders them with React, and they work (ADR 170)", async () => {
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  const page = await context.newPage();
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  // A hydrated public page (the sign-in pages are plain pages since issue 34).
  await page.goto("/bench/reference");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate("/join?code=SUNNY-4821"),
  );
  await page.getByRole("heading", { name: "Join your class" }).waitFor();
  await page.getByRole("textbox", { name: "First name" }).fill("Carl");
  await page
    .getByRole("textbox", { name: "Last name" })
    .fill(clientLastNames[clientAttempt++ % clientLastNames.length]);
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("heading", { name: "Hello, Carl!" }).waitFor();
  // The drawing pad comes as a chunk, the heartbeat from React's component.
  await openSurvey(page, "Drawing: my safe place");
  await page.getByRole("img", { name: /^Drawing area/ }).waitFor();
  // The no-JavaScript note goes once the pad's chunk has run (on a busy machine a moment after the area shows).
  await page.getByText("Drawing needs JavaScript").waitFor({ state: "detached", timeout: 10_000 });
  const beat = page.waitForRequest(
    (request) => request.url().endsWith("/student/heartbeat") && request.method() === "POST",
  );
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await beat;
  expect(documents).toEqual(["GET /bench/reference"]);
});

test("JavaScript off (issue 38): 'Remind' on a named survey's results; the child who has not answered sees it at the top of their page", async () => {
  const teacher = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(teacher, app, app.fixtures.sessions.teacher);
  const { classId, assignmentId } = await startSurvey(teacher, "Screen time and sleep");
  const childContext = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const child = await childContext.newPage();
  await join(child, "Rosa", "Reminded");
  expect(await child.getByTestId("student-reminder").count()).toBe(0);

  const page = await teacher.newPage();
  await page.goto(`/class/${classId}/surveys/results/${assignmentId}`);
  expect(await page.getByTestId("last-reminder").count()).toBe(0);
  const remind = page.getByRole("button", { name: /^Remind \d+ students?$/ });
  const notAnswered = Number((await remind.textContent())!.match(/\d+/)![0]);
  expect(notAnswered).toBeGreaterThan(0);
  await remind.click();
  await page.getByText(`${notAnswered} students will see a reminder.`).first().waitFor();
  expect(await page.getByTestId("last-reminder").textContent()).toMatch(
    new RegExp(`^Last reminder: .+, to ${notAnswered} students\\.$`),
  );

  // The child's page, the next time they open it.
  await child.goto("/student");
  const reminders = child.getByRole("list", { name: "Reminders from your teacher" });
  expect(await reminders.getByRole("listitem").allTextContents()).toEqual([
    "Your teacher is waiting for your answers to Screen time and sleep.",
  ]);
  await reminders.getByRole("link", { name: "Screen time and sleep" }).click();
  await child.getByRole("heading", { level: 1, name: "Screen time and sleep" }).waitFor();
});
