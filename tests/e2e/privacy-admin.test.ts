/**
 * Privacy (docs/product.md#privacy) end to end: deleting a student through the confirmation page,
 * the school's privacy settings and the audit log, with JavaScript on and off.
 * The school and accounts are the file's own (tests/support/e2e-world.ts).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newContext, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer<E2eWorld>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorld });
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a teacher deletes a student after a confirmation page that says what goes; the student is gone", async () => {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(context, app, app.fixtures.sessions.teacher);
    const page = await context.newPage();
    const { classes } = (await (await context.request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
      classes: { id: number; name: string }[];
    };
    const classId = classes.find((c) => c.name === (javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree"))!.id;
    const roster = (await (
      await context.request.get(`${app.baseURL}/api/classes/${classId}/students-with-contacts`)
    ).json()) as
      | { id: number; firstName: string; lastName: string }[]
      | { students: { id: number; firstName: string; lastName: string }[] };
    const students = Array.isArray(roster) ? roster : roster.students;
    const target = students[0];
    await page.goto(`/class/${classId}/student/${target.id}`);
    await page.getByRole("link", { name: "Delete student…" }).click();
    await page.getByRole("heading", { name: `Delete ${target.firstName} ${target.lastName}?` }).waitFor();
    const summary = await page.getByTestId("deletion-summary").textContent();
    expect(summary).toMatch(/contact/);
    expect(summary).toMatch(/survey response/);
    expect(summary).toMatch(/drawing/);
    await page.getByRole("button", { name: /^Delete .* permanently$/ }).click();
    await page
      .getByText("The student and everything held about them were deleted.", { exact: true })
      .first()
      .waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/students/manage`);
    const gone = await context.request.get(`${app.baseURL}/class/${classId}/student/${target.id}`);
    expect(gone.status()).toBe(404);
  });

  test("a school admin changes the privacy settings and finds the change in the audit log", async () => {
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(context, app, app.fixtures.sessions.schoolAdmin);
    const page = await context.newPage();
    await page.goto("/admin/schools");
    await page.getByRole("table").getByRole("link").first().click();
    await page.getByRole("heading", { name: "Students' privacy" }).waitFor();
    const months = javaScriptEnabled ? "18" : "30";
    await page.getByLabel("Keep survey responses for (months)").fill(months);
    await page.getByLabel("Smallest group for anonymous results (students)").fill("4");
    await page.getByRole("button", { name: "Save privacy settings" }).click();
    await page.getByText("Privacy settings saved.", { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByLabel("Keep survey responses for (months)").inputValue()).toBe(months);

    await page.goto("/admin");
    await page.getByRole("link", { name: /^Full audit log/ }).click();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    await page.getByLabel("Action").selectOption("school.privacy_settings");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/action=school.privacy_settings/);
    const rows = page.getByTestId("audit-row");
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain(`"retentionMonths":${months}`);
  });
});
