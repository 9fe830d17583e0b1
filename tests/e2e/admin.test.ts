/**
 * The admin area end to end (docs/product.md#admin-area), with JavaScript on and off: bulk-create
 * three staff through the form, import a CSV, edit a staff member on their own
 * page, archive and restore a teacher (and not the only teacher of a class),
 * create a class, edit a class, filter responses and export the filtered CSV; import the
 * school from a OneRoster zip (a broken file's problems, then a preview at 375 px and the import).
 * Each mode uses its own names, so the two runs never share rows. The schools
 * and staff are the file's own (tests/support/e2e-world.ts), with the second
 * school archived, so the class forms have one school to choose.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { schools } from "~/server/db/schema.server";
import type { FixtureKit } from "../support/app-fixtures";
import { expectNoSidewaysScroll, jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { createClass } from "../support/fixtures";
import { retagRoster, sampleRoster, setCell, zipRoster } from "../support/oneroster";
import { type AppServer, startAppServer } from "../support/server";

/** The e2e world, hillside archived, and a second class ("4 Willow") that only the colleague teaches. */
async function adminWorld(kit: FixtureKit) {
  const world = await createE2eWorld(kit);
  await kit.db.update(schools).set({ status: "archived" }).where(eq(schools.id, world.hillside.id));
  const class4 = await createClass(kit.db, {
    schoolId: world.riverside.id,
    name: "4 Willow",
    teacherIds: [world.users.colleague.id],
  });
  return { ...world, class4 };
}

let app: AppServer<Awaited<ReturnType<typeof adminWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: adminWorld });
});

async function adminPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.platformAdmin);
  return page;
}

/** The flash message, whichever way it is shown (server status region or sonner). */
async function expectToast(page: Page, text: string | RegExp) {
  await page
    .getByText(text, { exact: typeof text === "string" })
    .first()
    .waitFor({ timeout: 10_000 });
}

describe.each(jsModes)("$name", ({ name, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "on" : "off";

  test("bulk-create three staff through the form, growing the rows", async () => {
    const page = await adminPage(javaScriptEnabled);
    await page.goto("/admin/staff/new");
    const form = page.locator("#add-staff");
    await form.getByRole("button", { name: "Add another row" }).click();
    await form.getByRole("group", { name: "Staff member 2" }).waitFor();
    await form.getByRole("button", { name: "Add another row" }).click();
    await form.getByRole("group", { name: "Staff member 3" }).waitFor();
    // And shrink: a fourth row added then removed.
    await form.getByRole("button", { name: "Add another row" }).click();
    await form.getByRole("button", { name: "Remove staff member 4" }).click();
    await page.locator("#add-staff").getByRole("group", { name: "Staff member 4" }).waitFor({ state: "detached" });
    for (const n of [1, 2, 3]) {
      const row = page.locator("#add-staff").getByRole("group", { name: `Staff member ${n}` });
      await row.getByLabel("Name").fill(`Form ${tag} Person ${n}`);
      await row.getByLabel("E-mail").fill(`form.${tag}.${n}@riverside.example`);
      await row.getByLabel("School").selectOption({ label: app.fixtures.riverside.name });
    }
    await page
      .locator("#add-staff")
      .getByRole("group", { name: "Staff member 3" })
      .getByLabel("Role")
      .selectOption("admin");
    await page.getByRole("button", { name: "Create staff" }).click();
    await expectToast(page, "3 staff members created and invited.");
    const created = page.getByRole("region", { name: "Created staff" });
    for (const n of [1, 2, 3]) await created.getByText(`form.${tag}.${n}@riverside.example`).waitFor();
    // They are in the list, and each got an invitation (a set-password link works for them).
    await page.goto(`/admin/staff?q=${encodeURIComponent(`Form ${tag} Person`)}`);
    expect(await page.getByRole("region", { name: "Staff" }).getByRole("row").count()).toBe(4);
  });

  test("import a CSV file: valid rows created, refused rows listed with reasons", async () => {
    const page = await adminPage(javaScriptEnabled);
    const school = app.fixtures.riverside.name;
    await page.goto("/admin/staff/new#import-csv");
    const csv = [
      "name,email,role,school",
      `Csv ${tag} One,csv.${tag}.one@riverside.example,teacher,${school}`,
      `Csv ${tag} Two,csv.${tag}.two@riverside.example,admin,${school.toLowerCase()}`,
      `Csv ${tag} Dup,CSV.${tag}.ONE@riverside.example,teacher,${school}`,
      `Csv ${tag} Bad,not-an-email,teacher,${school}`,
      `Csv ${tag} Nowhere,csv.${tag}.nowhere@riverside.example,teacher,Atlantis Academy`,
    ].join("\n");
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "staff.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Import staff" }).click();
    await expectToast(page, "2 staff members created; 3 rows refused.");
    const refused = page.getByRole("region", { name: "Refused rows" });
    await refused.getByText(/Duplicate e-mail/).waitFor();
    await refused.getByText(/not a valid e-mail address/).waitFor();
    await refused.getByText('Unknown school "Atlantis Academy"').waitFor();
    await page.getByRole("region", { name: "Created staff" }).getByText(`csv.${tag}.two@riverside.example`).waitFor();
  });

  test("edit a staff member on their own page: the list's filters come back with Cancel and Save", async () => {
    const page = await adminPage(javaScriptEnabled);
    const person = `Form ${tag} Person 2`;
    const search = `?q=${encodeURIComponent(person).replace(/%20/g, "+")}`;
    await page.goto(`/admin/staff${search}`);
    await page.getByRole("link", { name: `Edit ${person}` }).click();
    await page.waitForURL((url) => /^\/admin\/staff\/\d+\/edit$/.test(url.pathname) && url.search === search);
    await page.getByRole("heading", { name: `Edit ${person}` }).waitFor();
    await expect(page.getByRole("link", { name: "Cancel" }).getAttribute("href")).resolves.toBe(
      `/admin/staff${search}`,
    );
    // A refused change comes back on the same page with the message next to its field.
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Enter a name").first().waitFor();
    await page.getByLabel("Name").fill(`${person} Edited`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `${person} Edited saved.`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/admin/staff${search}`);
    await page
      .getByRole("row")
      .filter({ hasText: `${person} Edited` })
      .waitFor();
    // The old address of the edit panel still opens the edit page.
    const id = /\/admin\/staff\/(\d+)\/edit/.exec(
      (await page.getByRole("link", { name: `Edit ${person} Edited` }).getAttribute("href")) ?? "",
    )?.[1];
    await page.goto(`/admin/staff?edit=${id}`);
    await page.waitForURL(`**/admin/staff/${id}/edit`);
    // No one with that id: the 404 page, inside the admin navigation.
    const missing = await page.goto("/admin/staff/999999/edit");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Not Found" }).waitFor();
    await page.getByText("That staff member was not found. They may be outside your school.").waitFor();
    await page.getByRole("navigation", { name: "Admin" }).waitFor();
  });

  test("archive a teacher, then restore them; the only teacher of a class is not archived", async () => {
    const page = await adminPage(javaScriptEnabled);
    const { colleague, platformAdmin } = app.fixtures.users;
    // The colleague alone teaches 6 Maple: archiving them would leave it without a teacher (ADR 112).
    await page.goto(`/admin/staff?q=${encodeURIComponent(colleague.name)}`);
    await page.getByRole("button", { name: `Archive ${colleague.name}` }).click();
    await expectToast(
      page,
      new RegExp(`^${colleague.name} is the only teacher of .*"6 Maple".* before archiving ${colleague.name}\\.$`),
    );
    await page.getByRole("row").filter({ hasText: colleague.email }).getByText("Active", { exact: true }).waitFor();

    const person = `Form ${tag} Person 1`;
    await page.goto(`/admin/staff?q=${encodeURIComponent(person)}`);
    await page.getByRole("button", { name: `Archive ${person}` }).click();
    await expectToast(page, `${person} archived.`);
    const row = page.getByRole("row").filter({ hasText: `form.${tag}.1@riverside.example` });
    await row.getByText("Archived", { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent(person).replace(/%20/g, "+")}`);
    await page.getByRole("button", { name: `Restore ${person}` }).click();
    await expectToast(page, `${person} restored.`);
    await page
      .getByRole("row")
      .filter({ hasText: `form.${tag}.1@riverside.example` })
      .getByText("Active", { exact: true })
      .waitFor();
    // No archive button for yourself.
    await page.goto(`/admin/staff?q=${encodeURIComponent(platformAdmin.name)}`);
    expect(await page.getByRole("button", { name: `Archive ${platformAdmin.name}` }).count()).toBe(0);
  });

  test("create a class with two teachers", async () => {
    const page = await adminPage(javaScriptEnabled);
    const { teacher, colleague } = app.fixtures.users;
    await page.goto("/admin/create-class");
    const className = `E2E ${tag} Poppies`;
    // Only one active school (hillside is archived), so it is chosen already.
    await page.getByRole("heading", { name: `New class in ${app.fixtures.riverside.name}` }).waitFor();
    await page.getByLabel("Class name").fill(className);
    await page.getByLabel(teacher.name).check();
    await page.getByLabel(colleague.name).check();
    await page.getByRole("button", { name: "Create class" }).click();
    await expectToast(page, `Class ${className} created.`);
    expect(new URL(page.url()).pathname).toBe("/admin/settings");
    await expect(page.getByLabel(teacher.name).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel(colleague.name).isChecked()).resolves.toBe(true);
  });

  test("create a class without a teacher says what is missing", async () => {
    const page = await adminPage(javaScriptEnabled);
    await page.goto("/admin/create-class");
    await page.getByLabel("Class name").fill(`E2E ${tag} Nobody`);
    await page.getByRole("button", { name: "Create class" }).click();
    await page.getByText("Choose at least one teacher").first().waitFor();
  });

  test("edit a class: rename it, change its teachers, archive and restore it", async () => {
    const page = await adminPage(javaScriptEnabled);
    const { teacher, colleague } = app.fixtures.users;
    const original = javaScriptEnabled ? "4 Willow" : "6 Maple";
    const renamed = `${original} ${tag} renamed`;
    await page.goto("/admin/settings");
    await page
      .getByLabel("Class", { exact: true })
      .selectOption({ label: `${original} · ${app.fixtures.riverside.name}` });
    await page.getByRole("button", { name: "Edit this class" }).click();
    await page.getByRole("heading", { name: original, exact: true }).waitFor();
    await page.getByLabel("Class name").fill(renamed);
    await page.getByLabel(teacher.name).check();
    await page.getByLabel(colleague.name).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `Class ${renamed} saved.`);
    await page.getByRole("heading", { name: renamed, exact: true }).waitFor();
    await expect(page.getByLabel(teacher.name).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel(colleague.name).isChecked()).resolves.toBe(false);

    await page.getByRole("button", { name: "Archive class" }).click();
    await expectToast(page, `Class ${renamed} archived.`);
    await page.getByRole("button", { name: "Restore class" }).click();
    await expectToast(page, `Class ${renamed} restored.`);
  });

  test("filter responses and export them: the CSV's rows match the filter", async () => {
    const page = await adminPage(javaScriptEnabled);
    await page.goto("/admin/survey");
    // The survey with the most responses: it has answers from more than one class.
    const rows = page
      .getByRole("region", { name: "Surveys" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") });
    const counts = (await rows.locator("td:nth-child(3)").allTextContents()).map(Number);
    await rows
      .nth(counts.indexOf(Math.max(...counts)))
      .getByRole("rowheader")
      .getByRole("link")
      .click();
    await page.getByRole("heading", { name: "Responses", exact: true }).waitFor();
    const unfiltered = Number(
      (await page.getByRole("link", { name: /^Download CSV/ }).textContent())?.match(/\((\d+)\)/)?.[1],
    );
    expect(unfiltered).toBeGreaterThan(0);

    const classSelect = page.getByLabel("Class", { exact: true });
    const className = (await classSelect.locator("option").nth(1).textContent())!.trim().replace(/ \(.*\)$/, "");
    await classSelect.selectOption({ index: 1 });
    await page.getByLabel("Submitted from").fill("2000-01-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/classId=\d+/);
    const csvLink = page.getByRole("link", { name: /^Download CSV/ });
    const csvCount = async () => Number((await csvLink.textContent())?.match(/\((\d+)\)/)?.[1]);
    // With JavaScript the URL can change a moment before the new page renders.
    await expect.poll(csvCount, { timeout: 15_000 }).toBeLessThan(unfiltered);
    const filtered = await csvCount();
    expect(filtered).toBeGreaterThan(0);
    const shownRows = page.getByTestId("response-row");
    expect(await shownRows.count()).toBe(Math.min(filtered, 25));
    for (const cell of await shownRows.locator("td:nth-child(3)").allTextContents()) expect(cell).toBe(className);

    const href = await csvLink.getAttribute("href");
    expect(href).toContain("classId=");
    expect(href).toContain("from=2000-01-01");
    const response = await page.context().request.get(`${app.baseURL}${href}`);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0].startsWith("Response id,School,Class,Assignment status,Student,Submitted at (UTC)")).toBe(true);
    expect(lines.length - 1).toBe(filtered);
    for (const line of lines.slice(1)) expect(line.split(",")[2]).toBe(className);
    expect(name).toBeTruthy();
  });

  test("import the school from a OneRoster zip: a broken file's problems, then a preview at 375 px and the import", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.setViewportSize({ width: 375, height: 800 });
    const set = retagRoster(sampleRoster(`oneroster-${tag}.example`), tag);
    const upload = async (zip: Uint8Array) => {
      await page
        .getByLabel("Zip file")
        .setInputFiles({ name: "oneroster.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("heading", { name: "Preview", level: 2 }).waitFor();
    };
    await page.goto(`/admin/schools/${app.fixtures.riverside.id}`);
    await page.getByRole("link", { name: "Import from the school's information system" }).click();
    await page.getByRole("heading", { name: "Import the school", level: 1 }).waitFor();

    const broken = structuredClone(set);
    setCell(broken.users, `${tag}-stu-002`, "givenName", "");
    setCell(broken.enrollments, `${tag}-enr-stu-003`, "classSourcedId", "nowhere");
    await upload(zipRoster(broken));
    expect(await page.locator("#import-problems li").allTextContents()).toEqual([
      "users.csv, line 6, givenName: Enter a first name",
      "enrollments.csv, line 6, classSourcedId: No class in classes.csv has this sourcedId.",
    ]);
    await page.getByRole("link", { name: "Back to the school" }).click();
    await page.getByRole("link", { name: "Import from the school's information system" }).click();

    await upload(zipRoster(set));
    expect(await page.locator("#import-new-classes li").allTextContents()).toEqual([
      `5A Maths ${tag}`,
      `5B Maths ${tag}`,
    ]);
    expect(await page.locator("#import-new-students li").count()).toBe(60);
    expect(await page.locator("#import-problems").count()).toBe(0);
    // Nothing is saved by the preview, and the preview fits a phone.
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expectToast(
      page,
      "School imported: 2 classes, 2 teachers and 60 students new or changed, 62 enrolments added, 0 ended.",
    );
    expect(new URL(page.url()).pathname).toBe(`/admin/schools/${app.fixtures.riverside.id}`);
    await page.getByText(`5A Maths ${tag}`).first().waitFor();
  });
});
