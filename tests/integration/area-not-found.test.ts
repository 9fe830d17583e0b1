/**
 * An unknown path inside a signed-in area shows 'Not Found' inside that
 * area's header and navigation (docs/product.md#error-pages), after the
 * area's own guard, like an unknown record does. Document requests through
 * the whole React Router pipeline in-process (tests/support/app-handler.ts).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { demoSessionCookie, type InProcessApp, startInProcessApp } from "../support/app-handler";

const ORIGIN = "http://school.test";
let server: InProcessApp;

beforeAll(async () => {
  server = await startInProcessApp();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function get(actor: string | null, path: string, method = "GET"): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (actor) {
    headers.Cookie = await demoSessionCookie(server, actor);
  }
  return server.handle(new Request(`${ORIGIN}${path}`, { method, headers }));
}

test("an unknown path in the class area shows 'Not Found' inside the header and the class navigation", async () => {
  for (const path of ["/class/1/nope", "/class/1/surveys/nope/deeper", "/class/1/student"]) {
    const response = await get("teacher", path);
    expect(response.status, path).toBe(404);
    const html = await response.text();
    expect(html, path).toMatch(/<h1[^>]*>Not Found<\/h1>/);
    expect(html, path).toContain('<header class="');
    expect(html, path).toContain("5A Sunflowers");
    expect(html, path).toMatch(/href="\/class\/1\/students\/manage"/);
    expect(html, path).toContain("<title>Not Found");
  }
  const posted = await get("teacher", "/class/1/nope", "POST");
  expect(posted.status).toBe(404);
});

test("an unknown path in the admin area shows 'Not Found' beside the admin sidebar", async () => {
  const response = await get("platformAdmin", "/admin/nope");
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*>Not Found<\/h1>/);
  expect(html).toContain('<nav aria-label="Admin"');
  expect(html).toContain('<header class="');
});

test("the area's guard still runs first: no page, signed out or not an admin, is told what exists", async () => {
  const anonymous = await get(null, "/class/1/nope");
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  const teacher = await get("teacher", "/admin/nope");
  expect(teacher.status).toBe(302);
  expect(teacher.headers.get("location")).toBe("/class/-1/home");
  // Another teacher's class falls back to the teacher's own, as for a known path.
  const other = await get("teacher", "/class/3/nope");
  expect(other.status).toBe(302);
  expect(other.headers.get("location")).toBe("/class/1/home");
  // Outside the areas the public Not Found page stays.
  expect((await get(null, "/nope")).status).toBe(404);
});
