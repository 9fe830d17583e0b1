/**
 * Anonymous assignments (docs/product.md#anonymous-assignments) end to end, against the built app: a teacher assigns a survey
 * anonymously from the library (JS on and off); the mode is fixed once it
 * starts (409); five students answer through the student API; then every
 * screen, API answer and export about that assignment (teacher and admin) is
 * read and checked for the absence of the students' names and ids, first at
 * 4 responses (answers hidden, with the reason) and then at 5. The school,
 * accounts and class code are the file's own (tests/support/e2e-world.ts).
 */
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { createStudentApiClient } from "~/lib/student-api/client";
import { type AnswerField, listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import { jsModes, newContext, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";
import { contractCheckedFetch } from "../support/student-api-contract";

let app: AppServer<Awaited<ReturnType<typeof createE2eWorldWithCode>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorldWithCode });
});

async function signedIn(key: "teacher" | "schoolAdmin", javaScriptEnabled = false): Promise<BrowserContext> {
  const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(context, app, app.fixtures.sessions[key]);
  return context;
}

async function classIdByName(context: BrowserContext, name: string): Promise<number> {
  const response = await context.request.get(`${app.baseURL}/api/classes/my-classes`);
  const { classes } = (await response.json()) as { classes: { id: number; name: string }[] };
  return classes.find((c) => c.name === name)!.id;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a teacher assigns a survey anonymously from the library; it cannot be made named once started", async () => {
    const context = await signedIn("teacher", javaScriptEnabled);
    const page = await context.newPage();
    const classId = await classIdByName(context, javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree");
    await page.goto(`/class/${classId}/surveys/library`);
    const title = (await page.getByRole("heading", { level: 2 }).first().textContent())!.trim();
    const card = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: /^Assign/ }) })
      .first();
    await card.getByLabel(/^Anonymous \(no names on answers\)/).check();
    await card.getByRole("button", { name: /^Assign/ }).click();
    await page.getByText("Survey assigned successfully!", { exact: true }).first().waitFor({ timeout: 10_000 });
    const row = page.getByRole("row").filter({ hasText: title });
    expect(await row.getByText("Anonymous", { exact: true }).count()).toBe(1);

    const { assignments } = (await (
      await context.request.get(`${app.baseURL}/api/classes/${classId}/surveys`)
    ).json()) as {
      assignments: { id: number; surveyTitle: string; anonymous: boolean }[];
    };
    const assignment = assignments.find((a) => a.surveyTitle === title)!;
    expect(assignment.anonymous).toBe(true);
    const headers = { Origin: app.baseURL };
    const start = await context.request.patch(
      `${app.baseURL}/api/classes/${classId}/assignments/${assignment.id}/status`,
      { data: { status: "active" }, headers },
    );
    expect(start.status()).toBe(200);
    const change = await context.request.patch(`${app.baseURL}/api/classes/${classId}/assignments/${assignment.id}`, {
      data: { anonymous: false },
      headers,
    });
    expect(change.status()).toBe(409);
    expect(((await change.json()) as { message: string }).message).toContain("can no longer be changed");
  });
});

function answerFor(field: AnswerField, text: string): unknown {
  switch (field.kind) {
    case "option":
      return field.options[0].index;
    case "choice":
      return field.choices[0];
    case "freetext":
      return text;
    case "drawing":
      return undefined;
  }
}

test("an anonymous assignment: no screen, API answer or export names a student or carries their id (4, then 5 responses)", async () => {
  const teacher = await signedIn("teacher");
  const admin = await signedIn("schoolAdmin");
  const classId = await classIdByName(teacher, "5A Sunflowers");
  const headers = { Origin: app.baseURL };
  const { surveys } = (await (
    await teacher.request.get(`${app.baseURL}/api/classes/${classId}/surveys/assignable`)
  ).json()) as {
    surveys: { id: number; title: string }[];
  };
  const survey = surveys[0];
  const assigned = await teacher.request.post(`${app.baseURL}/api/classes/${classId}/surveys/${survey.id}/assign`, {
    data: { anonymous: true },
    headers,
  });
  expect(assigned.status()).toBe(201);
  const assignmentId = ((await assigned.json()) as { assignment: { id: number; anonymous: boolean } }).assignment.id;
  await teacher.request.patch(`${app.baseURL}/api/classes/${classId}/assignments/${assignmentId}/status`, {
    data: { status: "active" },
    headers,
  });

  const api = createStudentApiClient({ baseUrl: app.baseURL, logError: () => {}, fetch: contractCheckedFetch(fetch) });
  const joined: { id: number; firstName: string; lastName: string }[] = [];
  let submitFifth: (() => Promise<unknown>) | undefined;
  let changeFirst: (() => Promise<unknown>) | undefined;
  for (let i = 0; i < 5; i++) {
    const firstName = `Wilhelmina${"ABCDE"[i]}`;
    const lastName = `Thistlewood${"VWXYZ"[i]}`;
    // The names differ by a letter or two: each says it is new rather than "close to" the one before (issue 36).
    const join = await api.join({ code: CLASS_CODE, firstName, lastName, newName: true });
    if (join.status !== "joined") throw new Error("a new name joins at once");
    // The join's answer carries no student id (ADR 180): the teacher's roster has it.
    const roster = (await (
      await teacher.request.get(`${app.baseURL}/api/classes/${classId}/students-with-contacts`)
    ).json()) as { students: { id: number; firstName: string; lastName: string }[] };
    const id = roster.students.find((s) => s.firstName === firstName && s.lastName === lastName)!.id;
    joined.push({ id, firstName, lastName });
    const student = api.withToken(join.token);
    const content = await student.getSurvey(survey.id);
    // The student app can tell the student, before they answer, that no name goes with these answers.
    expect(content.anonymous).toBe(true);
    const listed = (await student.listAssignments()).assignments.find((a) => a.assignmentId === assignmentId);
    expect(listed?.anonymous).toBe(true);
    const fields = listAnswerFields(content.story.content as unknown as SurveyBlock);
    const answers = Object.fromEntries(
      fields
        .map((field) => [field.uid, answerFor(field, `Private thought ${i}`)])
        .filter(([, value]) => value !== undefined),
    ) as Record<string, number | string>;
    const submit = () => student.submitResponse(assignmentId, { answers }, { idempotencyKey: `privacy-${i}` });
    if (i < 4) await submit();
    else submitFifth = submit;
    if (i === 0) {
      const changed = Object.fromEntries(
        fields
          .map((field) => [field.uid, answerFor(field, "Changed thought 0")])
          .filter(([, value]) => value !== undefined),
      ) as Record<string, number | string>;
      changeFirst = () =>
        student.submitResponse(assignmentId, { answers: changed }, { idempotencyKey: "privacy-changed" });
    }
  }

  function expectAnonymous(text: string, where: string) {
    for (const student of joined) {
      expect(text, where).not.toContain(student.firstName);
      expect(text, where).not.toContain(student.lastName);
      expect(text, where).not.toContain(`/student/${student.id}"`);
      expect(text, where).not.toMatch(new RegExp(`"(studentId|id)":${student.id}[,}]`));
    }
  }

  const base = `${app.baseURL}/class/${classId}/surveys/results/${assignmentId}`;
  // 4 responses: answers hidden with the reason, the CSV refused, the stats API holds no answers.
  const results4 = await teacher.newPage();
  await results4.goto(base);
  await results4.getByRole("heading", { name: "Answers hidden to protect a small group" }).waitFor();
  expect(await results4.getByText(/at least 5 students have responded \(4 so far\)/).count()).toBe(1);
  const html4 = await results4.content();
  expect(html4).not.toContain("Private thought");
  expectAnonymous(html4, "results page at 4");
  const csv4 = await teacher.request.get(`${base}/csv`, { maxRedirects: 0 });
  expect(csv4.status()).toBe(302);
  const stats4 = await (
    await teacher.request.get(`${app.baseURL}/api/classes/${classId}/assignments/${assignmentId}/stats`)
  ).text();
  expect(stats4).not.toContain("Private thought");
  expect(JSON.parse(stats4).groupProtection).toMatchObject({
    threshold: 5,
    hidden: true,
    releasedAt: null,
    releasedCount: 0,
    unreleasedCount: 4,
  });

  await submitFifth!();

  // 5 responses: the answers show, still with no names.
  const page = await teacher.newPage();
  await page.goto(base);
  await page.getByText("Anonymous survey: answers are shown without names", { exact: false }).waitFor();
  const html = await page.content();
  expect(html).toContain("Private thought");
  expectAnonymous(html, "results page");
  const csv = await (await teacher.request.get(`${base}/csv`)).text();
  expect(csv).toContain("Private thought 4");
  expect(csv).not.toContain("First name");
  expectAnonymous(csv, "teacher CSV");
  expectAnonymous(
    await (await teacher.request.get(`${app.baseURL}/api/classes/${classId}/assignments/${assignmentId}/stats`)).text(),
    "stats API",
  );
  // A changed answer waits for the next group of 5 new respondents (ADR 188, issue #35): nothing new
  // shows, and a change is not one of the answers waiting.
  await changeFirst!();
  const waiting = await teacher.newPage();
  await waiting.goto(base);
  await waiting.getByText("Anonymous survey: answers are shown without names", { exact: false }).waitFor();
  expect(await waiting.content()).not.toContain("Changed thought");
  expect(await waiting.getByText(/not shown yet/).count()).toBe(0);
  expect(await (await teacher.request.get(`${base}/csv`)).text()).not.toContain("Changed thought");

  // No student's page says whether they answered (issue #35).
  const studentPage = await teacher.newPage();
  await studentPage.goto(`/class/${classId}/student/${joined[0].id}`);
  const row = studentPage.getByRole("row").filter({ hasText: survey.title });
  expect(await row.getByText("Anonymous survey: whether the student answered is not shown").count()).toBe(1);
  expect(await row.getByText(/^(Responded|Answered|Not yet)/).count()).toBe(0);

  // The admin's responses view, its CSV and the JSON API.
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/survey/${survey.id}?classId=${classId}`);
  await adminPage.getByTestId("response-row").first().waitFor();
  expectAnonymous(await adminPage.content(), "admin responses view");
  const adminCsv = await (
    await admin.request.get(`${app.baseURL}/admin/survey/${survey.id}/responses.csv?classId=${classId}`)
  ).text();
  expect(adminCsv).toContain("(anonymous)");
  expectAnonymous(adminCsv, "admin CSV");
  expectAnonymous(
    await (await admin.request.get(`${app.baseURL}/api/surveys/${survey.id}/responses?classId=${classId}`)).text(),
    "responses API",
  );
});
