/**
 * The whole provider sign-in flow in-process (ADR 210, 212): the route
 * modules /auth/oidc/:provider and its callback against a real OpenID
 * provider on loopback (tests/support/oidc-provider.ts), driven with fetch
 * and a cookie jar as a browser would. The browser run of the same flows is
 * tests/e2e/oidc-sign-in.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as callbackRoute from "~/routes/auth/oidc-callback";
import * as startRoute from "~/routes/auth/oidc-start";
import type { App } from "~/server/app.server";
import { schools, userIdentities } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createSchool, createUser } from "../support/fixtures";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { createTestApp, routeContext } from "../support/test-app";

const APP_URL = "http://school.test";
let app: App;
let google: OidcTestProvider;
let teacher: { id: number; email: string };

beforeAll(async () => {
  google = await startOidcProvider({ redirectUris: [`${APP_URL}/auth/oidc/google/callback`] });
  const database = await createTestDatabase();
  app = await createTestApp(database, {
    APP_URL,
    LOG_LEVEL: "silent",
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
  });
  const school = await createSchool(database.db, { name: "Riverside" });
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

/** Presses "Sign in with Google": the redirect to the provider and the transaction cookie. */
async function start(): Promise<{ location: string; transaction: string; setCookie: string }> {
  const request = new Request(`${APP_URL}/auth/oidc/google`, {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  const response = await answer(
    asHandler(startRoute.action)({ request, context: routeContext(app), params: { provider: "google" } }),
  );
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

async function callback(url: string, transaction: string | null): Promise<Response> {
  const request = new Request(url, { headers: transaction ? { cookie: transaction } : {} });
  return answer(
    asHandler(callbackRoute.loader)({ request, context: routeContext(app), params: { provider: "google" } }),
  );
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
