/**
 * Every path under /api answers JSON (ADR 103), through the same function the
 * server entry runs before React Router: an unknown path is 404
 * `{ code: "NOT_FOUND" }`, a method the route does not take is 405
 * `{ code: "METHOD_NOT_ALLOWED" }` with an `Allow` header derived from the
 * route module, and OPTIONS is 204 with `Allow` and no CORS grant. Checked
 * for every API route in app/routes.ts.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, expect, test } from "vitest";
import routes from "~/routes";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";

const ORIGIN = "http://school.test";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
let server: InProcessApp;

beforeAll(async () => {
  server = await startInProcessApp();
});

afterAll(async () => {
  await server?.stop();
});

/** Every API route's path, with its parameters filled in. */
function apiPaths(entries: RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.file.startsWith("routes/api/") ? [{ path, file: entry.file }] : [];
    return [...own, ...apiPaths(entry.children ?? [], path)];
  });
}

const API_ROUTES = apiPaths(routes as RouteConfigEntry[]).map(({ path, file }) => ({
  file,
  url: path.replace(/:[a-zA-Z]+/g, "1").replace("*", "get-session"),
}));

test("the routes table has API routes to check", () => {
  expect(API_ROUTES.length).toBeGreaterThan(30);
});

test.each(API_ROUTES)(
  "$url ($file): OPTIONS is 204 with Allow, and every other method is allowed or 405 JSON",
  async ({ url }) => {
    const options = await server.handle(new Request(`${ORIGIN}${url}`, { method: "OPTIONS" }));
    expect(options.status).toBe(204);
    expect(options.headers.get("access-control-allow-origin")).toBeNull();
    const allow = options.headers.get("allow")!.split(", ");
    expect(allow).toContain("OPTIONS");
    for (const method of METHODS.filter((m) => !allow.includes(m))) {
      const response = await server.handle(new Request(`${ORIGIN}${url}`, { method, headers: { Origin: ORIGIN } }));
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow.join(", "));
      expect(await response.json()).toEqual({ code: "METHOD_NOT_ALLOWED", message: expect.stringContaining(method) });
    }
    // A method the route takes reaches it (whatever it then answers), never the 405.
    for (const method of allow.filter((m) => m !== "OPTIONS" && m !== "HEAD")) {
      const response = await server.handle(
        new Request(`${ORIGIN}${url}`, {
          method,
          headers: { Origin: ORIGIN, "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        }),
      );
      expect(response.status, `${method} ${url}`).not.toBe(405);
      expect(response.headers.get("content-type"), `${method} ${url}`).toMatch(/json/);
    }
  },
);

test("an unknown path under /api is a 404 in JSON, for every method", async () => {
  for (const url of ["/api", "/api/nope", "/api/classes/1/nope", "/api/student/v2/join", "/api/users/1/2/3"]) {
    for (const method of [...METHODS, "OPTIONS"]) {
      const response = await server.handle(new Request(`${ORIGIN}${url}`, { method, headers: { Origin: ORIGIN } }));
      expect(response.status, `${method} ${url}`).toBe(404);
      if (method !== "HEAD") expect(await response.json()).toEqual({ code: "NOT_FOUND", message: expect.any(String) });
    }
  }
});

test("a screen path is untouched: the Not Found page is still HTML", async () => {
  const response = await server.handle(new Request(`${ORIGIN}/no-such-screen`));
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/text\/html/);
});
