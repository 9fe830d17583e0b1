/**
 * The first thing every request meets: who the client is (the socket's peer,
 * or what a proxy named in TRUST_PROXY forwarded), a request id, and the one
 * JSON log line written when the answer is done (ADR 101, and ADR 062 as
 * superseded by ADR 100). A forwarding header from anyone but a trusted proxy
 * is removed here, so nothing later (React Router's request URL, the
 * same-site check) can believe it.
 */
import { randomUUID } from "node:crypto";
import type { Response as ExpressResponse, RequestHandler } from "express";
import type { App } from "~/server/app.server";
import type { RequestInfo } from "~/server/context.server";
import {
  FORWARDING_HEADERS,
  isTrustedProxy,
  normaliseAddress,
  resolveClientAddress,
} from "~/server/security/trust-proxy.server";

/** A load balancer's request id is kept when it looks like one; anything else gets a new id. */
const REQUEST_ID = /^[\w.:@/+=-]{1,100}$/;

export function requestInfoOf(res: ExpressResponse): RequestInfo {
  return res.locals.requestInfo as RequestInfo;
}

export function recordRequests(app: Pick<App, "config" | "logger">): RequestHandler {
  const trust = app.config.trustProxy;
  return (req, res, next) => {
    const startedAt = performance.now();
    const peer = normaliseAddress(req.socket.remoteAddress);
    const clientAddress = resolveClientAddress(trust, req.socket.remoteAddress, req.headers);
    if (!isTrustedProxy(trust, peer, 0)) {
      for (const header of FORWARDING_HEADERS) delete req.headers[header];
    }
    const incomingId = req.headers["x-request-id"];
    const requestId = typeof incomingId === "string" && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    const info: RequestInfo = { requestId, clientAddress };
    res.locals.requestInfo = info;
    res.setHeader("X-Request-Id", requestId);
    res.once("close", () => {
      app.logger.info("request", {
        requestId,
        method: req.method,
        // The path only: query strings carry reset and verification tokens.
        path: (req.originalUrl ?? req.url ?? "").split("?")[0],
        status: res.statusCode,
        durationMs: Math.round(performance.now() - startedAt),
        ...(info.userId !== undefined ? { userId: info.userId } : {}),
        clientAddress,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  };
}
