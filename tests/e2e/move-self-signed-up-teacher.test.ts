/**
 * A teacher who signed up has a school of their own (ADR 213); the platform
 * admin moves them into their real school from the admin screens, played in
 * Chromium with JavaScript on and off: the teacher then sees their class in
 * the new school with its students, the old school is archived, and the new
 * school's admin sees the teacher and the class. Each mode moves its own
 * teacher, so the two runs never share rows. The data is the file's own
 * (tests/support/e2e-world.ts, ADR 166): the self school is made as a sign-up
 * makes it (schools.self_signed_up, the teacher its only staff member).
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { schools } from "~/server/db/schema.server";
import type { FixtureKit } from "../support/app-fixtures";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { createClass, createSchool, createStudent, createUser } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";

const MODES = { on: "Priya Nair", off: "Tomasz Lis" } as const;

/** A signed-up teacher's own school: the teacher, one class, three students. */
async function selfSignedUpTeacher(kit: FixtureKit, teacherName: string, tag: string) {
  const school = await createSchool(kit.db, { name: `${teacherName}'s classes` });
  await kit.db.update(schools).set({ selfSignedUp: true }).where(eq(schools.id, school.id));
  const teacher = await createUser(kit.db, { schoolId: school.id, name: teacherName, role: "teacher" });
  const schoolClass = await createClass(kit.db, {
    schoolId: school.id,
    name: `3B Hedgehogs ${tag}`,
    teacherIds: [teacher.id],
  });
  const students = [];
  for (const [firstName, lastName] of [
    ["Zara", `Moved${tag}`],
    ["Yusuf", `Moved${tag}`],
    ["Xenia", `Moved${tag}`],
  ]) {
    students.push(await createStudent(kit.db, { schoolId: school.id, classId: schoolClass.id, firstName, lastName }));
  }
  return { school, teacher, schoolClass, students, session: await kit.sessionFor(teacher) };
}

async function moveWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  return {
    ...world,
    selfSignedUp: {
      on: await selfSignedUpTeacher(kit, MODES.on, "on"),
      off: await selfSignedUpTeacher(kit, MODES.off, "off"),
    },
  };
}

let app: AppServer<Awaited<ReturnType<typeof moveWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: moveWorld });
});

async function pageAs(javaScriptEnabled: boolean, session: { token: string }): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, session);
  return page;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "on" : "off";

  test("the platform admin moves a signed-up teacher into the real school, with their class and students", async () => {
    const { school: ownSchool, teacher, schoolClass, students, session } = app.fixtures.selfSignedUp[tag];
    const riverside = app.fixtures.riverside;

    // The platform admin finds the teacher's own school in the school list and moves them.
    const admin = await pageAs(javaScriptEnabled, app.fixtures.sessions.platformAdmin);
    await admin.goto("/admin/schools");
    await admin.getByRole("link", { name: ownSchool.name, exact: true }).click();
    await admin.getByRole("heading", { level: 1, name: ownSchool.name }).waitFor();
    const card = admin.locator("form", { has: admin.getByRole("heading", { name: "Move into a school" }) });
    await card.getByText(`This school was made when ${teacher.name} signed up.`).waitFor();
    await card.getByLabel("Move into school").selectOption({ label: riverside.name });
    await card.getByRole("button", { name: "Move teacher" }).click();
    await admin
      .getByText(`${teacher.name} moved into ${riverside.name} with 1 class and 3 students.`)
      .first()
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => new URL(admin.url()).pathname).toBe(`/admin/schools/${riverside.id}`);
    await admin.getByRole("link", { name: teacher.name, exact: true }).waitFor();
    await admin.getByRole("link", { name: schoolClass.name, exact: true }).waitFor();

    // The teacher's own school is archived, and offers no move any more.
    await admin.goto(`/admin/schools/${ownSchool.id}`);
    await admin.getByText("Staff of an archived school see the blocked page until it is restored.").waitFor();
    expect(await admin.getByRole("heading", { name: "Move into a school" }).count()).toBe(0);

    // The teacher, still signed in, sees the class in the new school, with its students.
    const own = await pageAs(javaScriptEnabled, session);
    await own.goto(`/class/${schoolClass.id}/home`);
    await own.getByText(schoolClass.name).first().waitFor();
    await own.locator(".profile-school", { hasText: riverside.name }).first().waitFor();
    await own.goto(`/class/${schoolClass.id}/students/manage`);
    for (const student of students) {
      await own.getByText(`${student.firstName} ${student.lastName}`).first().waitFor();
    }

    // The new school's admin sees the teacher on the staff screen, in their school.
    const schoolAdmin = await pageAs(javaScriptEnabled, app.fixtures.sessions.schoolAdmin);
    await schoolAdmin.goto("/admin/staff");
    const row = schoolAdmin.getByRole("row", { name: new RegExp(teacher.name) });
    await row.getByText(teacher.email).waitFor();
    await row.getByRole("link", { name: riverside.name }).waitFor();
    await row.getByText(schoolClass.name).waitFor();
  });
});
