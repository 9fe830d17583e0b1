/**
 * Redirect targets stay on the site (ADR 121): every route that takes a
 * redirect target from a request gets the whole hostile list
 * (tests/support/hostile-strings.ts), through the full React Router pipeline
 * in-process (tests/support/app-handler.ts) on the app's own demo database
 * (PGlite; PostgreSQL with TEST_DATABASE_URL). Each answer must send the
 * browser to a path on this site, as a browser reads the `Location` header,
 * and the work the request asked for must be done whole: the password is
 * changed, the session is started, the e-mail is verified. Never a 500.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { isCleanText } from "~/lib/schemas/text";
import { createVerificationToken } from "~/server/auth/accounts.server";
import { createSession, hashToken, SESSION_COOKIE_NAME } from "~/server/auth/session.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import { HOSTILE_REDIRECTS } from "../support/hostile-strings";

const ORIGIN = "http://school.test";
const SITE = new URL(ORIGIN).host;

let server: InProcessApp;
let teacherId: number;
const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;

beforeAll(async () => {
  server = await startInProcessApp();
  const [user] = await server.app.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, teacher.email));
  teacherId = user.id;
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function cookie(): Promise<string> {
  const session = await createSession(server.app, teacherId, new Request(`${ORIGIN}/login`), null);
  return session.setCookie.split(";")[0];
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return server.handle(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** Where a browser goes with this Location header: it must be this site. */
function expectSameSite(location: string | null, label: string): void {
  expect(location, label).not.toBeNull();
  expect(location!.startsWith("/") && !location!.startsWith("//"), `${label} → ${location}`).toBe(true);
  expect(new URL(location!, `${ORIGIN}/account/password`).host, `${label} → ${location}`).toBe(SITE);
}

async function passwordHash(): Promise<string> {
  const [row] = await server.app.db
    .select({ hash: schema.credentials.passwordHash })
    .from(schema.credentials)
    .where(eq(schema.credentials.userId, teacherId));
  return row.hash;
}

/** Sign-in limits count per IP and e-mail; this test signs in on purpose many times. */
async function clearRateLimits(): Promise<void> {
  await server.app.db.execute(sql`delete from ${schema.rateLimits}`);
}

let currentPassword: string = teacher.password;

test("POST /account/password (no JavaScript): the password changes and the redirect stays on the site", async () => {
  for (const [index, target] of HOSTILE_REDIRECTS.entries()) {
    const label = `redirectTo=${JSON.stringify(target).slice(0, 80)}`;
    const before = await passwordHash();
    const next = `Rotate-Pass-${index}`;
    const response = await post(
      "/account/password",
      { currentPassword, newPassword: next, confirmPassword: next, redirectTo: target },
      { Cookie: await cookie() },
    );
    if (response.status === 400) {
      // The text backstop refused a target with a character no field may hold (NUL, NEL): nothing was changed.
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      expect(await passwordHash(), label).toBe(before);
      continue;
    }
    expect(response.status, `${label}: ${await response.clone().text()}`).toBe(302);
    expectSameSite(response.headers.get("location"), label);
    expect(await passwordHash(), `${label}: the password was not changed`).not.toBe(before);
    currentPassword = next;
  }
});

test("GET /account/password?redirectTo=…: the form's target and its Cancel link stay on the site", async () => {
  const session = await cookie();
  for (const target of HOSTILE_REDIRECTS) {
    const label = `redirectTo=${JSON.stringify(target).slice(0, 80)}`;
    const response = await server.handle(
      new Request(`${ORIGIN}/account/password?${new URLSearchParams({ redirectTo: target })}`, {
        headers: { Cookie: session },
      }),
    );
    if (response.status === 400) {
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      continue;
    }
    expect(response.status, label).toBe(200);
    const html = await response.text();
    const hidden = /name="redirectTo" value="([^"]*)"/.exec(html)?.[1];
    if (hidden) expectSameSite(hidden.replace(/&amp;/g, "&"), `${label} (hidden input)`);
  }
});

test("POST /login with redirectTo: the session starts and the redirect stays on the site", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    const label = `redirectTo=${JSON.stringify(target).slice(0, 80)}`;
    await clearRateLimits();
    const response = await post("/login", { email: teacher.email, password: currentPassword, redirectTo: target });
    if (response.status === 400) {
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      continue;
    }
    expect(response.status, `${label}: ${await response.clone().text()}`).toBe(302);
    expectSameSite(response.headers.get("location"), label);
    const sessionCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
    expect(sessionCookie, `${label}: no session started`).toBeDefined();
  }
});

test("GET /login?redirectTo=…: the sign-in form only ever carries a same-site path", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    const label = `redirectTo=${JSON.stringify(target).slice(0, 80)}`;
    const response = await server.handle(new Request(`${ORIGIN}/login?${new URLSearchParams({ redirectTo: target })}`));
    if (response.status === 400) {
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      continue;
    }
    expect(response.status, label).toBe(200);
    const hidden = /name="redirectTo" value="([^"]*)"/.exec(await response.text())?.[1];
    if (hidden) expectSameSite(hidden.replace(/&amp;/g, "&"), `${label} (hidden input)`);
  }
});

// One real password check per hostile target: slow on a loaded machine, hence its own timeout.
test("POST /api/auth/sign-in/email with callbackURL: signed in, and the url to follow stays on the site", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    const label = `callbackURL=${JSON.stringify(target).slice(0, 80)}`;
    await clearRateLimits();
    const response = await server.handle(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ email: teacher.email, password: currentPassword, callbackURL: target }),
      }),
    );
    const body = (await response.json()) as { url?: string; redirect?: boolean; code?: string };
    if (response.status === 400) {
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      expect(body.code).toBe("VALIDATION");
      continue;
    }
    expect(response.status, `${label}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.redirect, label).toBe(true);
    expectSameSite(body.url ?? null, label);
  }
}, 120_000);

test("GET /api/auth/verify-email with callbackURL: verified, and the url to follow stays on the site", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    const label = `callbackURL=${JSON.stringify(target).slice(0, 80)}`;
    await server.app.db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, teacherId));
    const token = await createVerificationToken(server.app.db, teacherId, "verify-email");
    const response = await server.handle(
      new Request(`${ORIGIN}/api/auth/verify-email?${new URLSearchParams({ token, callbackURL: target })}`),
    );
    const body = (await response.json()) as { url?: string; status?: boolean };
    const [user] = await server.app.db
      .select({ verified: schema.users.emailVerified })
      .from(schema.users)
      .where(eq(schema.users.id, teacherId));
    if (response.status === 400) {
      expect(isCleanText(target, "multi-line"), label).toBe(false);
      expect(user.verified, `${label}: refused, so not verified`).toBe(false);
      const [unused] = await server.app.db
        .select({ usedAt: schema.verificationTokens.usedAt })
        .from(schema.verificationTokens)
        .where(eq(schema.verificationTokens.tokenHash, hashToken(token)));
      expect(unused.usedAt, `${label}: refused, so the token is unused`).toBeNull();
      continue;
    }
    expect(response.status, `${label}: ${JSON.stringify(body)}`).toBe(200);
    expect(user.verified, label).toBe(true);
    expectSameSite(body.url ?? null, label);
  }
});

test("a signed-out visit to any path is sent to /login, and the redirectTo it carries is a same-site path", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    const label = JSON.stringify(target);
    let url: URL;
    try {
      url = new URL(target, `${ORIGIN}/class/1/`);
    } catch {
      continue;
    }
    if (url.origin !== ORIGIN) continue;
    const response = await server.handle(new Request(url));
    if (response.status === 400 || response.status === 404) continue;
    const location = response.headers.get("location");
    expectSameSite(location, label);
    const redirectTo = new URL(location!, ORIGIN).searchParams.get("redirectTo");
    if (redirectTo) expectSameSite(redirectTo, `${label} (its redirectTo)`);
  }
});

test("class routes with a hostile id redirect within the site", async () => {
  const session = await cookie();
  for (const id of [
    "%00",
    "%0D%0ALocation:%20https://evil.example",
    "%2F%2Fevil.example",
    "%5Cevil.example",
    "..%2F..%2F",
  ]) {
    for (const path of [`/class/${id}`, `/class/${id}/home`]) {
      const response = await server.handle(new Request(`${ORIGIN}${path}`, { headers: { Cookie: session } }));
      expect(response.status, path).toBeLessThan(500);
      if (response.status >= 300 && response.status < 400) expectSameSite(response.headers.get("location"), path);
    }
  }
});
