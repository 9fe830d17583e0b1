/**
 * Accounts in a real browser, each flow with JavaScript on and off: sign up,
 * sign in by role, wrong password, sign out, password reset through the
 * outbox link, archived user, non-admin kept out of /admin.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { demoAccount, jsModes, loginAs, newPage, signInThroughForm } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer;

beforeAll(async () => {
  // Mail goes to a mail catcher, so the test can follow a mailed link.
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true });
});

const signIn = signInThroughForm;

/** The last mailed link to `to` that contains `path`, from the mail catcher. */
function mailedLink(to: string, path: string): Promise<string> {
  return app.mail!.waitForLink(to, path);
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a teacher signs in and lands in their class area", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const teacher = demoAccount("teacher");
    await signIn(page, teacher.email, teacher.password);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/class\/\d+\/home$/);
  });

  test("an admin signs in and lands on the staff screen", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const admin = demoAccount("platformAdmin");
    await signIn(page, admin.email, admin.password);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/admin/staff");
    await page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
  });

  test("a wrong password gets one generic message and keeps the e-mail", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const teacher = demoAccount("teacher2");
    await signIn(page, teacher.email, "Not-The-Password-1");
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Invalid email or password.");
    await expect(page.getByLabel("E-mail").inputValue()).resolves.toBe(teacher.email);
    await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
  });

  test("a new teacher signs up, is told to check their e-mail, signs in, and is told what to do with no classes", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const email = `new.teacher.${randomBytes(3).toString("hex")}@example.org`;
    await page.goto("/signup");
    await page.getByLabel("Full name", { exact: true }).fill("Nadia Brooks");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Welcome-Class-1");
    await page.getByLabel("Confirm password", { exact: true }).fill("Welcome-Class-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/login");
    await page.getByText("We sent you an e-mail").first().waitFor();
    expect(await mailedLink(email, "/verify-email")).toContain("token=");
    await signIn(page, email, "Welcome-Class-1");
    await page.waitForURL("**/home?noClasses=true");
    // With JavaScript the URL changes a moment before the new screen is drawn: wait for the heading, not a snapshot.
    await page.getByRole("heading", { level: 1, name: "You have no classes yet" }).waitFor();
    await page.getByText("Nadia Brooks").first().waitFor();
  });

  test("signing up with an address that has an account looks the same, and mails the owner instead", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const owner = demoAccount("teacher");
    await page.goto("/signup");
    await page.getByLabel("Full name", { exact: true }).fill("Not The Owner");
    await page.getByLabel("E-mail").fill(owner.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("Welcome-Class-1");
    await page.getByLabel("Confirm password", { exact: true }).fill("Welcome-Class-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/login");
    await page.getByText("We sent you an e-mail").first().waitFor();
    expect(await mailedLink(owner.email, "/forgot-password")).toContain("/forgot-password");
  });

  test("sign-up shows each problem next to its field", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await page.goto("/signup");
    await page.getByLabel("Full name", { exact: true }).fill("Sam");
    await page.getByLabel("E-mail").fill(demoAccount("teacher").email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password", { exact: true }).fill("different");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForLoadState("networkidle");
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await expect(page.getByLabel("Confirm password", { exact: true }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
  });

  test("signing out ends the session", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await loginAs(page.context(), app.baseURL, "teacher");
    await page.goto("/home");
    // With JS, the Radix menu button (it replaces the <details> once React has hydrated); without, the <summary>.
    if (javaScriptEnabled) await page.getByRole("button", { name: /Profile menu$/ }).click();
    else await page.locator("summary", { hasText: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("a forgotten password is reset through the mailed link", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const teacher = demoAccount(javaScriptEnabled ? "teacher2" : "schoolAdmin");
    await page.goto("/forgot-password");
    await page.getByLabel("E-mail").fill(teacher.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").first().textContent()).resolves.toContain(
      "If an account exists for that e-mail address",
    );

    const link = new URL(await mailedLink(teacher.email, "/reset-password"));
    await page.goto(`${link.pathname}${link.search}`);
    const newPassword = `Fresh-Start-${javaScriptEnabled ? 1 : 2}`;
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login");
    await page.getByText("Your password has been changed").first().waitFor();

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("already been used");

    await signIn(page, teacher.email, newPassword);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/login");
  });

  test("an archived user and a user of an archived school only see /blocked", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const archived = demoAccount("archivedTeacher");
    await signIn(page, archived.email, archived.password);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/blocked");
    await page.getByText("Your account has been archived").waitFor();
    await page.goto("/class/-1/home");
    expect(new URL(page.url()).pathname).toBe("/blocked");

    const other = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await loginAs(other.context(), app.baseURL, "archivedSchoolTeacher");
    await other.goto("/admin/staff");
    expect(new URL(other.url()).pathname).toBe("/blocked");
    await other.getByText("Hillcrest Academy has been archived.").waitFor();
  });

  test("a teacher opening /admin is sent to their class area", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await loginAs(page.context(), app.baseURL, "teacher");
    await page.goto("/admin/staff");
    expect(new URL(page.url()).pathname).toMatch(/^\/class\/\d+\/home$/);
  });

  test("/blocked without a session sends the visitor to /login, and a signed-in user skips /login", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await page.goto("/blocked");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.goto("/class/-1/surveys/manage");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/login?redirectTo=${encodeURIComponent("/class/-1/surveys/manage")}`,
    );
    await loginAs(page.context(), app.baseURL, "platformAdmin");
    await page.goto("/login");
    expect(new URL(page.url()).pathname).toBe("/admin/staff");
  });
});

test("a cross-site form post is refused", async () => {
  const response = await fetch(`${app.baseURL}/logout`, {
    method: "POST",
    headers: {
      Origin: "https://evil.example",
      Cookie: "__session=x",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "",
    redirect: "manual",
  });
  expect(response.status).toBe(403);
});

test("the /api/auth endpoints sign in, report the session and sign out", async () => {
  const teacher = demoAccount("teacher");
  const headers = { Origin: app.baseURL, "Content-Type": "application/json" };
  const wrong = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: teacher.email, password: "nope" }),
  });
  expect(wrong.status).toBe(401);
  expect(await wrong.json()).toEqual({ code: "UNAUTHORIZED", message: "Invalid email or password." });

  const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: teacher.email, password: teacher.password, callbackURL: "/class/-1/home" }),
  });
  expect(signIn.status).toBe(200);
  const body = await signIn.json();
  expect(body).toMatchObject({
    redirect: true,
    url: "/class/-1/home",
    user: { email: teacher.email, role: "teacher" },
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0];

  const session = await (await fetch(`${app.baseURL}/api/auth/get-session`, { headers: { Cookie: cookie } })).json();
  expect(session.user).toMatchObject({
    email: teacher.email,
    school: { name: "Riverside Primary School", status: "active" },
  });

  const badJson = await fetch(`${app.baseURL}/api/auth/change-password`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: "{",
  });
  expect(badJson.status).toBe(400);
  expect((await badJson.json()).code).toBe("BAD_REQUEST");

  const out = await fetch(`${app.baseURL}/api/auth/sign-out`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
  });
  expect(await out.json()).toEqual({ success: true });
  expect(await (await fetch(`${app.baseURL}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()).toBeNull();
});
