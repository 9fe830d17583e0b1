/**
 * Calls one route module's loader or action in-process, on a test database,
 * as a signed-in user (a real session row and signed cookie):
 *
 *   const cookie = await signIn(database, user.id);
 *   const response = await callRoute(staffRoute, database, {
 *     method: "POST", path: "/admin/staff", cookie, form: { intent: "archive", id: "7" },
 *   });
 *
 * A Response a guard throws (a redirect, a 401) is returned like any other
 * answer, so a test reads the status either way. Works on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (tests/support/database.ts).
 */
import type { App } from "~/server/app.server";
import { createSession } from "~/server/auth/session.server";
import type { Database } from "~/server/db/client.server";
import { createTestApp, routeContext } from "./test-app";

type Handler = (args: never) => unknown;

export interface RouteCall {
  method?: string;
  /** Path and query, e.g. "/account/password?redirectTo=/home". */
  path: string;
  cookie?: string | null;
  params?: Record<string, string | number>;
  /** A JSON body (API routes). */
  json?: unknown;
  /** A urlencoded form body (screens). */
  form?: Record<string, string>;
  /** The client's address as the server entry found it (127.0.0.1 unless said). */
  clientAddress?: string;
}

/** A session for the user, as its `Cookie` header value. */
export async function signIn(database: Database, userId: number): Promise<string> {
  const session = await createSession(await appFor(database), userId, new Request("http://localhost/login"), null);
  return session.setCookie.split(";")[0];
}

const apps = new WeakMap<Database, Promise<App>>();

/** One test App per test database, so every call shares its session cookie and configuration. */
function appFor(database: Database): Promise<App> {
  let app = apps.get(database);
  if (!app) {
    app = createTestApp(database);
    apps.set(database, app);
  }
  return app;
}

/** Runs the loader (GET) or action (any other method) and returns its answer as a Response. */
export async function callRoute(
  route: { loader?: Handler; action?: Handler },
  database: Database,
  call: RouteCall,
): Promise<Response> {
  const method = call.method ?? "GET";
  const headers = new Headers({ origin: "http://localhost" });
  if (call.cookie) headers.set("cookie", call.cookie);
  let body: string | undefined;
  if (call.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(call.form).toString();
  }
  const request = new Request(`http://localhost${call.path}`, { method, headers, body });
  const handler = (method === "GET" ? route.loader : route.action) as unknown as (args: unknown) => unknown;
  if (!handler) throw new Error(`The route has no ${method === "GET" ? "loader" : "action"}`);
  const params = Object.fromEntries(Object.entries(call.params ?? {}).map(([key, value]) => [key, String(value)]));
  try {
    return toResponse(
      await handler({ request, context: routeContext(await appFor(database), call.clientAddress), params }),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return toResponse(thrown);
  }
}

/** `data()` results and plain objects become JSON Responses, so every answer reads the same way. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, init ?? undefined);
  }
  if (result instanceof Error) throw result;
  return Response.json(result ?? null);
}
