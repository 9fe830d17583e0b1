/**
 * Requests in flight per client address (issue #35): every request that
 * reaches the app (not a built asset) holds a place until its answer starts
 * (its status line is written) or its client has gone. The database pool is small (10
 * connections an instance), so one address with hundreds of small requests
 * in flight (400 join/collect polls, 900 wrong personal codes) would queue
 * everyone else's behind its own. An address has a share for anonymous
 * requests (pupils, the API's students, anyone without a staff session), and
 * a separate share for requests that carry a signed staff session cookie,
 * which anonymous traffic from the same address cannot take. A request past
 * its share is answered at once: 429 with Retry-After (JSON on the API, a
 * short page in the reader's language for screens), logged at info level.
 *
 * The session cookie's signature is checked without the database (a forged
 * or stale cookie buys nothing but the staff share of its own address, which
 * a signed-out staff member's old cookie could use too).
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { App } from "~/server/app.server";
import { readSessionTokenFromHeader } from "~/server/auth/session.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { jsonError } from "~/server/web/json-error.server";
import { plainPageHtml } from "~/server/web/plain-page.server";
import { type AnswerOptions, sendAnswer } from "./answer.server";
import { isApiPath } from "./api-routes.server";
import { addressBucket } from "./concurrency-limits.server";
import { plainPageLanguageOf } from "./plain-language.server";
import { requestInfoOf } from "./request-info.server";

export const IN_FLIGHT_LIMITS = {
  /**
   * Anonymous requests in flight from one address. A school of 1,500 joining and answering over a
   * morning has a few dozen in flight at its busiest moment (tests/load's school morning); a flood
   * past it waits in its own queue, not the pool's.
   */
  anonymousPerAddress: 96,
  /** Requests with a staff session cookie in flight from one address: the whole staff clicking at once. */
  staffPerAddress: 48,
};
export type InFlightLimits = typeof IN_FLIGHT_LIMITS;

export const BUSY_MESSAGE = "Too many requests from your network are in progress. Please try again in a moment.";
const BUSY_TITLE = "Orliverse Classroom is temporarily unavailable";
/** Seconds a refused client waits: requests in flight end within a few. */
const BUSY_RETRY_SECONDS = 2;

/** Holds each request's place in its address's share, or answers 429 when the share is full. */
export function limitRequestsInFlight(
  app: Pick<App, "sessionCookie" | "logger">,
  options: AnswerOptions,
  limits: InFlightLimits = IN_FLIGHT_LIMITS,
): RequestHandler & { inFlight(address: string, kind: "anonymous" | "staff"): number } {
  const counts = new Map<string, number>();
  const handler: RequestHandler = (req, res, next) => {
    readSessionTokenFromHeader(app.sessionCookie, req.headers.cookie)
      .catch(() => null)
      .then((token) => hold(req, res, next, token !== null));
  };
  const hold = (req: Request, res: Response, next: NextFunction, staff: boolean) => {
    const kind = staff ? "staff" : "anonymous";
    const bucket = `${kind} ${addressBucket(requestInfoOf(res)?.clientAddress)}`;
    const held = counts.get(bucket) ?? 0;
    if (held >= (staff ? limits.staffPerAddress : limits.anonymousPerAddress)) {
      app.logger.info("request.busy", { kind, path: req.path, inFlight: held });
      void refuseBusy(req, res, options);
      return;
    }
    counts.set(bucket, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (counts.get(bucket) ?? 1) - 1;
      if (left > 0) counts.set(bucket, left);
      else counts.delete(bucket);
    };
    // The place is held until the answer starts (its head is written): by then the app's reads are
    // done, and a live stream, open for an hour, counts in the stream budget instead (live-budget.server.ts).
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      release();
      return writeHead.apply(this, args);
    } as typeof writeHead;
    res.once("finish", release);
    res.once("close", release);
    next();
  };
  return Object.assign(handler, {
    inFlight: (address: string, kind: "anonymous" | "staff") => counts.get(`${kind} ${addressBucket(address)}`) ?? 0,
  });
}

async function refuseBusy(req: Request, res: Response, options: AnswerOptions) {
  const headers = { "Retry-After": String(BUSY_RETRY_SECONDS), "Cache-Control": "no-store" };
  if (isApiPath(req.path)) {
    await sendAnswer(res, jsonError(429, "RATE_LIMITED", BUSY_MESSAGE, { headers }), options);
    return;
  }
  const language = await plainPageLanguageOf(req);
  const t = translatorFor(language, "common");
  const page = plainPageHtml({
    title: t(BUSY_TITLE),
    message: t(BUSY_MESSAGE),
    link: { href: req.originalUrl ?? "/", text: t("Try again") },
    language,
  });
  await sendAnswer(
    res,
    new Response(page, { status: 429, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } }),
    options,
  );
}
