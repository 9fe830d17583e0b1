/**
 * Root middleware, run for every document, data and resource request:
 * hands the App to the request context, refuses cross-site writes, adds
 * security headers and a request id to the response, turns a failure while
 * the database is down into a clear 503, and logs one JSON line per request.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { type App, getApp } from "./app.server";
import { getRequestAuth } from "./auth/guards.server";
import { SESSION_COOKIE_NAME } from "./auth/session.server";
import { appContext } from "./context.server";
import { isDatabaseAnswering } from "./db/client.server";
import { logger } from "./logger.server";
import { applySecurityHeaders } from "./security-headers.server";
import { refuseForbiddenFormText, refuseForbiddenQueryText } from "./text-backstop.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when the request's Origin (or Referer) names this site. */
export function isSameSiteRequest(request: Request, appUrl?: string): boolean {
  const url = new URL(request.url);
  const allowed = new Set([url.host]);
  const forwardedHost = request.headers.get("x-forwarded-host");
  if (forwardedHost) allowed.add(forwardedHost.split(",")[0].trim());
  if (appUrl) allowed.add(new URL(appUrl).host);
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source || source === "null") return false;
  try {
    return allowed.has(new URL(source).host);
  } catch {
    return false;
  }
}

/** A bearer-token API call carries no cookie, so a cross-site page cannot forge it. */
function isCookieless(request: Request): boolean {
  return !request.headers.get("cookie") && request.headers.has("authorization");
}

/**
 * The student app's API never uses cookies (it sends a bearer token, and
 * /join has none yet), so a cookie-less request there cannot be a forged one.
 */
function isCookielessStudentApiCall(request: Request, pathname: string): boolean {
  return pathname.startsWith("/api/student/") && !request.headers.get("cookie");
}

/** Server-to-server endpoints that prove themselves with a shared secret instead of an Origin. */
const SECRET_AUTHENTICATED_PATHS = new Set(["/api/content/webhook"]);

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const startedAt = performance.now();
  const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  const app = await getApp();
  context.set(appContext, app);

  let response: Response;
  const url = new URL(request.url);
  const needsOrigin =
    !SAFE_METHODS.has(request.method) &&
    !isCookieless(request) &&
    !isCookielessStudentApiCall(request, url.pathname) &&
    !SECRET_AUTHENTICATED_PATHS.has(url.pathname);
  if (needsOrigin && !isSameSiteRequest(request, app.config.APP_URL)) {
    response = Response.json({ code: "FORBIDDEN", message: "Cross-site request refused." }, { status: 403 });
  } else {
    const screenPost = !SAFE_METHODS.has(request.method) && !url.pathname.startsWith("/api/");
    response =
      refuseForbiddenQueryText(request, url) || (screenPost && (await unreadableFormPost(request))) || (await next());
    if (response.status === 500) response = await unavailableWhenDatabaseIsDown(response, request, url, app);
  }
  applySecurityHeaders(response.headers, {
    allowStoryblokEditor: Boolean(app.config.STORYBLOK_TOKEN) && url.pathname.startsWith("/survey/content/"),
  });
  response.headers.set("X-Request-Id", requestId);
  logger.info("request", {
    requestId,
    method: request.method,
    path: url.pathname,
    status: response.status,
    durationMs: Math.round(performance.now() - startedAt),
    userId: await signedInUserId(request, context),
  });
  return response;
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** The longest list a form has is a bulk import's 50 rows (contacts: 6). */
const MAX_FORM_LIST_INDEX = 999;

/**
 * A screen's actions read their body with `request.formData()`, which throws
 * (a 500) on a body that is not a form. Such a post (JSON, text, a multipart
 * body that does not parse) is refused here: 415 or 400 with `{ code, message }`,
 * as the cross-site refusal above. The app's own forms always send one of
 * FORM_TYPES; a post with no body and no Content-Type (a bare sign-out) is
 * read as an empty form. A field name with a list index past any form's
 * length is refused too.
 */
async function unreadableFormPost(request: Request): Promise<Response | undefined> {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!type && (await request.clone().text()) === "") {
    request.headers.set("Content-Type", "application/x-www-form-urlencoded");
    return undefined;
  }
  if (!FORM_TYPES.has(type)) {
    return Response.json(
      {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.",
      },
      { status: 415 },
    );
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return Response.json(
      { code: "BAD_REQUEST", message: "The form could not be read. Please try again." },
      { status: 400 },
    );
  }
  const forbiddenText = refuseForbiddenFormText(request, form);
  if (forbiddenText) return forbiddenText;
  // conform turns `contacts[99999999].name` into a list that long: one small post would tie up the server.
  for (const key of form.keys()) {
    for (const [, index] of key.matchAll(/\[(\d+)\]/g)) {
      if (Number(index) > MAX_FORM_LIST_INDEX) {
        return Response.json(
          { code: "BAD_REQUEST", message: "The form has more rows than any form here holds." },
          { status: 400 },
        );
      }
    }
  }
  return undefined;
}

/**
 * The signed-in user's id for the log line, or undefined. The guards memoise
 * the session lookup per request, so this is free when a loader already asked;
 * a request without a session cookie never touches the database here.
 */
async function signedInUserId(
  request: Request,
  context: Parameters<typeof getRequestAuth>[1],
): Promise<number | undefined> {
  if (!request.headers.get("cookie")?.includes(`${SESSION_COOKIE_NAME}=`)) return undefined;
  try {
    return (await getRequestAuth(request, context)).loaded?.user.id;
  } catch {
    return undefined; // the database is down; the response already says so
  }
}

const UNAVAILABLE_MESSAGE =
  "The classroom's database is not answering. Nothing saved is lost. Please try again in a minute.";

/**
 * A server error while the database does not answer becomes a 503 that says
 * so (HTML for pages, `{ code, message }` for the API), instead of the generic
 * error page. Single-fetch `.data` requests keep their response: the client
 * shows its error boundary. The database is only probed after a 500.
 */
async function unavailableWhenDatabaseIsDown(
  response: Response,
  request: Request,
  url: URL,
  app: App,
): Promise<Response> {
  if (url.pathname.endsWith(".data")) return response;
  if (await isDatabaseAnswering(app.db, 1_000)) return response;
  logger.warn("database.unavailable", { method: request.method, path: url.pathname, status: response.status });
  const headers = { "Cache-Control": "no-store", "Retry-After": "30" };
  if (url.pathname.startsWith("/api/")) {
    return Response.json({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  }
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable · Orliverse Classroom</title></head>
<body>
<main>
<h1>Orliverse Classroom is temporarily unavailable</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<p><a href="${escapeHtml(url.pathname + url.search)}">Try again</a></p>
</main>
</body>
</html>
`;
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
