/**
 * Class rules in a real browser, with JavaScript on and off:
 * - a teacher with no class creates their first one from /home?noClasses=true
 *   (the class screens all send them back there); a signed-up teacher with no
 *   school is told what to do next, and gets no form;
 * - the students screen says who owns the class and offers only the buttons
 *   the rules allow: the owner removes a co-teacher, a co-teacher only leaves.
 * JS on works in 5A Sunflowers, JS off in 5B Oak Tree, of the file's own
 * school (tests/support/e2e-world.ts).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { FixtureSession } from "../support/app-fixtures";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { createUser } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";

/** The shared world, plus a teacher without a school for each JavaScript mode (an account a platform admin has not placed yet). */
type World = E2eWorld & { noSchool: Record<"on" | "off", { email: string; session: FixtureSession }> };

let app: AppServer<World>;

beforeAll(async () => {
  app = await startAppServer({
    fixtures: async (kit) => {
      const world = await createE2eWorld(kit);
      const noSchool = {} as World["noSchool"];
      for (const tag of ["on", "off"] as const) {
        const email = `first.class.${tag}@example.org`;
        const user = await createUser(kit.db, { schoolId: null, name: `Fiona First ${tag}`, email });
        noSchool[tag] = { email, session: await kit.sessionFor(user) };
      }
      return { ...world, noSchool };
    },
  });
});

async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

async function classIdByName(page: Page, name: string): Promise<number> {
  const response = await page.context().request.get(`${app.baseURL}/api/classes/my-classes`);
  const { classes } = (await response.json()) as { classes: { id: number; name: string }[] };
  return classes.find((c) => c.name === name)!.id;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "on" : "off";

  test("a teacher with no class creates the first one from /home; without a school they are told what to do", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    // Since ADR 213 a sign-up gets a school of its own (tests/e2e/sign-up-to-first-class.test.ts); an account
    // without a school is one an admin made without placing it.
    const { email, session } = app.fixtures.noSchool[tag];
    await signIn(page.context(), app, session);
    // Where signing in takes a teacher without a class.
    await page.goto("/class/-1/home");
    await page.waitForURL("**/home?noClasses=true");
    // No school yet: what to do next, and no form.
    const guidance = page.getByRole("status").filter({ hasText: "Your account is not part of a school yet" });
    await guidance.waitFor();
    await expect(guidance.textContent()).resolves.toContain(email);
    expect(await page.getByRole("button", { name: "Create class" }).count()).toBe(0);
    // Every class screen, its create screen included, sends them back.
    await page.goto("/class/-1/create");
    await page.waitForURL("**/home?noClasses=true");

    // A platform admin puts the account in the riverside school.
    const schoolName = app.fixtures.riverside.name;
    const admin = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
    await signIn(admin.context(), app, app.fixtures.sessions.platformAdmin);
    const request = admin.context().request;
    const { data: staff } = (await (await request.get(`${app.baseURL}/api/users/all`)).json()) as {
      data: { id: number; email: string; school: { id: number; name: string } | null }[];
    };
    const riverside = staff.find((member) => member.school?.name === schoolName)!.school!;
    const me = staff.find((member) => member.email === email)!;
    const moved = await request.patch(`${app.baseURL}/api/users/${me.id}`, {
      data: { schoolId: riverside.id },
      headers: { Origin: app.baseURL },
    });
    expect(moved.status()).toBe(200);

    // Now /home offers the form, and the first class is theirs.
    await page.goto("/class/-1/home");
    await page.waitForURL("**/home?noClasses=true");
    await page.getByRole("heading", { name: "Create a class", level: 2 }).waitFor();
    await page.getByText(`The class is created in ${schoolName}, and you become its teacher.`).waitFor();
    await page.getByRole("button", { name: "Create class" }).click();
    await page.getByText("Enter a class name").first().waitFor();
    const className = `First ${tag} Bluebells`;
    await page.getByLabel("Class name").fill(className);
    await page.getByRole("button", { name: "Create class" }).click();
    await expectToast(page, `Class ${className} created.`);
    expect(new URL(page.url()).pathname).toMatch(/^\/class\/\d+\/home$/);
    await page.getByRole("heading", { name: className }).first().waitFor();
  });

  test("the students screen shows the owner and offers only the allowed buttons; a co-teacher leaves", async () => {
    const className = javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree";
    const { teacher, colleague } = app.fixtures.users;
    const owner = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(owner.context(), app, app.fixtures.sessions.teacher);
    const classId = await classIdByName(owner, className);
    await owner.goto(`/class/${classId}/students/manage`);
    await owner.getByText("You own this class.").waitFor();
    // Alone, the owner can neither leave nor be removed.
    expect(await owner.getByRole("button", { name: "Leave class" }).count()).toBe(0);
    await owner.getByLabel("Add a teacher").selectOption({ label: colleague.name });
    await owner.getByRole("button", { name: "Add teacher" }).click();
    await expectToast(owner, `${colleague.name} now teaches this class.`);
    const teachers = owner.getByRole("list", { name: "Teachers" });
    await teachers.getByText(`${colleague.name} (co-teacher)`).waitFor();
    await teachers.getByRole("button", { name: `Remove ${colleague.name}` }).waitFor();
    await teachers.getByRole("button", { name: "Leave class" }).waitFor();

    const coTeacher = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(coTeacher.context(), app, app.fixtures.sessions.colleague);
    await coTeacher.goto(`/class/${classId}/students/manage`);
    await coTeacher.getByText(new RegExp(`^${teacher.name} owns this class\\.`)).waitFor();
    const list = coTeacher.getByRole("list", { name: "Teachers" });
    await expect(list.getByText(new RegExp(`${teacher.name}.*\\(owner\\)`)).count()).resolves.toBe(1);
    // A co-teacher removes nobody: only their own Leave button.
    expect(await list.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    await list.getByRole("button", { name: "Leave class" }).click();
    await expectToast(coTeacher, "You left the class.");
    expect(new URL(coTeacher.url()).pathname).not.toBe(`/class/${classId}/students/manage`);
    const mine = (await (await coTeacher.context().request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
      classes: { id: number }[];
    };
    expect(mine.classes.map((c) => c.id)).not.toContain(classId);
  });
});
