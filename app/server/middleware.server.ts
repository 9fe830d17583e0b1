/**
 * Root middleware, run for every document, data and resource request:
 * hands the App to the request context, refuses cross-site writes, and adds
 * security headers and a request id to the response.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getApp } from "./app.server";
import { appContext } from "./context.server";
import { logger } from "./logger.server";
import { applySecurityHeaders } from "./security-headers.server";

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
    !SAFE_METHODS.has(request.method) && !isCookieless(request) && !SECRET_AUTHENTICATED_PATHS.has(url.pathname);
  if (needsOrigin && !isSameSiteRequest(request, app.config.APP_URL)) {
    response = Response.json(
      { code: "FORBIDDEN", message: "Cross-site request refused." },
      { status: 403 },
    );
  } else {
    response = await next();
  }
  applySecurityHeaders(response.headers, { allowStoryblokEditor: Boolean(app.config.STORYBLOK_TOKEN) && url.pathname.startsWith("/survey/content/") });
  response.headers.set("X-Request-Id", requestId);
  logger.info("request", {
    requestId,
    method: request.method,
    path: url.pathname,
    status: response.status,
    durationMs: Math.round(performance.now() - startedAt),
  });
  return response;
};
