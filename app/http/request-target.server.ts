/**
 * What a request names before anything builds a URL from it (ADR 192).
 * React Router's Express adapter builds each request's URL from the Host
 * header (or a trusted proxy's X-Forwarded-Host and -Proto) and the request
 * target, and a client can send any of them: no Host at all (an HTTP/1.0
 * health check, a common load-balancer default), an empty or malformed one,
 * or an absolute-form target (`GET http://host/path HTTP/1.1`). Each of those
 * made `new URL()` throw, a 500. So, first thing:
 *
 * - an absolute-form target (`http:` or `https:`) is read as its path and
 *   query, as RFC 9112 §3.2.2 asks a server to accept it; its host is not
 *   believed (the Host header, checked below, still names the site);
 * - any other target that is not a path (`*` aside, which only OPTIONS
 *   takes) is a 400;
 * - a missing or malformed Host becomes APP_URL's host: the site's own
 *   origin, so links and the same-site check see a name this site answers to;
 * - a malformed X-Forwarded-Host or X-Forwarded-Proto (only a trusted proxy's
 *   reach this far, ADR 101) is dropped, so the Host header counts.
 */
import type { RequestHandler } from "express";
import { jsonError } from "~/server/web/json-error.server";
import { type AnswerOptions, sendAnswer } from "./answer.server";

/** A DNS name or an IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;
const MAX_HOST_LENGTH = 260;

/** True when `value` is a host (and port) a URL can be built from. */
export function isWellFormedHost(value: string | undefined): value is string {
  if (!value || value.length > MAX_HOST_LENGTH) return false;
  const match = HOST.exec(value);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65_535)) return false;
  try {
    return new URL(`http://${value}/`).host !== "";
  } catch {
    return false;
  }
}

/** The path and query of an absolute-form target, or null when `target` is not one. */
export function originFormOf(target: string): string | null {
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

export function safeRequestTarget(appUrl: string, options: AnswerOptions): RequestHandler {
  const siteHost = new URL(appUrl).host;
  return (req, res, next) => {
    const target = req.url ?? "";
    if (!target.startsWith("/") && !(target === "*" && req.method === "OPTIONS")) {
      const originForm = originFormOf(target);
      if (originForm === null) {
        void sendAnswer(
          res,
          jsonError(400, "BAD_REQUEST", "The request target must be a path, such as /healthz."),
          options,
        );
        return;
      }
      req.url = originForm;
      req.originalUrl = originForm;
    }
    const host = req.headers.host;
    if (!isWellFormedHost(host)) req.headers.host = siteHost;
    const forwardedHost = req.headers["x-forwarded-host"];
    if (
      forwardedHost !== undefined &&
      !String(forwardedHost)
        .split(",")
        .every((part) => isWellFormedHost(part.trim()))
    )
      delete req.headers["x-forwarded-host"];
    const forwardedProto = req.headers["x-forwarded-proto"];
    if (forwardedProto !== undefined && !/^\s*https?\s*(,\s*https?\s*)*$/i.test(String(forwardedProto)))
      delete req.headers["x-forwarded-proto"];
    next();
  };
}
