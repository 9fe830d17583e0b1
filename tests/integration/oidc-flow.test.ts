/**
 * The whole provider sign-in flow in-process (ADR 210, 212): the route
 * modules /auth/oidc/:provider and its callback against a real OpenID
 * provider on loopback (tests/support/oidc-provider.ts), driven with fetch
 * and a cookie jar as a browser would. The browser run of the same flows is
 * tests/e2e/oidc-sign-in.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as callbackRoute from "~/routes/auth/oidc-callback";
import * as startRoute from "~/routes/auth/oidc-start";
import type { App } from "~/server/app.server";
import { signUp, verifyCredentials } from "~/server/auth/accounts.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, credentials, schools, sessions, userIdentities, users } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { freePort } from "../support/app-process";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { createTestApp, routeContext } from "../support/test-app";

const APP_URL = "http://school.test";
let app: App;
let google: OidcTestProvider;
let teacher: { id: number; email: string };
let riversideId: number;

/** The log lines the app wrote (its logger replaced by one that keeps them). */
const logged: { level: string; event: string; fields: Record<string, unknown> }[] = [];
let database: Database;

beforeAll(async () => {
  google = await startOidcProvider({
    redirectUris: [`${APP_URL}/auth/oidc/google/callback`, `${APP_URL}/auth/oidc/oidc/callback`],
  });
  database = await createTestDatabase();
  app = await createTestApp(database, {
    APP_URL,
    LOG_LEVEL: "silent",
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
    // The deployment's own provider: the same test provider under another name.
    OIDC_ISSUER: google.issuer,
    OIDC_CLIENT_ID: google.clientId,
    OIDC_CLIENT_SECRET: google.clientSecret,
    OIDC_NAME: "County Schools ID",
  });
  const keep =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      logged.push({ level, event, fields });
    };
  app.logger = { debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };
  const school = await createSchool(database.db, { name: "Riverside" });
  riversideId = school.id;
  await database.db.update(schools).set({ googleDomain: "riverside.example" }).where(eq(schools.id, school.id));
  teacher = await createUser(database.db, { schoolId: school.id, email: "ada@riverside.example" });
});

afterAll(async () => {
  await google?.close();
});

type Args = { request: Request; context: ReturnType<typeof routeContext>; params: Record<string, string> };
const asHandler = (handler: unknown) => handler as (args: Args) => Promise<unknown>;

/** A Response whatever the route did: returned, thrown, or data() (status and body). */
async function answer(work: Promise<unknown>): Promise<Response> {
  try {
    const result = await work;
    if (result instanceof Response) return result;
    const value = result as { type?: string; data?: unknown; init?: ResponseInit };
    if (value?.type === "DataWithResponseInit") return Response.json(value.data, value.init ?? undefined);
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function cookieOf(response: Response, name: string): string | null {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0] : null;
}

/** Presses "Sign in with Google" (or another provider's button): the answer, a redirect or a problem page. */
async function press(provider = "google", target: App = app): Promise<Response> {
  const request = new Request(`${APP_URL}/auth/oidc/${provider}`, {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  return answer(asHandler(startRoute.action)({ request, context: routeContext(target), params: { provider } }));
}

/** Presses "Sign in with Google": the redirect to the provider and the transaction cookie. */
async function start(provider = "google"): Promise<{ location: string; transaction: string; setCookie: string }> {
  const response = await press(provider);
  expect(response.status).toBe(302);
  const transaction = cookieOf(response, "__oidc");
  if (!transaction) throw new Error("no transaction cookie");
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__oidc=")) ?? "";
  return { location: response.headers.get("location") ?? "", transaction, setCookie };
}

/** Signs in at the provider's login page as `login`; returns the callback URL the provider sends back to. */
async function atProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name, value.join("="));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(APP_URL)) return url;
    const response = await send(url);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    // The login page: post the login form.
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form at ${url}: ${html.slice(0, 200)}`);
    const posted = await send(new URL(action.replaceAll("&amp;", "&"), url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
    });
    url = new URL(posted.headers.get("location") ?? "", url).href;
  }
  throw new Error("the provider never sent back to the app");
}

async function callback(url: string, transaction: string | null, target: App = app): Promise<Response> {
  const request = new Request(url, { headers: transaction ? { cookie: transaction } : {} });
  const provider = /\/auth\/oidc\/([^/]+)\/callback/.exec(url)?.[1] ?? "google";
  return answer(asHandler(callbackRoute.loader)({ request, context: routeContext(target), params: { provider } }));
}

test("pressing the button sends to the provider with PKCE (S256), state and nonce, and keeps them in a signed, httpOnly, Lax cookie", async () => {
  const { location, setCookie } = await start();
  expect(setCookie).toMatch(/; HttpOnly/);
  expect(setCookie).toMatch(/; SameSite=Lax/);
  expect(setCookie).toMatch(/; Path=\/auth\/oidc/);
  expect(setCookie).toMatch(/; Max-Age=600/);
  const url = new URL(location);
  expect(url.origin).toBe(google.issuer);
  for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toBeTruthy();
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("redirect_uri")).toBe(`${APP_URL}/auth/oidc/google/callback`);
});

test("a first sign-in links the staff member and starts a session; the same code replayed is refused", async () => {
  google.addAccount("ada", { email: teacher.email, email_verified: true, hd: "riverside.example" });
  const { location, transaction } = await start();
  const back = await atProvider(location, "ada");
  const signedIn = await callback(back, transaction);
  expect(signedIn.status).toBe(302);
  // A teacher's home (the class area sends one with no class on to /home).
  expect(signedIn.headers.get("location")).toBe("/class/-1/home");
  expect(cookieOf(signedIn, "__session")).toBeTruthy();
  const identities = await app.db.select().from(userIdentities).where(eq(userIdentities.userId, teacher.id));
  expect(identities).toMatchObject([{ issuer: google.issuer, subject: "ada", tenant: "riverside.example" }]);

  const replayed = await callback(back, transaction);
  expect(replayed.status).toBe(400);
  expect(await replayed.json()).toMatchObject({ kind: "mismatch" });
  expect(cookieOf(replayed, "__session")).toBeNull();
});

test("an answer without the browser's transaction cookie, or with another sign-in's, signs nobody in", async () => {
  google.addAccount("ada", { email: teacher.email, email_verified: true, hd: "riverside.example" });
  const first = await start();
  const second = await start();
  const back = await atProvider(first.location, "ada");
  const withoutCookie = await callback(back, null);
  expect(withoutCookie.status).toBe(400);
  expect(await withoutCookie.json()).toMatchObject({ kind: "expired" });
  const otherState = await callback(back, second.transaction);
  expect(otherState.status).toBe(400);
  expect(await otherState.json()).toMatchObject({ kind: "mismatch" });
});

test("a staff e-mail from another domain is refused with a page saying so, and links nothing", async () => {
  google.addAccount("mallory", { email: teacher.email, email_verified: true, hd: "elsewhere.example" });
  const { location, transaction } = await start();
  const refused = await callback(await atProvider(location, "mallory"), transaction);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ kind: "wrong-school" });
  const rows = await app.db.select().from(userIdentities).where(eq(userIdentities.subject, "mallory"));
  expect(rows).toHaveLength(0);
});

test("a provider's error answers get their own pages", async () => {
  const consent = await callback(`${APP_URL}/auth/oidc/google/callback?error=consent_required`, null);
  expect(await consent.json()).toMatchObject({ kind: "consent" });
  const trust = await callback(`${APP_URL}/auth/oidc/google/callback?error=admin_policy_enforced`, null);
  expect(await trust.json()).toMatchObject({ kind: "not-trusted" });
});

test("someone who signed up with the owner's e-mail and never confirmed it loses the account to the owner's provider sign-in: password gone, sessions ended (issue 35.5)", async () => {
  const email = "owner.35@anywhere.example";
  const password = "Stranger-Pass-9";
  await signUp(app, { name: "Not The Owner", email, password, confirmPassword: password }, null);
  await app.mailer.idle();
  const [account] = await app.db.select().from(users).where(eq(users.email, email));
  expect(account.emailVerified).toBe(false);
  // The stranger is signed in with the password they chose.
  await expect(verifyCredentials(app.db, { email, password }, null, [], app.oidc.providers)).resolves.toBe(account.id);
  await app.db
    .insert(sessions)
    .values({ id: "stranger-session", userId: account.id, expiresAt: new Date(Date.now() + 3.6e6) });

  google.addAccount("owner35", { email, email_verified: true });
  const { location, transaction } = await start("oidc");
  const signedIn = await callback(await atProvider(location, "owner35"), transaction);
  expect(signedIn.status).toBe(302);
  expect(cookieOf(signedIn, "__session")).toBeTruthy();

  await expect(verifyCredentials(app.db, { email, password }, null, [], app.oidc.providers)).rejects.toBeInstanceOf(
    DomainError,
  );
  expect(await app.db.select().from(credentials).where(eq(credentials.userId, account.id))).toHaveLength(0);
  const left = await app.db.select().from(sessions).where(eq(sessions.userId, account.id));
  expect(left.map((row) => row.method)).toEqual(["provider"]);
  const [after] = await app.db.select().from(users).where(eq(users.id, account.id));
  expect(after.emailVerified).toBe(true);
  const events = await app.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, "user.unconfirmed_password_removed"), eq(auditEvents.targetId, String(account.id))),
    );
  expect(events).toHaveLength(1);
});

test("a provider that sends the e-mail only from its user-info endpoint links the staff member", async () => {
  const staff = await createUser(app.db, { schoolId: riversideId, email: "uli@riverside.example" });
  google.addAccount("uli", { email: staff.email, email_verified: true }, { userInfoOnly: true });
  const { location, transaction } = await start("oidc");
  const signedIn = await callback(await atProvider(location, "uli"), transaction);
  expect(signedIn.status).toBe(302);
  const identities = await app.db.select().from(userIdentities).where(eq(userIdentities.userId, staff.id));
  expect(identities).toMatchObject([{ provider: "oidc", subject: "uli" }]);
});

test("every refused provider sign-in is logged with its reason, and audited under the school; the page is never cached", async () => {
  logged.length = 0;
  google.addAccount("newbie", { email: "newbie@riverside.example", email_verified: true, hd: "riverside.example" });
  const { location, transaction } = await start();
  const refused = await callback(await atProvider(location, "newbie"), transaction);
  expect(refused.status).toBe(403);
  expect(refused.headers.get("cache-control")).toBe("no-store");
  expect(logged).toContainEqual({
    level: "info",
    event: "oidc.sign_in_refused",
    fields: expect.objectContaining({ provider: "google", kind: "unknown", schoolId: riversideId }),
  });
  const [event] = await app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "user.sign_in_provider_refused"), eq(auditEvents.schoolId, riversideId)));
  expect(event.details).toMatchObject({ provider: "google", kind: "unknown", email: "newbie@riverside.example" });
  // No token, code or secret in any line.
  const text = JSON.stringify(logged);
  expect(text).not.toContain(google.clientSecret);
  expect(text).not.toMatch(/code=|eyJ/);
});

test("a wrong client secret reads 'not set up correctly: tell whoever runs it', is logged as a warning and audited", async () => {
  const wrong = await createTestApp(database, {
    APP_URL,
    LOG_LEVEL: "silent",
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: "not-the-secret-at-all",
  });
  const lines: string[] = [];
  wrong.logger = { ...wrong.logger, warn: (event, fields) => lines.push(JSON.stringify({ event, ...fields })) };
  google.addAccount("ada", { email: teacher.email, email_verified: true, hd: "riverside.example" });
  const started = await press("google", wrong);
  const transaction = cookieOf(started, "__oidc");
  const back = await atProvider(started.headers.get("location") ?? "", "ada");
  const refused = await callback(back, transaction, wrong);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ kind: "misconfigured" });
  expect(lines.join("\n")).toMatch(/oidc.sign_in_refused.*invalid_client/);
  expect(lines.join("\n")).not.toContain("not-the-secret-at-all");
  const events = await wrong.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "user.sign_in_provider_refused"));
  expect(events.map((e) => e.details)).toContainEqual(expect.objectContaining({ kind: "misconfigured" }));
});

test("a provider that is down (a closed port), before any contact or after one, is 'We could not reach' at the button, with Retry-After", async () => {
  const port = await freePort();
  const down = await createTestApp(database, {
    APP_URL,
    LOG_LEVEL: "silent",
    OIDC_ISSUER: `http://127.0.0.1:${port}`,
    OIDC_CLIENT_ID: "x",
    OIDC_CLIENT_SECRET: "y",
    OIDC_NAME: "Down ID",
  });
  const neverReached = await press("oidc", down).catch((thrown: unknown) => thrown);
  expect(neverReached).toMatchObject({ init: { status: 503 }, data: { kind: "unreachable", providerId: "oidc" } });
  const headers = new Headers((neverReached as { init: ResponseInit }).init.headers);
  expect(headers.get("cache-control")).toBe("no-store");
  expect(headers.get("retry-after")).toBeTruthy();

  // A provider that answered once, then went down: the next press still gets the page, not a redirect to nowhere.
  const flaky = await startOidcProvider({ redirectUris: [`${APP_URL}/auth/oidc/oidc/callback`] });
  const once = await createTestApp(database, {
    APP_URL,
    LOG_LEVEL: "silent",
    OIDC_ISSUER: flaky.issuer,
    OIDC_CLIENT_ID: flaky.clientId,
    OIDC_CLIENT_SECRET: flaky.clientSecret,
    OIDC_NAME: "Flaky ID",
  });
  expect((await press("oidc", once)).status).toBe(302);
  await flaky.close();
  const after = await press("oidc", once).catch((thrown: unknown) => thrown);
  expect(after).toMatchObject({ init: { status: 503 }, data: { kind: "unreachable" } });
});
