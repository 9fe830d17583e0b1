/**
 * Root middleware, run for every document, data and resource request: refuses
 * cross-site writes, adds security headers (and keeps signed-in answers out of
 * every cache), turns a failure while the database is down into a clear 503,
 * and notes the signed-in user for the request's log line. The App and the
 * request's client address come from the server entry (getLoadContext,
 * app/http/express-app.server.ts), which also writes the log line.
 */
import type { MiddlewareFunction } from "react-router";
import type { App } from "../app.server";
import { getRequestAuth } from "../auth/guards.server";
import { SESSION_COOKIE_NAME } from "../auth/session.server";
import { getAppFromContext, requestInfoContext } from "../context.server";
import { isDatabaseAnswering } from "../db/client.server";
import { UNAVAILABLE_MESSAGE } from "../errors.server";
import { getLanguage, getServerT } from "../i18n/i18n.server";
import { STUDENT_COOKIE_NAME } from "../students/student-session.server";
import { isEditorPreviewRequest } from "../surveys/editor-preview.server";
import { jsonError } from "./json-error.server";
import { plainPageHtml } from "./plain-page.server";
import { applySecurityHeaders } from "./security-headers.server";
import { refuseForbiddenFormText, refuseForbiddenQueryText } from "./text-backstop.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when the request's Origin (or Referer) names this site: the host the
 * request was sent to, or APP_URL's. The request's host is the Host header, or
 * X-Forwarded-Host only when a proxy named in TRUST_PROXY sent it (the server
 * entry drops it from anyone else, ADR 101); this function reads no
 * forwarding header itself.
 */
export function isSameSiteRequest(request: Request, appUrl?: string): boolean {
  const allowed = new Set([new URL(request.url).host]);
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

/**
 * Screen-side endpoints whose body is not a form: the answering page's
 * drawing upload (a PNG, capped by the drawing body limit). The Origin check
 * still applies to them.
 */
const BINARY_UPLOAD_PATH = /^\/student\/assignments\/[^/]+\/drawings$/;

/** Server-to-server endpoints that prove themselves with a shared secret instead of an Origin. */
const SECRET_AUTHENTICATED_PATHS = new Set(["/api/content/webhook"]);

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = getAppFromContext(context);
  let response: Response;
  const url = new URL(request.url);
  const needsOrigin =
    !SAFE_METHODS.has(request.method) &&
    !isCookieless(request) &&
    !isCookielessStudentApiCall(request, url.pathname) &&
    !SECRET_AUTHENTICATED_PATHS.has(url.pathname);
  if (needsOrigin && !isSameSiteRequest(request, app.config.appUrl)) {
    response = jsonError(403, "FORBIDDEN", "Cross-site request refused.");
  } else {
    const screenPost =
      !SAFE_METHODS.has(request.method) && !url.pathname.startsWith("/api/") && !BINARY_UPLOAD_PATH.test(url.pathname);
    response =
      (await refuseForbiddenQueryText(request, url)) ||
      (screenPost && (await unreadableFormPost(request))) ||
      (await next());
    if (response.status === 500) response = await unavailableWhenDatabaseIsDown(response, request, url, app, context);
  }
  // Storyblok's visual editor may frame the survey preview it opened with a valid link, and nothing else (ADR 200).
  const editorPreview = isEditorPreviewRequest(request, app.config);
  applySecurityHeaders(response.headers, {
    frameAncestors: editorPreview ? app.config.storyblokEditorOrigins : undefined,
    strictTransportSecurity: app.config.strictTransportSecurity,
  });
  if (editorPreview) response.headers.set("X-Robots-Tag", "noindex");
  if (editorPreview || carriesSession(request, response)) {
    // An event stream keeps its no-transform: compression would otherwise hold its events back (ADR 206).
    const noTransform = /\bno-transform\b/.test(response.headers.get("Cache-Control") ?? "");
    response.headers.set("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store");
  }
  const info = context.get(requestInfoContext);
  info.userId = await signedInUserId(request, context);
  return response;
};

/**
 * A signed-in page or cookie-authenticated JSON (the request carries the
 * session cookie), or the answer that sets or clears it: no cache may keep
 * it, so on a shared school computer Back after sign-out shows no class list.
 */
function carriesSession(request: Request, response: Response): boolean {
  const cookies = request.headers.get("cookie");
  if (SESSION_COOKIES.some((name) => cookies?.includes(`${name}=`))) return true;
  return response.headers
    .getSetCookie()
    .some((cookie) => SESSION_COOKIES.some((name) => cookie.startsWith(`${name}=`)));
}

/** The staff session and the browser's student session (ADR 150) alike. */
const SESSION_COOKIES = [SESSION_COOKIE_NAME, STUDENT_COOKIE_NAME];

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
    return jsonError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return jsonError(400, "BAD_REQUEST", "The form could not be read. Please try again.");
  }
  const forbiddenText = await refuseForbiddenFormText(request, form);
  if (forbiddenText) return forbiddenText;
  // conform turns `contacts[99999999].name` into a list that long: one small post would tie up the server.
  for (const key of form.keys()) {
    for (const [, index] of key.matchAll(/\[(\d+)\]/g)) {
      if (Number(index) > MAX_FORM_LIST_INDEX) {
        return jsonError(400, "BAD_REQUEST", "The form has more rows than any form here holds.");
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

const UNAVAILABLE_TITLE = "Orliverse Classroom is temporarily unavailable";

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
  context: Parameters<MiddlewareFunction<Response>>[0]["context"],
): Promise<Response> {
  if (url.pathname.endsWith(".data")) return response;
  // A request that waited in vain for a pool connection is a busy moment, not a fault (issue #35).
  const busy = context.get(requestInfoContext)?.databaseBusy === true;
  if (!busy && (await isDatabaseAnswering(app.db, 1_000))) return response;
  app.logger.warn("database.unavailable", { method: request.method, path: url.pathname, status: response.status });
  const headers = { "Cache-Control": "no-store", "Retry-After": "30" };
  if (url.pathname.startsWith("/api/")) {
    return jsonError(503, "SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, { headers });
  }
  // In the reader's language: the detection needs no database (a staff member's own choice falls back to the browser's).
  const t = await getServerT(context, "common");
  const page = plainPageHtml({
    title: t(UNAVAILABLE_TITLE),
    message: t(UNAVAILABLE_MESSAGE),
    link: { href: url.pathname + url.search, text: t("Try again") },
    language: getLanguage(context),
  });
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
