/**
 * What hostile clients can make the server hold at once (ADR 193): open
 * connections, and request bodies being received, each capped for all
 * clients together and per client address, so that memory stays bounded
 * however many slow senders arrive, and one address cannot take what
 * everyone else needs. The reasons for each figure are in docs/security.md
 * ("Limits").
 *
 * - Connections: past `connections` in all, Node closes a new connection at
 *   once (`server.maxConnections`); past `connectionsPerAddress` from one
 *   socket peer, so does this module. Of one peer's connections that have
 *   not yet sent a complete request head, at most `halfOpenPerAddress` stay
 *   open: a new one closes the oldest. A trusted proxy's connections
 *   (TRUST_PROXY, ADR 101) count only in the total: all its clients share
 *   its address.
 * - Bodies: a request with a body reserves its size (its Content-Length, or
 *   its kind's cap when chunked; body-limit.server.ts) from a budget for all
 *   clients and from one for its client address (the real client's behind a
 *   trusted proxy). Until both have room it waits unread: Node stops reading
 *   its socket, so a waiting body costs a few kilobytes, not its size, and
 *   Node's request timeout (60 s, ADR 102) ends a wait that never ends. The
 *   reservation is returned when the body has arrived, or the request ends.
 *   A body that brings less than `bodyMinBytes` in a `bodyWindowMs` gives
 *   its place up: 408.
 */
import type { IncomingMessage } from "node:http";
import { isIP, type Server, type Socket } from "node:net";
import type { RequestHandler } from "express";
import { isTrustedProxy, normaliseAddress, type TrustProxy } from "~/server/security/trust-proxy.server";
import { jsonError } from "~/server/web/json-error.server";
import type { AnswerOptions } from "./answer.server";
import { bodyLimitFor, refuseBody } from "./body-limit.server";
import { requestInfoOf } from "./request-info.server";

const MIB = 1024 * 1024;

export const CONCURRENCY_LIMITS = {
  /** Open connections, all clients together. */
  connections: 4_000,
  /** Open connections from one socket peer (an IPv6 peer: its /64). */
  connectionsPerAddress: 1_000,
  /**
   * Connections from one socket peer whose first request's headers are not complete yet (issue #35).
   * An honest device's headers arrive within milliseconds of its connection, so even a school's
   * 300 devices opening at once have few such at any moment; past it, the OLDEST such connection of
   * the address is closed (once it has waited `halfOpenGraceMs`), so a laptop holding half-open
   * connections (reopened as the header timeout closes them) cannot keep the address's other
   * devices out, and connections with a complete request are never closed for it.
   */
  halfOpenPerAddress: 64,
  /**
   * A half-open connection younger than this is not closed for the cap: a burst of a school's
   * devices connecting in the same instant (their heads arrive milliseconds later) is never cut;
   * a connection still without its head after 2 s is a slow or hostile one.
   */
  halfOpenGraceMs: 2_000,
  /** Bytes of request bodies being received at once, all clients together. */
  bodyBytes: 64 * MIB,
  /** Bytes of request bodies being received at once from one client address (an IPv6 address: its /64). */
  bodyBytesPerAddress: 16 * MIB,
  /** A body being received must bring `bodyMinBytes` in each window of this length, or it is cut off with a 408. */
  bodyWindowMs: 10_000,
  /** 16 kB per 10 s (1.6 kB/s): a phone on a weak 2G signal sends ten times that. */
  bodyMinBytes: 16 * 1024,
};
export type ConcurrencyLimits = typeof CONCURRENCY_LIMITS;

/**
 * The bucket an address counts in: an IPv4 address itself; an IPv6 address
 * by its /64, the block one customer line or school network gets (a single
 * client can use any address in it).
 */
export function addressBucket(address: string | null | undefined): string {
  const normalised = normaliseAddress(address);
  if (!normalised) return "unknown";
  if (isIP(normalised) !== 6) return normalised;
  const [head, tail = ""] = normalised.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = normalised.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Counts open connections per socket peer and closes those past the caps. */
export function limitConnections(
  server: Server,
  trust: TrustProxy,
  limits: Pick<
    ConcurrencyLimits,
    "connections" | "connectionsPerAddress" | "halfOpenPerAddress" | "halfOpenGraceMs"
  > = CONCURRENCY_LIMITS,
) {
  server.maxConnections = limits.connections;
  const open = new Map<string, number>();
  /** Per peer, its connections without a complete request head yet, oldest first, with when they opened. */
  const halfOpen = new Map<string, Map<Socket, number>>();
  const settle = (bucket: string, socket: Socket) => {
    const waiting = halfOpen.get(bucket);
    if (!waiting?.delete(socket)) return;
    if (waiting.size === 0) halfOpen.delete(bucket);
  };
  server.on("connection", (socket: Socket) => {
    const peer = normaliseAddress(socket.remoteAddress);
    if (isTrustedProxy(trust, peer, 0)) return;
    const bucket = addressBucket(peer);
    const count = (open.get(bucket) ?? 0) + 1;
    if (count > limits.connectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(bucket, count);
    let waiting = halfOpen.get(bucket);
    if (!waiting) {
      waiting = new Map();
      halfOpen.set(bucket, waiting);
    }
    const now = Date.now();
    waiting.set(socket, now);
    if (waiting.size > limits.halfOpenPerAddress) {
      const [[oldest, openedAt]] = waiting;
      if (now - openedAt >= limits.halfOpenGraceMs) {
        settle(bucket, oldest);
        oldest.destroy();
      }
    }
    socket.once("close", () => {
      settle(bucket, socket);
      const left = (open.get(bucket) ?? 1) - 1;
      if (left > 0) open.set(bucket, left);
      else open.delete(bucket);
    });
  });
  // A complete request head: the connection is a client's, no longer half-open.
  server.on("request", (req: IncomingMessage) => {
    const socket = req.socket as Socket;
    settle(addressBucket(normaliseAddress(socket.remoteAddress)), socket);
  });
  return {
    openConnections: (address: string) => open.get(addressBucket(address)) ?? 0,
    halfOpenConnections: (address: string) => halfOpen.get(addressBucket(address))?.size ?? 0,
  };
}

interface Waiting {
  bucket: string;
  bytes: number;
  start: () => void;
}

/** The budgets for request bodies being received: one for all clients, one per client address. */
export function createBodyBudget(limits: Pick<ConcurrencyLimits, "bodyBytes" | "bodyBytesPerAddress">) {
  let inFlight = 0;
  const perBucket = new Map<string, number>();
  const queue: Waiting[] = [];
  const fits = (bucket: string, bytes: number) =>
    inFlight + bytes <= limits.bodyBytes && (perBucket.get(bucket) ?? 0) + bytes <= limits.bodyBytesPerAddress;
  const take = (bucket: string, bytes: number) => {
    inFlight += bytes;
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + bytes);
  };
  const give = (bucket: string, bytes: number) => {
    inFlight -= bytes;
    const left = (perBucket.get(bucket) ?? bytes) - bytes;
    if (left > 0) perBucket.set(bucket, left);
    else perBucket.delete(bucket);
    // Room goes to the waiting body whose address has least in flight (the
    // earliest of those): an address with nothing being received goes first,
    // however many bodies other addresses have waiting.
    for (;;) {
      let chosen = -1;
      for (let index = 0; index < queue.length; index++) {
        const candidate = queue[index];
        if (!fits(candidate.bucket, candidate.bytes)) continue;
        if (chosen < 0 || (perBucket.get(candidate.bucket) ?? 0) < (perBucket.get(queue[chosen].bucket) ?? 0))
          chosen = index;
      }
      if (chosen < 0) return;
      const [next] = queue.splice(chosen, 1);
      take(next.bucket, next.bytes);
      next.start();
    }
  };
  return {
    /**
     * Calls `start` once the body may be received (at once, or when room is
     * made), and returns a function that gives the reservation back, or
     * leaves the queue (call it once).
     */
    reserve(address: string | null, bytes: number, start: () => void): () => void {
      const bucket = addressBucket(address);
      const size = Math.min(bytes, limits.bodyBytesPerAddress);
      let state: "waiting" | "receiving" | "done" = "waiting";
      const waiting: Waiting = {
        bucket,
        bytes: size,
        start: () => {
          state = "receiving";
          start();
        },
      };
      if (fits(bucket, size)) {
        take(bucket, size);
        waiting.start();
      } else queue.push(waiting);
      return () => {
        if (state === "receiving") give(bucket, size);
        else if (state === "waiting") queue.splice(queue.indexOf(waiting), 1);
        state = "done";
      };
    },
    /** What is held and waiting (for tests and the benchmark's log). */
    usage: () => ({ bytes: inFlight, addresses: perBucket.size, waiting: queue.length }),
  };
}

/** The size a request's body will have at most, or 0 when it has none. */
function declaredBodySize(headers: Record<string, string | string[] | undefined>, pathname: string): number {
  const length = Number(headers["content-length"]);
  if (Number.isFinite(length) && length >= 0 && headers["transfer-encoding"] === undefined) return length;
  return headers["transfer-encoding"] !== undefined ? bodyLimitFor(pathname).bytes : 0;
}

/** Holds each request with a body until the body budgets have room for it (see the module's comment). */
export function limitConcurrentBodies(
  options: AnswerOptions,
  limits: Pick<
    ConcurrencyLimits,
    "bodyBytes" | "bodyBytesPerAddress" | "bodyWindowMs" | "bodyMinBytes"
  > = CONCURRENCY_LIMITS,
): RequestHandler {
  const budget = createBodyBudget(limits);
  return (req, res, next) => {
    const pathname = (req.originalUrl ?? req.url ?? "/").split("?")[0];
    const size = declaredBodySize(req.headers, pathname);
    if (size === 0 || req.complete) {
      next();
      return;
    }
    const socket = req.socket;
    let released = false;
    let release: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      if (released) return;
      released = true;
      clearInterval(timer);
      // Called while reserving (a client already gone): given back once `reserve` returns.
      release?.();
    };
    const cutOff = () => {
      if (released) return;
      done();
      refuseBody(
        req,
        res,
        jsonError(408, "REQUEST_TIMEOUT", "The request body stopped arriving. Please send it again.", {
          headers: { Connection: "close", "Cache-Control": "no-store" },
        }),
        options,
      );
    };
    const receive = () => {
      // Its client left while it waited: nothing to receive.
      if (released || socket.destroyed) {
        done();
        return;
      }
      // Receiving: a body that hardly arrives gives its place up.
      let readBefore = socket.bytesRead;
      timer = setInterval(() => {
        if (socket.bytesRead - readBefore < limits.bodyMinBytes) cutOff();
        readBefore = socket.bytesRead;
      }, limits.bodyWindowMs);
      timer.unref();
      next();
    };
    let waited = false;
    release = budget.reserve(requestInfoOf(res)?.clientAddress ?? null, size, () => {
      // Room made by another request's end: first let the close events already
      // in, of clients that left while waiting, be seen (when many leave at
      // once, none of them is started only to fail).
      if (waited) setImmediate(receive);
      else receive();
    });
    waited = true;
    if (released) release();
    req.once("end", done);
    req.once("close", done);
    req.once("error", done);
    res.once("finish", done);
    res.once("close", done);
  };
}
