/**
 * CSRF and headers (docs/security.md), against the production build:
 *
 * - every route with an action (found from app/routes.ts and the modules
 *   themselves, so a new action is covered without editing this file)
 *   refuses a cross-site write made with a valid session cookie: Origin
 *   https://evil.example, a Referer from there without an Origin, Origin
 *   "null" (a sandboxed frame) and no Origin at all are refused, and the
 *   session and data are untouched afterwards. The root middleware answers
 *   403 FORBIDDEN; for a screen's action with a foreign Origin, React
 *   Router's own origin check refuses first, with a 400 (docs/security.md);
 * - every HTML page carries a Content-Security-Policy whose script-src is a
 *   per-response nonce, and every <script> in the HTML carries that nonce;
 * - the browser enforces it: an inline script without the nonce, slipped
 *   into a real page, does not run, while the app's own scripts do.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { expectConsoleError, newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  api,
  createActorsWorld,
  type DemoIds,
  setUpActors,
} from "./authorization-matrix.support";
import { ALL_ROUTES, concretePath } from "./route-paths.support";
import { signInContext } from "./third-party.screens";

const source = (file: string) => readFileSync(path.join("app", file), "utf8");
const hasComponent = (file: string) => /export default function/.test(source(file));
const ACTION_ROUTES = ALL_ROUTES.filter((route) =>
  /export (async )?function action|export const action/.test(source(route.file)),
);
/** Screens: modules with a default component and no `:param` we cannot fill, minus the catch-all. */
const PAGE_ROUTES = ALL_ROUTES.filter((route) => hasComponent(route.file) && route.path !== "/*");

let app: AppServer<ActorsWorld>;
let actors: Record<Actor, ActorCredentials>;
let ids: DemoIds;

beforeAll(async () => {
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true, fixtures: createActorsWorld });
  ({ actors, ids } = await setUpActors(app));
});

function concrete(routePath: string): string {
  return concretePath(routePath, ids, { splat: "sign-out", values: { assignmentId: ids.studentAssignmentId } });
}

/** A write as a browser signed in as the platform admin and as a student would send it from another site. */
function crossSite(url: string, method: string, headers: Record<string, string>) {
  return fetch(`${app.baseURL}${url}`, {
    method,
    redirect: "manual",
    headers: {
      Cookie: [actors.platformAdmin.cookie, actors.studentWeb.cookie].join("; "),
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({
      intent: "create",
      name: "Forged",
      email: "forged@evil.example",
      password: "Forged-Pass-1",
    }),
  });
}

test("the action routes were found", () => {
  expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(30);
  expect(ACTION_ROUTES.map((route) => route.path)).toEqual(
    expect.arrayContaining([
      "/login",
      "/logout",
      "/admin/staff",
      "/api/users/bulk-create",
      "/join",
      "/student/assignments/:assignmentId",
      "/student/sign-out",
    ]),
  );
});

describe.each(ACTION_ROUTES.map((route) => ({ name: route.path, route })))("cross-site write to $name", ({ route }) => {
  const variants = [
    { name: "Origin https://evil.example", headers: { Origin: "https://evil.example" } },
    { name: "Referer from evil.example, no Origin", headers: { Referer: "https://evil.example/page" } },
    { name: 'Origin "null"', headers: { Origin: "null" } },
    { name: "neither Origin nor Referer", headers: {} as Record<string, string> },
  ];
  test.each(variants)("$name is refused", async ({ headers }) => {
    const url = concrete(route.path);
    const methods = url.startsWith("/api/") ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];
    // What the API route takes (its OPTIONS answer, ADR 103): any other method is a 405 before any app code runs.
    const allow = url.startsWith("/api/")
      ? ((await fetch(`${app.baseURL}${url}`, { method: "OPTIONS" })).headers.get("allow") ?? "").split(", ")
      : methods;
    for (const method of methods) {
      const response = await crossSite(url, method, headers);
      if (!allow.includes(method)) {
        expect(response.status, `${method} ${url}`).toBe(405);
        expect(await response.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
        continue;
      }
      if (url === "/api/content/webhook") {
        // Proves itself with a shared secret, not a cookie: refused all the same.
        expect(response.status, `${method} ${url}`).toBe(401);
        await response.body?.cancel();
        continue;
      }
      if (hasComponent(route.file) && headers.Origin) {
        // A document POST with a foreign Origin never reaches the middleware: React Router's
        // own check (throwIfPotentialCSRFAttack) refuses it first, with a 400.
        expect(response.status, `${method} ${url}`).toBe(400);
        await response.body?.cancel();
        continue;
      }
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(await response.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
    }
  });
});

test("after every forged write, the session still works and nothing was created", async () => {
  const me = await api(app, actors.platformAdmin, "GET", "/api/users/me/with-school");
  expect(me.status).toBe(200);
  const staff = await api(app, actors.platformAdmin, "GET", "/api/users/all");
  expect(await staff.text()).not.toContain("forged@evil.example");
  const schools = await fetch(`${app.baseURL}/admin/schools`, {
    headers: { Cookie: actors.platformAdmin.cookie ?? "" },
  });
  expect(await schools.text()).not.toContain("Forged");
  // The student's session survived the forged sign-out, and no forged answer was stored.
  const student = await api(app, actors.studentWeb, "GET", "/student");
  expect(student.status).toBe(200);
  expect(await student.text()).not.toContain(">Done<");
});

test("the same write from the app's own origin gets past the check (the test is not vacuous)", async () => {
  const response = await fetch(`${app.baseURL}/admin/schools`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: [actors.platformAdmin.cookie, actors.studentWeb.cookie].join("; "),
      Origin: app.baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "create", name: "" }),
  });
  expect(response.status).toBe(400);
});

describe.each(PAGE_ROUTES.map((route) => ({ name: route.path, route })))("HTML page $name", ({ route }) => {
  test("has a nonce CSP and no <script> without the nonce", async () => {
    const url = concrete(route.path);
    const who =
      url.startsWith("/admin") ||
      url.startsWith("/class") ||
      ["/home", "/account/password", "/survey"].some((p) => url.startsWith(p))
        ? actors.platformAdmin
        : url.startsWith("/student")
          ? actors.studentWeb
          : {};
    const response = await api(app, who, "GET", url);
    if (response.status !== 200) {
      // A redirect (e.g. /, /class/:id, /logout): the page it leads to is checked on its own.
      expect([301, 302, 303, 404], `${url} gave ${response.status}`).toContain(response.status);
      await response.body?.cancel();
      return;
    }
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `CSP of ${url}: ${csp}`).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
    // Module preloads need none ('self' allows them; ADR 007, issue 34): the entry drops React Router's.
    for (const tag of html.match(/<link rel="modulepreload"[^>]*>/g) ?? []) expect(tag, url).not.toContain("nonce");
    // Inline event handlers would need 'unsafe-inline' (or hashes) to run.
    expect(html).not.toMatch(/<[^>]+\son(click|load|error|submit|change|input)=/i);
    // A fresh nonce per response.
    const again = await api(app, who, "GET", url);
    expect(again.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    await again.body?.cancel();
  });
});

test("the browser enforces the CSP: an injected inline script without the nonce does not run", async () => {
  // A hydrated page: a signed-in teacher's (the sign-in pages carry no React bundle, ADR 170).
  const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signInContext(context, app.baseURL, actors.teacher);
  const page = await context.newPage();
  // The violation this test provokes on purpose.
  expectConsoleError(page, /Executing inline script violates the following Content Security Policy directive/);
  expectConsoleError(page, /^securitypolicyviolation: script-src-elem blocked inline /);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/home");
  const landing = page.url();
  await page.route(landing, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
    await route.fulfill({ response, body: html });
  });
  await page.goto(landing);
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext !== undefined,
  );
  // The app's own (nonced) scripts ran and hydrated; the injected one did not.
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
