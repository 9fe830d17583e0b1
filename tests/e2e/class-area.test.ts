/**
 * The teacher's class area, end to end, with JavaScript on and off:
 * assign from the library, start, close, read results; generate and stop a
 * code; add and edit a student with two contacts; remove a student; create a class;
 * import a class list from a CSV (preview, then confirm); with JavaScript off, assign with a
 * schedule and in rounds and edit a schedule (issue 38), and a series over time and the school view.
 * JS on works in 5A Sunflowers, JS off in 5B Oak Tree, so the two runs never share rows.
 * The school, classes and teacher are the file's own (tests/support/e2e-world.ts).
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { expectConsoleError, expectNoSidewaysScroll, jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { screensDir } from "../support/screens-dir";
import { addFirstTimeViews, addWellbeingSeries } from "../support/series-world";
import { type AppServer, startAppServer } from "../support/server";

type World = E2eWorld & {
  wellbeing: Awaited<ReturnType<typeof addWellbeingSeries>>;
  firstTime: Awaited<ReturnType<typeof addFirstTimeViews>>;
};
let app: AppServer<World>;

beforeAll(async () => {
  app = await startAppServer({
    fixtures: async (kit) => {
      const world = await createE2eWorld(kit);
      return {
        ...world,
        wellbeing: await addWellbeingSeries(kit.db, world),
        firstTime: await addFirstTimeViews(kit.db, world),
      };
    },
  });
});

async function teacherPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

async function classIdByName(page: Page, name: string): Promise<number> {
  const response = await page.context().request.get(`${app.baseURL}/api/classes/my-classes`);
  const { classes } = (await response.json()) as { classes: { id: number; name: string }[] };
  return classes.find((c) => c.name === name)!.id;
}

/** The flash message, whichever way it is shown (server status region or sonner). */
async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

describe.each(jsModes)("$name", ({ name, javaScriptEnabled }) => {
  const className = javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree";

  test("assign a survey from the library, start it, close it and read its results", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/surveys/library`);
    const firstCard = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: /^Assign/ }) })
      .first();
    const title = (await page.getByRole("heading", { level: 2 }).first().textContent())!.trim();
    await firstCard.getByRole("button", { name: /^Assign/ }).click();
    await expectToast(page, "Survey assigned successfully!");
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/surveys/manage`);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByText("Not started").count()).resolves.toBe(1);
    await row.getByRole("button", { name: /^Start/ }).click();
    await expectToast(page, "Survey started successfully!");
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("button", { name: /^Close/ })
      .click();
    await expectToast(page, "Survey closed successfully!");
    await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("link", { name: /^Results/ })
      .click();
    await page.getByRole("heading", { name: `Results: ${title}` }).waitFor();
    expect(await page.getByTestId("response-rate").textContent()).toBe("0%");
    // The library no longer offers it.
    await page.goto(`/class/${classId}/surveys/library`);
    expect(await page.getByRole("heading", { name: title, exact: true }).count()).toBe(0);
  });

  test("results of a seeded survey show bars with numbers, who responded, and a CSV", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/home`);
    await page
      .getByRole("link", { name: /^See results/ })
      .first()
      .click();
    await page.getByRole("heading", { name: /^Results: / }).waitFor();
    expect(await page.getByRole("heading", { name: /^Responded \(\d+\)$/ }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: /^Not responded \(\d+\)$/ }).count()).toBe(1);
    const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await page.context().request.get(`${app.baseURL}${csvHref}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain("First name,Last name,Submitted at (UTC)");
  });

  test("generate a class code with an expiry, then stop it", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/students/manage`);
    await page.getByLabel("Expires after (hours)").fill("48");
    await page.getByRole("button", { name: /^(Generate|Replace) code$/ }).click();
    const toast = page.getByText(/^New class code [A-Z]{4}-\d{4}-[A-Z]{4} is live\.$/).first();
    await toast.waitFor();
    const code = /[A-Z]{4}-\d{4}-[A-Z]{4}/.exec((await toast.textContent())!)![0];
    await page.getByTestId("class-code").getByText(code).waitFor();
    expect(code).toMatch(/^[A-Z]{4}-\d{4}-[A-Z]{4}$/);
    await page.goto(`/class/${classId}/home`);
    expect((await page.getByTestId("class-code").textContent())!.trim()).toBe(code);
    await page.goto(`/class/${classId}/students/manage`);
    // "Stop code" asks first, and says what happens to the printed cards (JS on and off alike).
    await page.getByRole("link", { name: "Stop code" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Stop class code ${code}?` });
    await confirm.getByText("Printed sign-in cards keep working for the children in the class.").waitFor();
    expect(await page.getByTestId("class-code").count()).toBe(1);
    await confirm.getByRole("button", { name: "Stop code" }).click();
    await expectToast(page, `Class code ${code} stopped. Students can no longer join with it.`);
    expect(await page.getByTestId("class-code").count()).toBe(0);
  });

  test("add a student with two contacts, then edit them", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    const last = `Tester${name.replace(/\W/g, "")}`;
    await page.goto(`/class/${classId}/students/manage`);
    await page.getByRole("link", { name: "Add a student" }).first().click();
    const form = page.locator("form#add-student");
    await form.getByLabel("First name").fill("Robin");
    await form.getByLabel("Last name").fill(last);
    await form.getByLabel("Name", { exact: true }).first().fill("Alex Parent");
    await form.getByLabel("Relationship").first().fill("Father");
    await form.getByLabel("Primary phone").first().fill("07700 900111");
    await form.getByRole("button", { name: "Add another contact" }).click();
    await page.locator("form#add-student").getByText("Contact 2", { exact: true }).waitFor();
    // Without JS the list came back from the server: the first contact's values are kept.
    expect(await page.locator("form#add-student").getByLabel("Name", { exact: true }).first().inputValue()).toBe(
      "Alex Parent",
    );
    await page.locator("form#add-student").getByLabel("Name", { exact: true }).nth(1).fill("Sam Guardian");
    await page.locator("form#add-student").getByLabel("E-mail").nth(1).fill("sam@example.net");
    await page.locator("form#add-student").getByRole("button", { name: "Add student" }).click();
    await expectToast(page, `Robin ${last} added to the class.`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Robin ${last}` }) });
    expect(await card.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Alex Parent", "Sam Guardian"]);
    expect(await card.getByText("No relationship").count()).toBe(1);

    await card.getByRole("link", { name: /^Edit/ }).click();
    const edit = page.locator("form#edit-student");
    await edit.getByLabel("First name").fill("Robyn");
    await edit.getByRole("button", { name: "Remove contact 1" }).click();
    await page.locator("form#edit-student").getByText("Contact 2", { exact: true }).waitFor({ state: "detached" });
    await page.locator("form#edit-student").getByRole("button", { name: "Save student" }).click();
    await expectToast(page, `Robyn ${last} saved.`);
    await page.getByRole("heading", { name: `Robyn ${last}`, level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Sam Guardian"]);
  });

  test("remove a student after confirming", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/students/manage`);
    const firstStudent = page.getByRole("list", { name: "Students" }).getByRole("listitem").first();
    const studentName = (await firstStudent.getByRole("heading", { level: 2 }).textContent())!.trim();
    await firstStudent.getByRole("link", { name: /^Remove/ }).click();
    await page.getByRole("heading", { name: `Remove ${studentName} from the class?` }).waitFor();
    await page.getByRole("button", { name: "Remove student" }).click();
    await expectToast(page, `${studentName} removed from the class.`);
    expect(await page.getByRole("heading", { name: studentName, level: 2 }).count()).toBe(0);
  });

  test("create a class and land on its home", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/create`);
    await page.getByRole("button", { name: "Create class" }).click();
    await page.getByText("Enter a class name").waitFor();
    const newName = `Chess Club ${name}`;
    await page.getByLabel("Class name").fill(newName);
    await page.getByRole("button", { name: "Create class" }).click();
    await page.getByRole("heading", { name: newName, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/class\/\d+\/home$/);
    expect(await page.getByTestId("student-count").textContent()).toBe("0");
  });

  test("another teacher's class redirects to the teacher's own class home", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const own = await classIdByName(page, "5A Sunflowers");
    const colleagues = app.fixtures.class6.id;
    const response = await page.context().request.get(`${app.baseURL}/api/classes/${colleagues}/dashboard`);
    expect(response.status()).toBe(404);
    await page.goto(`/class/${colleagues}/students/manage`);
    expect(new URL(page.url()).pathname).toBe(`/class/${own}/home`);
  });

  test("import a class list: German headers, a BOM and semicolons; a preview at 375 px, then the import", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    const suffix = name.replace(/\W/g, "");
    const csv =
      "\uFEFFVorname;Nachname;Erziehungsberechtigte;E-Mail\r\n" +
      `Jürgen;Import${suffix};Petra Müller;petra@example.org\r\n` +
      `Zoë;Import${suffix};;\r\n` +
      ";OhneVorname;;\r\n";
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/class/${classId}/students/manage`);
    await page.getByRole("link", { name: "Import a class list" }).click();
    await page.getByRole("heading", { name: "Import a class list", level: 1 }).waitFor();
    if (javaScriptEnabled) {
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: "klasse.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    } else {
      await page.getByLabel("Or paste the rows").fill(csv);
    }
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("heading", { name: "New students" }).waitFor();
    const created = page.locator("#import-new li");
    expect(await created.allTextContents()).toEqual([`Jürgen Import${suffix} (Petra Müller)`, `Zoë Import${suffix}`]);
    expect(await page.locator("#import-problems li").allTextContents()).toEqual(["Line 4: Enter a first name"]);
    const kept = await page.locator("#import-missing input[type=checkbox]").count();
    expect(kept).toBeGreaterThan(0);
    // Nothing is saved by the preview, and the preview fits a phone.
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expectToast(page, "Class list imported: 2 new, 0 with new contacts, 0 removed.");
    await page.getByRole("heading", { name: `Zoë Import${suffix}`, level: 2 }).waitFor();
    expect(await page.getByRole("heading", { name: `Jürgen Import${suffix}`, level: 2 }).count()).toBe(1);
  });
});

test("JavaScript off: a series over time and the school view draw each question as a chart beside its table, and print", async () => {
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
  const { class6, wellbeing, riverside } = app.fixtures;
  // From the round's results page to the series over time.
  await page.goto(`/class/${class6.id}/surveys/results/${wellbeing.rounds[0].id}`);
  await page.getByRole("link", { name: "All rounds over time" }).click();
  await page.getByRole("heading", { name: "Over time: How my week was", level: 1 }).waitFor();
  const question = page.locator("section", {
    has: page.getByRole("heading", { name: "This week I had lots of energy." }),
  });
  // One path per option, a segment per shown round; the hidden round is a dashed outline.
  expect(await question.locator("svg.trend-chart path[fill='#0072B2']").getAttribute("d")).toMatch(
    /^M\d+ \d+h\d+V\d+h-\d+z$/,
  );
  expect(await question.locator("svg.trend-chart rect.trend-hidden").count()).toBe(1);
  const table = question.getByRole("table", { name: "This week I had lots of energy." });
  const rows = table.getByRole("row");
  // Round 1: six answers, one or two per face, with the mean and median face; round 2: two, hidden.
  const cells = async (row: number) => rows.nth(row).locator("th, td").allTextContents();
  expect((await cells(1)).slice(1)).toEqual([
    "6",
    "2 (33%)",
    "1 (17%)",
    "1 (17%)",
    "1 (17%)",
    "1 (17%)",
    "2.67",
    "2.5",
  ]);
  expect((await cells(1))[0]).toMatch(/^Round 1 · /);
  expect((await cells(2)).slice(1)).toEqual(["too few answers to show"]);
  await page.emulateMedia({ media: "print" });
  expect(await page.getByRole("link", { name: "Download CSV" }).isVisible()).toBe(false);
  expect(await question.locator("svg.trend-chart").isVisible()).toBe(true);
  await page.emulateMedia({ media: "screen" });

  // The school view: 6 Maple's latest round has two answers, so the class, Year 6 and the school show none.
  await page.goto(`/admin/schools/${riverside.id}/survey/${wellbeing.surveyId}`);
  await page.getByRole("heading", { name: "How my week was across classes", level: 1 }).waitFor();
  expect(
    await page.getByRole("table", { name: "This week I had lots of energy." }).getByRole("row").allTextContents(),
  ).toEqual([expect.stringMatching(/^Responses/), expect.stringMatching(/^6 Maple · .*too few answers to show$/)]);
  await page.getByRole("link", { name: "By year group" }).click();
  await page.getByRole("heading", { name: "By year group", level: 2 }).waitFor();
  const byGroup = page.getByRole("table", { name: "This week I had lots of energy." });
  expect(await byGroup.getByRole("row").allTextContents()).toEqual([
    expect.stringMatching(/^Responses/),
    "Year 6: 0 of 1 classes showntoo few answers to show",
    "School: 0 of 1 classes showntoo few answers to show",
  ]);
});

/** The library's first survey (the JS-off class's), through its "Schedule or repeat" form: its title. */
async function openAssignForm(page: Page, classId: number): Promise<string> {
  await page.goto(`/class/${classId}/surveys/library`);
  const title = (await page.getByRole("heading", { level: 2 }).first().textContent())!.trim();
  await page.getByRole("link", { name: "Schedule or repeat" }).first().click();
  await page.getByRole("heading", { name: `Assign ${title}`, level: 1 }).waitFor();
  return title;
}

test("JavaScript off (issue 38): assign with opening and closing times, edit them on the assignment's schedule page, and assign in rounds every 2 weeks", async () => {
  const page = await teacherPage(false);
  const classId = await classIdByName(page, "5B Oak Tree");

  // A schedule: opens and closes at set times (in the school's time zone).
  const scheduled = await openAssignForm(page, classId);
  await page.getByLabel("Opens at").fill("2030-03-04T09:00");
  await page.getByLabel("Closes at").fill("2030-03-06T15:30");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expectToast(page, "Survey assigned successfully!");
  expect(new URL(page.url()).pathname).toBe(`/class/${classId}/surveys/manage`);
  const row = page.getByRole("row").filter({ hasText: scheduled });
  expect(await row.getByText("Not started").count()).toBe(1);
  expect(await row.getByText(/^Opens .*2030.* · Closes .*2030.*\(.+\)$/).count()).toBe(1);

  // Its schedule page: the times come back as entered; a closing time before the opening is refused
  // on its field, and a later one is saved.
  await row.getByRole("link", { name: `Schedule ${scheduled}` }).click();
  await page.getByRole("heading", { name: `Schedule: ${scheduled}`, level: 1 }).waitFor();
  expect(await page.getByLabel("Opens at").inputValue()).toBe("2030-03-04T09:00");
  expect(await page.getByLabel("Closes at").inputValue()).toBe("2030-03-06T15:30");
  await page.getByLabel("Closes at").fill("2030-03-01T12:00");
  await page.getByRole("button", { name: "Save the schedule" }).click();
  await page.getByText("The closing time must be after the opening time.").waitFor();
  await page.getByLabel("Closes at").fill("2030-03-07T12:00");
  await page.getByRole("button", { name: "Save the schedule" }).click();
  await expectToast(page, "The schedule is saved.");
  expect(await page.getByLabel("Closes at").inputValue()).toBe("2030-03-07T12:00");
  expect(await page.getByLabel("Opens at").inputValue()).toBe("2030-03-04T09:00");

  // In rounds: every 2 weeks until 15 April, from Monday 4 March: 4, 18 March, 1 and 15 April.
  const repeated = await openAssignForm(page, classId);
  await page.getByLabel("Opens at").fill("2030-03-04T09:00");
  await page.getByLabel("Closes at").fill("2030-03-06T15:30");
  await page.getByRole("radio", { name: "Every few weeks, until a day" }).check();
  await page.getByLabel("Every how many weeks").fill("2");
  await page.getByLabel("Until (the last day a round may open)").fill("2030-04-15");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expectToast(page, "4 rounds assigned.");
  const rounds = page.getByRole("row").filter({ hasText: repeated });
  expect(await rounds.count()).toBe(4);
  await rounds
    .first()
    .getByRole("link", { name: `Schedule ${repeated}` })
    .click();
  await page.getByText("Rounds of this series (4)").waitFor();
  expect(await page.locator("ol.series-rounds > li").count()).toBe(4);
});

test("JavaScript off, first time (issue 38): a series nobody has answered yet, and the school view of a school with no classes, with no class started, and with no answers, each say what to do next", async () => {
  const shots = screensDir("trends");
  await mkdir(shots, { recursive: true });
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
  const { hillClass, hillside, wellbeing, firstTime } = app.fixtures;
  const emptyState = (title: string) =>
    page.locator(".rt-Card", { has: page.getByRole("heading", { name: title, level: 3 }) });

  // A series whose rounds nobody has answered: no charts of nothing, but what to do, and the rounds.
  await page.goto(`/class/${hillClass.id}/surveys/series/${firstTime.unansweredSeries.id}`);
  await page.screenshot({ path: `${shots}/trends-no-answers.png`, fullPage: true });
  const noRounds = emptyState("No answers to show yet");
  expect(await noRounds.textContent()).toContain("Each round shows here once at least 5 students have answered it.");
  expect(await noRounds.getByRole("link", { name: "Go to Manage surveys" }).getAttribute("href")).toBe(
    `/class/${hillClass.id}/surveys/manage`,
  );
  expect(await page.locator("svg.trend-chart").count()).toBe(0);
  expect(await page.getByRole("link", { name: /^Round [12] · / }).count()).toBe(2);

  // The school view: a school with no classes, classes but none started, started but nothing to show.
  await page.goto(`/admin/schools/${firstTime.noClasses.id}/survey/${wellbeing.surveyId}`);
  await page.screenshot({ path: `${shots}/school-no-classes.png`, fullPage: true });
  const noClasses = emptyState("This school has no classes yet");
  expect(await noClasses.getByRole("link", { name: "Create a class" }).getAttribute("href")).toBe(
    "/admin/create-class",
  );
  await page.goto(`/admin/schools/${hillside.id}/survey/${firstTime.climateSurveyId}`);
  await page.screenshot({ path: `${shots}/school-none-started.png`, fullPage: true });
  expect(await emptyState("No class has started this survey yet").textContent()).toContain(
    "Teachers assign it from their class's survey library and start it",
  );
  await page.goto(`/admin/schools/${hillside.id}/survey/${wellbeing.surveyId}`);
  await page.screenshot({ path: `${shots}/school-no-answers.png`, fullPage: true });
  expect(await emptyState("No answers to show yet").textContent()).toContain(
    "1 class has started this survey. A class shows here once at least 5 of its students have answered",
  );
  // The charts still list the class that started, with nothing to show.
  expect(
    await page.getByRole("table", { name: "This week I had lots of energy." }).getByRole("row").allTextContents(),
  ).toEqual([expect.stringMatching(/^Responses/), expect.stringMatching(/^7 Cedar · .*too few answers to show$/)]);
});

test("Manage surveys at 1280, 768 and 375 px: every row's Results, Schedule and Start/Close are in view, with no sideways scrolling", async () => {
  const shots = screensDir("class");
  await mkdir(shots, { recursive: true });
  const page = await teacherPage(false);
  const classId = await classIdByName(page, "5A Sunflowers");
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/class/${classId}/surveys/manage`);
    await page.screenshot({ path: `${shots}/manage-surveys-${width}.png`, fullPage: true });
    const table = page.locator(".rt-TableRoot").filter({ has: page.getByRole("table") });
    const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = (await table.boundingBox())!;
    const actions = page.getByRole("row").getByRole("button").or(page.getByRole("row").getByRole("link"));
    expect(await actions.count()).toBeGreaterThan(2);
    for (const action of await actions.all()) {
      expect(await action.isVisible()).toBe(true);
      const at = (await action.boundingBox())!;
      expect(at.width * at.height).toBeGreaterThan(0);
      // Not clipped by the card (which hides what overflows it).
      expect(at.y + at.height, `${width} px: ${await action.textContent()}`).toBeLessThanOrEqual(box.y + box.height);
      expect(at.x, `${width} px: ${await action.textContent()}`).toBeGreaterThanOrEqual(box.x);
      expect(at.x + at.width, `${width} px: ${await action.textContent()}`).toBeLessThanOrEqual(
        box.x + box.width + 0.5,
      );
    }
  }
});

test("JavaScript on: a reload goes back to where the class home was scrolled, with the bundle and before it starts", async () => {
  const page = await teacherPage(true);
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto(`/class/${await classIdByName(page, "5A Sunflowers")}/home`);
  const hydrated = () => page.locator("header button.profile-trigger").waitFor();
  const scrollY = () => page.evaluate(() => window.scrollY);
  await hydrated();
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(scrollY).toBe(150);
  await page.reload();
  await hydrated();
  // React Router puts the position back in an effect after hydration: waited for, not read at once.
  await expect.poll(scrollY).toBe(150);
  // The bundle's modules refused: the page-start script (app/lib/page-start-script.ts) alone puts it back.
  await page.route(/\/assets\/(?!page-start-)[^/]+\.js$/, (route) => route.abort());
  expectConsoleError(page, /Failed to load|ERR_FAILED/);
  await page.reload();
  await page.waitForLoadState("load");
  expect(await page.locator("header button.profile-trigger").count()).toBe(0);
  await expect.poll(scrollY).toBe(150);
});
