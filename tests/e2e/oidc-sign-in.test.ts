/**
 * Staff sign-in through a school's provider, in Chromium with JavaScript on
 * and off, against real OpenID providers on loopback (oidc-provider,
 * tests/support/oidc-provider.ts; ADR 212): a Google-like one (hd,
 * email_verified) and a Microsoft-like one (tid, oid, xms_edov). The
 * providers run on 127.0.0.2, another site than the app's 127.0.0.1, so the
 * transaction cookie must come back on a cross-site redirect (SameSite=Lax).
 *
 * Covered: first sign-in linking, a returning user found by subject, sign-out,
 * wrong domain and tenant, unverified e-mail, unknown staff member, a
 * cancelled sign-in, state and nonce mismatch, a replayed code, a school that
 * requires its provider (password refused), an archived staff member, and
 * the pages for a provider's admin-consent and untrusted-app errors.
 */
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OIDC_TRANSACTION_COOKIE_NAME } from "~/server/auth/oidc-strategy.server";
import { hashPassword } from "~/server/auth/password.server";
import { credentials, schools } from "~/server/db/schema.server";
import { jsModes, newPage, signInThroughForm } from "../support/browser";
import { createSchool, createUser } from "../support/fixtures";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { expectConsoleError } from "../support/page-checks";
import { type AppServer, freePort, startAppServer } from "../support/server";

const TENANT = "11111111-2222-3333-4444-555555555555";
const OTHER_TENANT = "99999999-8888-7777-6666-555555555555";
const PASSWORD = "Hillside-Pass-1";
/** The staff members each mode signs in as (the first sign-in links them, so each mode has its own). */
const PEOPLE = ["ada", "ben", "cara", "dan", "eve", "fay", "gus", "ivy", "jo", "kim", "lou"] as const;
const modeKey = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "nojs");
const emailOf = (person: string, javaScriptEnabled: boolean) =>
  `${person}.${modeKey(javaScriptEnabled)}@riverside.example`;
const nameOf = (person: string, javaScriptEnabled: boolean) =>
  `${person[0].toUpperCase()}${person.slice(1)} ${javaScriptEnabled ? "Jones" : "Nash"}`;

let app: AppServer<void>;
let google: OidcTestProvider;
let microsoft: OidcTestProvider;
let appOrigin: string;

beforeAll(async () => {
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  const callback = (id: string) => `${appOrigin}/auth/oidc/${id}/callback`;
  google = await startOidcProvider({ host: "127.0.0.2", redirectUris: [callback("google"), callback("oidc")] });
  microsoft = await startOidcProvider({ host: "127.0.0.2", redirectUris: [callback("microsoft")] });
  app = await startAppServer({
    port,
    catchMail: true,
    env: {
      OIDC_GOOGLE_ISSUER: google.issuer,
      OIDC_GOOGLE_CLIENT_ID: google.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
      OIDC_MICROSOFT_ISSUER: microsoft.issuer,
      OIDC_MICROSOFT_CLIENT_ID: microsoft.clientId,
      OIDC_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      // The generic provider: the Google-like one again, under the deployment's own name.
      OIDC_ISSUER: google.issuer,
      OIDC_CLIENT_ID: google.clientId,
      OIDC_CLIENT_SECRET: google.clientSecret,
      OIDC_NAME: "County Schools ID",
    },
    fixtures: async ({ db }) => {
      const riverside = await createSchool(db, { name: "Riverside Primary" });
      await db
        .update(schools)
        .set({ googleDomain: "riverside.example", microsoftTenantId: TENANT })
        .where(eq(schools.id, riverside.id));
      const hillside = await createSchool(db, { name: "Hillside School" });
      await db
        .update(schools)
        .set({ googleDomain: "hillside.example", requireProviderSignIn: true })
        .where(eq(schools.id, hillside.id));
      for (const javaScriptEnabled of [true, false]) {
        for (const person of PEOPLE) {
          await createUser(db, {
            schoolId: riverside.id,
            name: nameOf(person, javaScriptEnabled),
            email: emailOf(person, javaScriptEnabled),
            status: person === "gus" ? "archived" : "active",
          });
        }
      }
      const passwordHash = await hashPassword(PASSWORD);
      const hal = await createUser(db, { schoolId: hillside.id, name: "Hal Hill", email: "hal@hillside.example" });
      const root = await createUser(db, {
        role: "admin",
        schoolId: null,
        name: "Pat Platform",
        email: "pat@platform.example",
      });
      await db.insert(credentials).values([
        { userId: hal.id, passwordHash },
        { userId: root.id, passwordHash },
      ]);
    },
  });
});

afterAll(async () => {
  await google?.close();
  await microsoft?.close();
});

/** Presses the sign-in button on /login and waits for the provider's login page. */
async function openProvider(page: Page, button: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: button }).click();
  await page.locator('input[name="login"]').waitFor();
  expect(new URL(page.url()).hostname).toBe("127.0.0.2");
}

/** Signs in at the provider's login page as `login`, and waits until the browser is back at the app. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await Promise.all([
    page.waitForURL((url) => url.origin === appOrigin, { waitUntil: "load" }),
    page.getByRole("button", { name: "Sign-in" }).click(),
  ]);
}

async function signInThroughProvider(page: Page, button: string, login: string): Promise<void> {
  await openProvider(page, button);
  await signInAtProvider(page, login);
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).first().textContent()) ?? "";
}

/** Whether the browser has a session: /home answers the signed-in home, or sends to /login. */
async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto("/home");
  return new URL(page.url()).pathname !== "/login";
}

async function transactionCookie(context: BrowserContext) {
  return (await context.cookies(`${appOrigin}/auth/oidc/`)).find((c) => c.name === OIDC_TRANSACTION_COOKIE_NAME);
}

/**
 * A page whose requests to the test provider's own web fonts (oidc-provider's
 * development sign-in page links Google Fonts) are answered empty: this
 * machine has no internet, and the provider's page is not ours to check.
 */
async function openPage(javaScriptEnabled: boolean) {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await page
    .context()
    .route("https://fonts.googleapis.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/css", body: "" }),
    );
  return page;
}

test("the sign-in page shows a button for each configured provider", async () => {
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await page.goto("/login");
  for (const name of ["Sign in with Google", "Sign in with Microsoft", "Sign in with County Schools ID"]) {
    await page.getByRole("button", { name }).waitFor();
  }
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  const account = (person: string) => `${person}-${modeKey(javaScriptEnabled)}`;
  const email = (person: string) => emailOf(person, javaScriptEnabled);
  const name = (person: string) => nameOf(person, javaScriptEnabled);
  const open = () => openPage(javaScriptEnabled);

  test("a first Google sign-in links the staff member; signing out ends it; a returning sign-in finds them by subject even with a new e-mail", async () => {
    const page = await open();
    google.addAccount(account("ada"), { email: email("ada"), email_verified: true, hd: "riverside.example" });
    await signInThroughProvider(page, "Sign in with Google", account("ada"));
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByText(name("ada")).first().waitFor();

    const signOut = await page.context().request.post(`${app.baseURL}/logout`, {
      headers: { Origin: app.baseURL },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(302);
    expect(await isSignedIn(page)).toBe(false);

    // The provider now says another address: the account is keyed on issuer and subject, not the e-mail.
    // Its own session ends too, so it asks for the account again (as on a shared classroom PC).
    await page.context().clearCookies({ domain: "127.0.0.2" });
    google.addAccount(account("ada"), { email: "ada.new@elsewhere.example", email_verified: false });
    await signInThroughProvider(page, "Sign in with Google", account("ada"));
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByText(name("ada")).first().waitFor();
  });

  test("a first Microsoft sign-in links by the school's tenant when xms_edov vouches for the e-mail", async () => {
    const page = await open();
    microsoft.addAccount(account("cara"), {
      email: email("cara"),
      xms_edov: true,
      tid: TENANT,
      oid: `oid-${account("cara")}`,
    });
    await signInThroughProvider(page, "Sign in with Microsoft", account("cara"));
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByText(name("cara")).first().waitFor();
  });

  test("a Google account of another domain gets a page saying so, and no session", async () => {
    const page = await open();
    google.addAccount(account("ben"), { email: email("ben"), email_verified: true, hd: "elsewhere.example" });
    await signInThroughProvider(page, "Sign in with Google", account("ben"));
    expect(await heading(page)).toBe("This account is not from your school");
    await page.getByText("is not from a school's Google Workspace domain").waitFor();
    expect(await isSignedIn(page)).toBe(false);
  });

  test("a Microsoft account of another tenant gets a page saying so, and no session", async () => {
    const page = await open();
    microsoft.addAccount(account("dan"), { email: email("dan"), xms_edov: true, tid: OTHER_TENANT, oid: "x" });
    await signInThroughProvider(page, "Sign in with Microsoft", account("dan"));
    expect(await heading(page)).toBe("This account is not from your school");
    expect(await isSignedIn(page)).toBe(false);
  });

  test("an e-mail the provider has not verified is not linked: ask the school's admin", async () => {
    const page = await open();
    google.addAccount(account("eve"), { email: email("eve"), email_verified: false, hd: "riverside.example" });
    await signInThroughProvider(page, "Sign in with Google", account("eve"));
    expect(await heading(page)).toBe("Ask your school's admin");
    const alert = page.getByRole("alert");
    await alert.getByText(`Google has not confirmed that ${email("eve")} is yours`).waitFor();
    // Eve is on the staff already: nobody has to add her; Google must vouch for the address.
    expect(await alert.textContent()).not.toContain("add you");
    expect(await alert.textContent()).toContain("Ask whoever runs Google accounts at your school");
    expect(await isSignedIn(page)).toBe(false);
  });

  test("someone who is not on the school's staff is told to ask the school's admin, and no account is made", async () => {
    const page = await open();
    const stranger = `new.${modeKey(javaScriptEnabled)}@riverside.example`;
    google.addAccount(account("new"), { email: stranger, email_verified: true, hd: "riverside.example" });
    await signInThroughProvider(page, "Sign in with Google", account("new"));
    expect(await heading(page)).toBe("Ask your school's admin");
    await page.getByText(`There is no staff account for ${stranger} at your school yet.`).waitFor();
    expect(await isSignedIn(page)).toBe(false);
  });

  test("a sign-in cancelled at the provider gets a plain page", async () => {
    const page = await open();
    await openProvider(page, "Sign in with Google");
    await Promise.all([
      page.waitForURL((url) => url.origin === appOrigin, { waitUntil: "load" }),
      page.getByRole("link", { name: "[ Cancel ]" }).click(),
    ]);
    expect(await heading(page)).toBe("Sign-in cancelled");
    // Google's console only: a Google sign-in never sends a school's admin to Microsoft's.
    const text = (await page.getByRole("alert").textContent()) ?? "";
    expect(text).toContain("Google Admin console");
    expect(text).not.toContain("Microsoft");
    await page.getByRole("link", { name: "Back to sign in" }).waitFor();
  });

  test("an answer for another sign-in than the browser's last one (state mismatch) is refused", async () => {
    const page = await open();
    google.addAccount(account("fay"), { email: email("fay"), email_verified: true, hd: "riverside.example" });
    await openProvider(page, "Sign in with Google");
    // A second sign-in started in another tab replaces the first one's secrets.
    const second = await page.context().newPage();
    await second.goto(`${app.baseURL}/login`);
    await second.getByRole("button", { name: "Sign in with Google" }).click();
    await second.locator('input[name="login"]').waitFor();
    await second.close();
    await signInAtProvider(page, account("fay"));
    expect(await heading(page)).toBe("This sign-in could not be checked");
    expect(await isSignedIn(page)).toBe(false);
  });

  test("an ID token whose nonce is not the one the browser's sign-in sent is refused", async () => {
    const page = await open();
    google.addAccount(account("fay"), { email: email("fay"), email_verified: true, hd: "riverside.example" });
    await openProvider(page, "Sign in with Google");
    // The cookie keeps its state and PKCE verifier but names another nonce, signed as the app signs it.
    const cookie = createCookie(OIDC_TRANSACTION_COOKIE_NAME, { secrets: [app.sessionSecret] });
    const current = await transactionCookie(page.context());
    if (!current) throw new Error("no transaction cookie after pressing the button");
    const transaction = await cookie.parse(`${OIDC_TRANSACTION_COOKIE_NAME}=${current.value}`);
    const forged = (await cookie.serialize({ ...transaction, nonce: "another-nonce-0123456789" })).split(";")[0];
    await page.context().addCookies([{ ...current, value: forged.slice(OIDC_TRANSACTION_COOKIE_NAME.length + 1) }]);
    await signInAtProvider(page, account("fay"));
    expect(await heading(page)).toBe("This sign-in could not be checked");
    expect(await isSignedIn(page)).toBe(false);
  });

  test("a code used once cannot sign in again (replay)", async () => {
    const page = await open();
    google.addAccount(account("ivy"), { email: email("ivy"), email_verified: true, hd: "riverside.example" });
    await openProvider(page, "Sign in with Google");
    const saved = await transactionCookie(page.context());
    if (!saved) throw new Error("no transaction cookie after pressing the button");
    let callbackUrl = "";
    page.on("request", (request) => {
      if (request.url().includes("/auth/oidc/google/callback?")) callbackUrl = request.url();
    });
    await signInAtProvider(page, account("ivy"));
    expect(new URL(page.url()).pathname).toBe("/home");
    expect(callbackUrl).toContain("code=");
    // A browser without the session, holding the same secrets and the same answer.
    await page.context().clearCookies();
    await page.context().addCookies([saved]);
    await page.goto(callbackUrl);
    expect(await heading(page)).toBe("This sign-in could not be checked");
    expect(await isSignedIn(page)).toBe(false);
  });

  test("an archived staff member signing in through the provider lands on the blocked page", async () => {
    const page = await open();
    google.addAccount(account("gus"), { email: email("gus"), email_verified: true, hd: "riverside.example" });
    await signInThroughProvider(page, "Sign in with Google", account("gus"));
    await page.waitForURL("**/blocked");
    await page.getByText("Your account has been archived").waitFor();
  });

  test("a school that requires its provider refuses its staff's password and says how to sign in; the platform admin keeps a password", async () => {
    const page = await open();
    await signInThroughForm(page, "hal@hillside.example", PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(page.getByRole("alert").textContent()).resolves.toContain(
      'Hillside School asks its staff to sign in through the school\'s account, not with a password. Use "Sign in with Google" or "Sign in with County Schools ID" on the sign-in page.',
    );
    expect(await isSignedIn(page)).toBe(false);
    await signInThroughForm(page, "pat@platform.example", PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/admin/staff");
  });

  test("a provider's admin-consent and untrusted-app errors get pages that say what the school's admin must do", async () => {
    const page = await open();
    await page.goto(
      "/auth/oidc/microsoft/callback?error=consent_required&error_description=AADSTS65001%3A+The+user+or+administrator+has+not+consented",
    );
    expect(await heading(page)).toBe("Your school's admin must allow this app");
    await page.getByText("grant admin consent").waitFor();
    await page.goto("/auth/oidc/google/callback?error=admin_policy_enforced");
    expect(await heading(page)).toBe("Your school has not allowed this app yet");
    await page.getByText("Manage third-party app access").waitFor();
  });
});

test("a provider's problem pages are never cached, and a provider that went down after answering once is 'We could not reach' at the button, with Retry-After (issue 35.5, 36)", async () => {
  const page = await openPage(false);
  expectConsoleError(page, /status of (400|503)/);
  const cancelled = await page.goto("/auth/oidc/google/callback?error=access_denied");
  expect(cancelled?.status()).toBe(400);
  expect(cancelled?.headers()["cache-control"]).toBe("no-store");

  // Microsoft answered every test above; now its port is closed.
  await microsoft.close();
  await page.goto("/login");
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/auth/oidc/microsoft")),
    page.getByRole("button", { name: "Sign in with Microsoft" }).click(),
  ]);
  expect(answer.status()).toBe(503);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["retry-after"]).toBeTruthy();
  expect(await heading(page)).toBe("We could not reach Microsoft");
  expect(new URL(page.url()).origin).toBe(appOrigin);
});
