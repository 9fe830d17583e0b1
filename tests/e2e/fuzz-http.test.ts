/**
 * The outside fuzzer's kinds, through the real server over HTTP: the
 * production build behind our own Express entry (body caps, timeouts, the
 * /api JSON answers, the text backstop) with a signed-in platform admin, so
 * that input reaches validation and the domain. The in-process fuzzers
 * (tests/integration/fuzz-api.test.ts, fuzz-screens.test.ts) check what each
 * handler stores; this one checks what only the whole server can get wrong:
 *
 * - a wrong method on any /api path is a 405 `{ code: "METHOD_NOT_ALLOWED" }`
 *   with an Allow header; OPTIONS answers; an unknown /api path is a 404
 *   `{ code: "NOT_FOUND" }`; a screen's unknown path is the HTML 404 page;
 * - control characters, lone surrogates and invalid UTF-8, in form fields,
 *   JSON bodies, query strings and path segments, never make a 500;
 * - a body over its kind's cap is a 413 while it streams;
 * - a missing, empty or malformed Host, an absolute-form target, JSON nested
 *   thousands deep, a cross-site post, a body cut short: never a 5xx, never
 *   an error-level log line (ADR 192);
 * - every 4xx under /api is JSON `{ code, message }`, never React Router's
 *   own error body or a stack trace;
 * - after all of it the server is healthy and logged no 5xx.
 *
 * Every route of app/routes.ts is a target (a new route is fuzzed without
 * editing this file). Runs: FUZZ_HTTP_RUNS (default 1000), a fixed seed per
 * run of the suite printed on failure by fast-check.
 */
import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CONTROL_STRINGS, HOSTILE_STRINGS } from "../support/hostile-strings";
import { rawRequest } from "../support/http";
import type { OidcTestProvider } from "../support/oidc-provider";
import { type AppServer, startAppServer } from "../support/server";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  createActorsWorld,
  type DemoIds,
  setUpActors,
  startSignInProvider,
} from "./authorization-matrix.support";
import { ALL_ROUTES, concretePath } from "./route-paths.support";

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 1000);

/** Sign-out would end the fuzzer's own session; the catch-all is what the unknown paths reach. */
const SKIPPED = /^\/(logout|\*)$/;
const TARGETS = [...new Set(ALL_ROUTES.map((route) => route.path))].filter((routePath) => !SKIPPED.test(routePath));

/** Raw percent-encoded bytes no text may hold: NUL, a C0 and C1 control, a lone surrogate as UTF-8, broken UTF-8. */
const RAW_BAD_BYTES = ["%00", "%01", "%C2%85", "%ED%A0%80", "%FF", "%C3", "%E0%A4%A"];
/** Hostile text, and the intents of #27's buttons (invitation links, staff sign-in, the move), so their code paths run too. */
const TEXT = fc.constantFrom(
  ...HOSTILE_STRINGS,
  ...CONTROL_STRINGS,
  "Ada Lovelace",
  "x".repeat(5000),
  "create-invitation",
  "revoke-invitation",
  "sign-in",
  "move-teacher",
);
const FIELD_NAMES = fc.constantFrom(
  "intent",
  "name",
  "email",
  "password",
  "firstName",
  "lastName",
  "code",
  "redirectTo",
  "surveyId",
  "status",
  "teacherId",
  "schoolId",
  "contacts[0].name",
  "q",
  "page",
  "pageSize",
  // The provider's answer on the sign-in callback, the school's sign-in settings, an invitation link, a move.
  "state",
  "error",
  "iss",
  "googleDomain",
  "microsoftTenantId",
  "requireProviderSignIn",
  "invite",
  "id",
  "userId",
);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

let app: AppServer<ActorsWorld>;
let actors: Record<Actor, ActorCredentials>;
let ids: DemoIds;
let provider: OidcTestProvider;

beforeAll(async () => {
  // Google sign-in is configured against a real provider on loopback, so /auth/oidc/google and its callback run their flow.
  const signIn = await startSignInProvider();
  provider = signIn.provider;
  app = await startAppServer({
    env: { LOG_LEVEL: "warn", ...signIn.env },
    catchMail: true,
    fixtures: createActorsWorld,
  });
  ({ actors, ids } = await setUpActors(app));
});

afterAll(async () => {
  await provider?.close();
});

function concrete(routePath: string, segment?: string): string {
  return concretePath(routePath, ids, { firstParam: segment, splat: "sign-in/email" });
}

/** A request as the fuzzer sends it: raw bytes where fetch would clean them up. */
interface FuzzRequest {
  kind: string;
  method: string;
  /** A path, or an absolute-form target (`http://host/path`). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** false: no Host header at all (unless `headers` has one). */
  setHost?: boolean;
}

/** Host headers a client may send: empty, malformed, foreign; `null`: none at all. */
const HOSTS = ["", "a b@c", "[::1", "x:99999999", "evil.example", "%41", "a..b", null] as const;
const FOREIGN_ORIGINS = ["http://evil.example", "null", "not a url", "http://127.0.0.1.evil.example"];

const encodeField = (value: string, raw: string | null) => (raw ?? "") + encodeURIComponent(value).replace(/%20/g, "+");
/** encodeURIComponent throws on a lone surrogate: send its UTF-8-looking bytes instead (what a broken client sends). */
function safeEncode(value: string): string {
  try {
    return encodeField(value, null);
  } catch {
    return "%ED%A0%80";
  }
}

const route = fc.constantFrom(...TARGETS);
const kinds: fc.Arbitrary<FuzzRequest>[] = [
  // Any method on any route.
  fc.record({ path: route, method: fc.constantFrom(...METHODS) }).map(({ path, method }) => ({
    kind: "method",
    method,
    path: concrete(path),
    headers: {},
  })),
  // Unknown paths, under /api and beside the screens, with bad bytes in them.
  fc
    .record({
      api: fc.boolean(),
      segments: fc.array(fc.oneof(fc.constantFrom(...RAW_BAD_BYTES), fc.webSegment()), { minLength: 1, maxLength: 3 }),
      method: fc.constantFrom(...METHODS),
    })
    .map(({ api, segments, method }) => ({
      kind: "unknown path",
      method,
      path: `${api ? "/api/no-such" : "/no-such"}/${segments.map((s) => s || "x").join("/")}`,
      headers: {},
    })),
  // A path parameter full of bad bytes.
  fc
    .record({
      path: route.filter((p) => p.includes(":")),
      bad: fc.constantFrom(...RAW_BAD_BYTES, "-1", "1e99", "%2F..%2F"),
    })
    .map(({ path, bad }) => ({ kind: "path segment", method: "GET", path: concrete(path, bad), headers: {} })),
  // Hostile query strings.
  fc
    .record({
      path: route,
      pairs: fc.array(fc.tuple(FIELD_NAMES, TEXT, fc.option(fc.constantFrom(...RAW_BAD_BYTES))), { maxLength: 4 }),
    })
    .map(({ path, pairs }) => ({
      kind: "query",
      method: "GET",
      path: `${concrete(path)}?${pairs.map(([name, value, raw]) => `${encodeURIComponent(name)}=${raw ?? ""}${safeEncode(value)}`).join("&")}`,
      headers: {},
    })),
  // Form posts with hostile fields.
  fc
    .record({
      path: route,
      pairs: fc.array(fc.tuple(FIELD_NAMES, TEXT, fc.option(fc.constantFrom(...RAW_BAD_BYTES))), { maxLength: 6 }),
    })
    .map(({ path, pairs }) => ({
      kind: "form",
      method: "POST",
      path: concrete(path),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: pairs.map(([name, value, raw]) => `${encodeURIComponent(name)}=${raw ?? ""}${safeEncode(value)}`).join("&"),
    })),
  // JSON bodies: hostile values, raw invalid text, malformed JSON.
  fc
    .record({
      path: route.filter((p) => p.startsWith("/api/")),
      method: fc.constantFrom("POST", "PUT", "PATCH"),
      body: fc.oneof(
        fc
          .dictionary(FIELD_NAMES, fc.oneof(TEXT, fc.integer(), fc.constant(null), fc.array(TEXT, { maxLength: 2 })), {
            maxKeys: 5,
          })
          .map((value) => JSON.stringify(value)),
        fc.constantFrom(
          '{"name":"Ada\\u0000"}',
          '{"name":"\\ud800"}',
          '{"name": "Ada',
          "[]",
          "null",
          '"x"',
          "{}{}",
          "\u0000",
        ),
      ),
    })
    .map(({ path, method, body }) => ({
      kind: "json",
      method,
      path: concrete(path),
      headers: { "Content-Type": "application/json" },
      body,
    })),
  // A missing, empty or malformed Host.
  fc
    .record({ path: route, method: fc.constantFrom("GET", "HEAD", "POST"), host: fc.constantFrom(...HOSTS) })
    .map(({ path, method, host }) => ({
      kind: "host",
      method,
      path: concrete(path),
      headers: host === null ? {} : { Host: host },
      setHost: false,
    })),
  // An absolute-form request target.
  fc
    .record({
      path: route,
      method: fc.constantFrom(...METHODS),
      origin: fc.constantFrom("http://evil.example", "https://127.0.0.1:1", "HTTP://x"),
    })
    .map(({ path, method, origin }) => ({
      kind: "absolute target",
      method,
      path: `${origin}${concrete(path)}`,
      headers: {},
    })),
  // JSON nested far deeper than any body of ours.
  fc
    .record({
      path: route.filter((p) => p.startsWith("/api/")),
      depth: fc.integer({ min: 65, max: 20_000 }),
      object: fc.boolean(),
    })
    .map(({ path, depth, object }) => ({
      kind: "deep json",
      method: "POST",
      path: concrete(path),
      headers: { "Content-Type": "application/json" },
      body: object ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`,
    })),
  // A cross-site post (the Origin is not this site's).
  fc
    .record({ path: route, origin: fc.constantFrom(...FOREIGN_ORIGINS), data: fc.boolean() })
    .map(({ path, origin, data }) => ({
      kind: "cross-site",
      method: "POST",
      path: `${concrete(path)}${data && !path.startsWith("/api/") ? ".data" : ""}`,
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=delete&name=x",
    })),
];

/** Checks one answer; returns the reason it is wrong, or null. */
function problem(request: FuzzRequest, status: number, headers: Record<string, unknown>, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (/\bat [\w.<>]+ \(|node_modules|\/app\/|build\/server/.test(body))
    return `body shows server internals: ${body.slice(0, 300)}`;
  // HTTP/1.1 without a Host header: Node's parser answers 400 itself, as RFC 9112 asks, before our entry.
  if (request.kind === "host" && request.headers.Host === undefined && status === 400 && body === "") return null;
  const underApi = request.path.replace(/^https?:\/\/[^/]*/i, "").startsWith("/api/");
  if (underApi && status >= 400 && request.method !== "HEAD") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `a ${status} under /api that is not JSON: ${body.slice(0, 200)}`;
    }
    const { code, message } = (parsed ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code !== "string" || typeof message !== "string")
      return `a ${status} under /api without { code, message }: ${body.slice(0, 200)}`;
    if (status === 405 && (code !== "METHOD_NOT_ALLOWED" || !headers.allow))
      return "a 405 without its code or Allow header";
    if (request.kind === "unknown path" && request.method !== "OPTIONS" && status === 404 && code !== "NOT_FOUND")
      return `an unknown /api path answered ${code}`;
  }
  // Every 405 says what the address does take (ADR 108), and not the method it refused.
  if (status === 405) {
    const allow = String(headers.allow ?? "").split(", ");
    if (!headers.allow || allow.includes(request.method))
      return `a 405 whose Allow (${String(headers.allow)}) does not exclude ${request.method}`;
  }
  if (!underApi && ["PUT", "PATCH", "DELETE"].includes(request.method) && status !== 405)
    return `${request.method} on a screen path answered ${status}, not 405`;
  if (request.method === "OPTIONS" && status !== 204 && !(underApi && status === 404))
    return `OPTIONS answered ${status}, not 204`;
  if (request.kind === "unknown path" && ["GET", "HEAD", "POST"].includes(request.method) && status !== 404)
    return `an unknown path answered ${status}, not 404`;
  return null;
}

async function send(request: FuzzRequest, cookie: string | undefined) {
  const headers: Record<string, string> = { Origin: app.baseURL, ...request.headers };
  if (cookie) headers.Cookie = cookie;
  if (request.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(request.body));
  if (request.path.startsWith("/")) {
    return rawRequest(`${app.baseURL}${request.path}`, {
      method: request.method,
      headers,
      body: request.body,
      setHost: request.setHost,
    });
  }
  // An absolute-form target goes out as it is, on the request line.
  return rawRequest(app.baseURL, {
    method: request.method,
    headers,
    body: request.body,
    target: request.path,
  });
}

test("hostile requests to every route, signed in and not, never make a 5xx, and /api always answers JSON", async () => {
  expect(TARGETS.length).toBeGreaterThanOrEqual(40);
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.oneof(...kinds), fc.boolean(), async (request, signedIn) => {
      const cookie = signedIn ? actors.platformAdmin.cookie : undefined;
      const answer = await send(request, cookie);
      const key = `${request.kind} ${answer.status}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const wrong = problem(request, answer.status, answer.headers, answer.body);
      if (wrong)
        throw new Error(
          `${request.method} ${request.path} (${request.kind}${signedIn ? ", signed in" : ""}): ${wrong}`,
        );
    }),
    { numRuns: RUNS },
  );
  // Every kind ran, and the answers were not all one refusal.
  const kindsRun = new Set([...seen.keys()].map((key) => key.split(" ").slice(0, -1).join(" ")));
  expect([...kindsRun].sort()).toEqual([
    "absolute target",
    "cross-site",
    "deep json",
    "form",
    "host",
    "json",
    "method",
    "path segment",
    "query",
    "unknown path",
  ]);
  expect(new Set([...seen.keys()].map((key) => key.split(" ").at(-1))).size).toBeGreaterThan(3);
});

test("a body over its cap is a 413 on every route that takes a body, before the route runs", async () => {
  // Over the largest cap of all (the OneRoster zip's, base64 in its preview form: 2.86 MB).
  const big = `name=${"a".repeat(3_000_000)}`;
  const bigJson = JSON.stringify({ name: "a".repeat(3_000_000) });
  const statuses = new Map<number, number>();
  for (const routePath of TARGETS) {
    const url = concrete(routePath);
    const isApi = url.startsWith("/api/");
    const answer = await send(
      {
        kind: "oversized",
        method: "POST",
        path: url,
        headers: { "Content-Type": isApi ? "application/json" : "application/x-www-form-urlencoded" },
        body: isApi ? bigJson : big,
      },
      actors.platformAdmin.cookie,
    );
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(answer.status, `POST ${url}`).toBeLessThan(500);
    // A route that takes a POST reads its body: the cap answers first. One that doesn't: 405 (API) or 405/404 (screens).
    expect([413, 405, 404], `POST ${url} answered ${answer.status}`).toContain(answer.status);
    if (isApi) expect(JSON.parse(answer.body), `POST ${url}`).toMatchObject({ code: expect.any(String) });
  }
  expect(statuses.get(413) ?? 0).toBeGreaterThanOrEqual(20);
});

test("a body cut short on every route is never a 5xx or an error-level log line", async () => {
  for (const routePath of TARGETS) {
    const url = concrete(routePath);
    const isApi = url.startsWith("/api/");
    await new Promise<void>((resolve) => {
      const socket = connect(app.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.on("close", () => resolve());
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${app.baseURL}\r\n` +
          `Cookie: ${actors.platformAdmin.cookie}\r\n` +
          `Content-Type: ${isApi ? "application/json" : "application/x-www-form-urlencoded"}\r\n` +
          `Content-Length: 5000\r\n\r\n${isApi ? '{"name":"Ada' : "intent=save&name=Ada"}`,
        () => setTimeout(() => socket.destroy(), 50),
      );
    });
  }
  // Checked with the rest of the log in the last test.
  expect((await fetch(`${app.baseURL}/healthz`)).status).toBe(200);
});

test("afterwards the server is healthy, the admin is still signed in, and it logged no 5xx", async () => {
  expect((await fetch(`${app.baseURL}/healthz`)).status).toBe(200);
  const me = await send(
    { kind: "check", method: "GET", path: "/api/users/me/with-school", headers: {} },
    actors.platformAdmin.cookie,
  );
  expect(me.status).toBe(200);
  // LOG_LEVEL=warn: the output holds warnings and errors only, so its tail is all of them.
  const serverErrors = app
    .output()
    .split("\n")
    .filter((line) => /"level":"error"/.test(line));
  expect(serverErrors).toEqual([]);
});
