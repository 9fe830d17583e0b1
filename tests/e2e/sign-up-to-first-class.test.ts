/**
 * Nobody who signs up is stranded (issue #27 point 3, ADRs 213 and 214),
 * played in Chromium as a new teacher would, with JavaScript on and off:
 * sign up, open the verification mail, sign in, create the first class and
 * see it; a school admin's invitation link signs a teacher up into that
 * school, and a switched-off link gets a plain page; with PUBLIC_SIGNUP=off
 * /signup says how to get an account and only a link signs up.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newContext, newPage, signIn, signInThroughForm } from "../support/browser";
import { createE2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

type World = Awaited<ReturnType<typeof createE2eWorld>>;
let app: AppServer<World>;
let closed: AppServer<World>;

beforeAll(async () => {
  [app, closed] = await Promise.all([
    startAppServer({ fixtures: createE2eWorld, catchMail: true }),
    startAppServer({ fixtures: createE2eWorld, catchMail: true, env: { PUBLIC_SIGNUP: "off" } }),
  ]);
});

const PASSWORD = "Welcome-Class-1";

async function fillSignUp(page: Page, name: string, email: string) {
  await page.getByLabel("Full name", { exact: true }).fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/login");
  await page.getByText("We sent you an e-mail").first().waitFor();
}

/** Opens the mailed verification link (on the test's own origin) and confirms the address. */
async function confirmEmail(server: AppServer<World>, page: Page, email: string) {
  const link = new URL(await server.mail!.waitForLink(email, "/verify-email"));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await page.getByText("Your e-mail address is confirmed").waitFor();
}

/** The school admin makes the school's invitation link on the staff screen and copies it. */
async function makeInvitationLink(server: AppServer<World>, javaScriptEnabled: boolean): Promise<string> {
  const context = await newContext({ javaScriptEnabled, baseURL: server.baseURL });
  await signIn(context, server, server.fixtures.sessions.schoolAdmin);
  const page = await context.newPage();
  await page.goto("/admin/staff");
  await page.getByRole("heading", { name: "Invitation link" }).waitFor();
  await page.getByRole("button", { name: /^Make (a new|an invitation) link$/ }).click();
  await page.getByText("Copy this link now: it is shown only once.").waitFor();
  const link = await page.getByLabel("New invitation link").inputValue();
  expect(link).toMatch(/\/signup\?invite=/);
  return link;
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a new teacher signs up, confirms the e-mail, signs in and creates their first class within a minute", async () => {
    const started = Date.now();
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const email = `first.class.${randomBytes(3).toString("hex")}@example.org`;
    await page.goto("/signup");
    await fillSignUp(page, "Priya Nair", email);
    await confirmEmail(app, page, email);
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL("**/home?noClasses=true");
    await page.getByRole("heading", { level: 1, name: "Welcome, Priya! You have no classes yet" }).waitFor();
    await page.getByText("The class is created in Priya Nair's classes").waitFor();
    const className = `3B Hedgehogs ${javaScriptEnabled ? "on" : "off"}`;
    await page.getByLabel("Class name").fill(className);
    await page.getByRole("button", { name: "Create class" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/class\/\d+\/home$/);
    await page.getByText(className).first().waitFor();
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("a teacher signs up through the school's invitation link straight into the school", async () => {
    const link = new URL(await makeInvitationLink(app, javaScriptEnabled));
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const email = `invited.${randomBytes(3).toString("hex")}@example.org`;
    const school = app.fixtures.riverside.name;
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("heading", { level: 1, name: `Join ${school}` }).waitFor();
    await fillSignUp(page, "Ivo Invited", email);
    await confirmEmail(app, page, email);
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL("**/home?noClasses=true");
    await page.getByText(`The class is created in ${school}`).waitFor();
  });

  test("the platform admin makes a school's invitation link on the school's page; a teacher signs up through it into that school", async () => {
    const school = app.fixtures.hillside;
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(context, app, app.fixtures.sessions.platformAdmin);
    const admin = await context.newPage();
    await admin.goto(`/admin/schools/${school.id}`);
    await admin.getByRole("heading", { name: "Invitation link" }).waitFor();
    await admin.getByText(`Whoever opens it can create a teacher account in ${school.name}.`).waitFor();
    await admin.getByRole("button", { name: /^Make (a new|an invitation) link$/ }).click();
    await admin.getByText("Copy this link now: it is shown only once.").waitFor();
    const link = new URL(await admin.getByLabel("New invitation link").inputValue());

    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const email = `platform.invited.${randomBytes(3).toString("hex")}@example.org`;
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("heading", { level: 1, name: `Join ${school.name}` }).waitFor();
    await fillSignUp(page, "Pia Platform", email);
    await confirmEmail(app, page, email);
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL("**/home?noClasses=true");
    await page.getByText(`The class is created in ${school.name}`).waitFor();

    // The school's page now shows the live link and its one sign-up.
    await admin.goto(`/admin/schools/${school.id}`);
    await admin.getByText("1 teacher signed up with it.").waitFor();
  });

  test("a switched-off invitation link gets a plain page, and the form is gone", async () => {
    const link = new URL(await makeInvitationLink(app, javaScriptEnabled));
    const context = await newContext({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(context, app, app.fixtures.sessions.schoolAdmin);
    const admin = await context.newPage();
    await admin.goto("/admin/staff");
    await admin.getByRole("button", { name: "Switch the link off" }).click();
    await admin.getByText("The invitation link is switched off.").first().waitFor();

    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const response = await page.goto(`${link.pathname}${link.search}`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This invitation link does not work" }).waitFor();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("was switched off");
    expect(await page.getByLabel("Full name", { exact: true }).count()).toBe(0);
  });

  test("with public sign-up off, /signup says how to get an account, and an invitation link still signs up", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: closed.baseURL });
    await page.goto("/signup");
    await page.getByText("Ask your school's admin for an invitation link or an account.").waitFor();
    expect(await page.getByLabel("Full name", { exact: true }).count()).toBe(0);

    const link = new URL(await makeInvitationLink(closed, javaScriptEnabled));
    const email = `closed.invited.${randomBytes(3).toString("hex")}@example.org`;
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("heading", { level: 1, name: `Join ${closed.fixtures.riverside.name}` }).waitFor();
    await fillSignUp(page, "Olu Closed", email);
    await closed.mail!.waitForLink(email, "/verify-email");
  });
});

test("with public sign-up off, a hand-made sign-up post is refused and makes no account", async () => {
  const context = await newContext({ javaScriptEnabled: false, baseURL: closed.baseURL });
  const email = `sneaky.${randomBytes(3).toString("hex")}@example.org`;
  const response = await context.request.post(`${closed.baseURL}/signup`, {
    form: { name: "Sneaky", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { Origin: closed.baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("You cannot create an account here yourself.");
  const api = await context.request.post(`${closed.baseURL}/api/auth/sign-up/email`, {
    data: { name: "Sneaky", email, password: PASSWORD },
    headers: { Origin: closed.baseURL },
  });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ code: "FORBIDDEN" });
});
