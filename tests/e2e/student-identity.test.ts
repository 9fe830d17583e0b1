/**
 * A student identity a classmate cannot take (ADR 180), end to end against
 * the built app, each child in browser contexts of their own, with
 * JavaScript on and off: a classmate who types a rostered name that has
 * already joined waits for the teacher and sees none of that child's
 * answers; a personal code (typed, or from the card's QR address) lets a
 * child move device; a look-alike name joins as nobody new. The teacher's
 * admission itself is the teacher side's (join-requests.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { students } from "~/server/db/schema.server";
import type { FixtureKit } from "../support/app-fixtures";
import { jsModes, newContext, newPage, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { createResponse, createStudent } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";

const SECRET_WORDS = "Felix wrote these words himself";

async function world(kit: FixtureKit) {
  const base = await createE2eWorldWithCode(kit);
  const felix = await createStudent(kit.db, {
    schoolId: base.riverside.id,
    classId: base.class5A.id,
    firstName: "Felix",
    lastName: "Costa",
  });
  await kit.db.update(students).set({ personalCode: "KMR-394" }).where(eq(students.id, felix.id));
  // Felix has answered the running survey: his name alone no longer makes anyone Felix.
  await createResponse(kit.db, {
    assignmentId: base.running["5A Sunflowers"].id,
    studentId: felix.id,
    answers: { anything: SECRET_WORDS },
  });
  return { ...base, felix };
}

let app: AppServer<Awaited<ReturnType<typeof world>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: world });
});

async function joinByName(page: Page, firstName: string, lastName: string) {
  await page.goto(`/join?code=${CLASS_CODE}`);
  await page.getByRole("textbox", { name: "First name" }).fill(firstName);
  await page.getByRole("textbox", { name: "Last name" }).fill(lastName);
  await page.getByRole("button", { name: "Join", exact: true }).click();
}

async function rosterNames(): Promise<string[]> {
  const teacher = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(teacher, app, app.fixtures.sessions.teacher);
  const response = await teacher.request.get(
    `${app.baseURL}/api/classes/${app.fixtures.class5A.id}/students-with-contacts`,
  );
  const { students: roster } = (await response.json()) as { students: { firstName: string; lastName: string }[] };
  return roster.map((student) => `${student.firstName} ${student.lastName}`);
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a classmate typing a rostered name on a second device waits for the teacher and sees none of that child's answers", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL, viewport: { width: 375, height: 740 } });
    await joinByName(page, "felix", "COSTA");
    await page.getByRole("heading", { name: "Wait for your teacher" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/join/waiting");
    expect(await page.getByText("Your teacher needs to let you in to 5A Sunflowers.").count()).toBe(1);
    await page.getByRole("button", { name: "Check again" }).click();
    await page.getByRole("heading", { name: "Wait for your teacher" }).waitFor();
    expect(await page.content()).not.toContain(SECRET_WORDS);
    // No student session: the student pages send the device to /join.
    await page.goto(`/student/assignments/${app.fixtures.running["5A Sunflowers"].id}`);
    expect(new URL(page.url()).pathname).toBe("/join");
    expect(await page.content()).not.toContain(SECRET_WORDS);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a personal code lets a child move to another device: from the card's address, or typed while waiting", async () => {
    const card = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await card.goto(`/join?code=${CLASS_CODE}&personal=kmr-394`);
    await card.getByRole("heading", { name: "Check the codes from your card" }).waitFor();
    expect(await card.getByRole("textbox", { name: "First name" }).count()).toBe(0);
    await card.getByRole("button", { name: "Join", exact: true }).click();
    await card.getByRole("heading", { name: "Hello, Felix!" }).waitFor();

    const tablet = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await joinByName(tablet, "Felix", "Costa");
    await tablet.getByRole("heading", { name: "Wait for your teacher" }).waitFor();
    await tablet.getByRole("textbox", { name: "Your personal code" }).fill("KMR 394");
    await tablet.getByRole("button", { name: "Join with my code" }).click();
    await tablet.getByRole("heading", { name: "Hello, Felix!" }).waitFor();
  });

  test("the teacher admits the waiting device with JavaScript off, and the child continues on it", async () => {
    // Felix on a new tablet: his name alone makes the device wait.
    const tablet = await newPage({ javaScriptEnabled, baseURL: app.baseURL, viewport: { width: 375, height: 740 } });
    await joinByName(tablet, "Felix", "Costa");
    await tablet.getByRole("heading", { name: "Wait for your teacher" }).waitFor();

    // The teacher, in a browser of their own without JavaScript, sees who waits and lets him in.
    const teacher = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
    await signIn(teacher.context(), app, app.fixtures.sessions.teacher);
    await teacher.goto(`/class/${app.fixtures.class5A.id}/home`);
    const request = teacher
      .getByTestId("waiting-request")
      .filter({ hasText: "Felix Costa wants to join on another device" })
      // Newest first: earlier tests' devices wait there too.
      .first();
    await request.waitFor();
    await request.getByRole("button", { name: "Admit Felix Costa" }).click();
    await teacher.getByText("Felix Costa can come in now.").first().waitFor();

    // The waiting page goes on by itself (its script's ask, or its reload without JavaScript): Felix's
    // own list, his answer there; no "Start" to tap (issue 36).
    await tablet.getByRole("heading", { name: "Hello, Felix!" }).waitFor({ timeout: 30_000 });
    expect(new URL(tablet.url()).pathname).not.toBe("/join/waiting");
  });

  test("a wrong personal code is shown at its field", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await page.goto(`/join?code=${CLASS_CODE}&personal=AAA-333`);
    await page.getByRole("button", { name: "Join", exact: true }).click();
    const field = page.getByRole("textbox", { name: "Your personal code" });
    await page.getByText("This personal code is not right.").first().waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
  });
});

test("a look-alike name (marks, invisible characters) joins as nobody new; a letter of another script is refused", async () => {
  const before = await rosterNames();
  for (const [firstName, lastName] of [
    ["Fel\u0131\u0307x", "Co\u0323sta"],
    ["Fe\u200blix", "Cos\u00adta"],
  ]) {
    const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
    await joinByName(page, firstName, lastName);
    await page.getByRole("heading", { name: "Wait for your teacher" }).waitFor();
  }
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await joinByName(page, "F\u0435lix", "Costa");
  await page.getByText("Write each word of a name in one alphabet.").first().waitFor();
  const after = await rosterNames();
  expect(after).toEqual(before);
  expect(after.filter((name) => name === "Felix Costa")).toHaveLength(1);
});

test("JS off: a name close to a listed one is asked 'Are you …?'; yes is the listed child, 'No, I am new' joins and the teacher sees it is close", async () => {
  // Yes: the listed Felix Costa, who has answers, so the device waits for the teacher.
  const yes = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await joinByName(yes, "Felix", "Kosta");
  await yes.getByRole("heading", { name: "Are you Felix Costa?" }).waitFor();
  expect(await yes.getByText("You typed Felix Kosta. A name like it is on your class list.").count()).toBe(1);
  await yes.getByRole("button", { name: "Yes, I am Felix Costa" }).click();
  await yes.getByRole("heading", { name: "Wait for your teacher" }).waitFor();

  // No: a new student of the typed name joins at once (the class lets new names in).
  const no = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await joinByName(no, "Felix", "Kosta");
  await no.getByRole("button", { name: "No, I am new" }).click();
  await no.getByRole("heading", { name: "Hello, Felix!" }).waitFor();
  expect(await rosterNames()).toContain("Felix Kosta");

  const teacher = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(teacher.context(), app, app.fixtures.sessions.teacher);
  for (const screen of ["home", "students/manage"]) {
    await teacher.goto(`/class/${app.fixtures.class5A.id}/${screen}`);
    await teacher.getByText("Felix Kosta joined — close to Felix Costa").first().waitFor();
  }
});
