/**
 * Request bodies are limited while they stream, before anything parses them
 * (ADR 102). Each kind of request has its cap; a body over it is answered
 * 413 at once, whether its Content-Length said so up front or a chunked body
 * only gets there on the way. What follows is read and thrown away for a
 * moment after the answer (a lingering close), then the connection is closed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { MAX_DRAWING_BYTES } from "~/lib/student-api/schemas";
import { translatorFor } from "~/server/i18n/i18n.server";
import { ONEROSTER_LIMITS } from "~/server/oneroster/oneroster-files.server";
import { MAX_ROSTER_CSV_BYTES } from "~/server/students/roster-import.server";
import { MAX_STAFF_CSV_BYTES } from "~/server/users/staff-csv.server";
import { jsonError } from "~/server/web/json-error.server";
import { plainPageHtml } from "~/server/web/plain-page.server";
import { type AnswerOptions, sendAnswer } from "./answer.server";
import { plainPageLanguageOf } from "./plain-language.server";

const KIB = 1024;
const MIB = 1024 * KIB;

export interface BodyLimit {
  kind: "form" | "csv-import" | "json" | "drawing";
  bytes: number;
}

/** The caps, in one place. The ADR gives the reasons for each. */
export const BODY_LIMITS = {
  /** A screen's form post: the longest (50 staff rows, a student with 6 contacts) is well under 100 kB. */
  form: { kind: "form", bytes: 1 * MIB },
  /** The staff screen's import: a CSV file and pasted CSV text of MAX_STAFF_CSV_BYTES each, plus the form around them. */
  staffCsv: { kind: "csv-import", bytes: 2 * MAX_STAFF_CSV_BYTES + 64 * KIB },
  /** A class list import (issue 39.1): a CSV file and pasted rows of MAX_ROSTER_CSV_BYTES each, plus the preview's ticks. */
  rosterCsv: { kind: "csv-import", bytes: 2 * MAX_ROSTER_CSV_BYTES + 64 * KIB },
  /** A school's OneRoster import (issue 39.2): the zip, or the preview carrying it back in base64, plus the form around it. */
  oneRosterZip: { kind: "form", bytes: Math.ceil(ONEROSTER_LIMITS.zipBytes / 3) * 4 + 64 * KIB },
  /** The JSON API: the largest body (a bulk staff import) is a few hundred kB at most. */
  json: { kind: "json", bytes: 1 * MIB },
  /** A student's drawing: the PNG itself, as the drawings endpoint allows. */
  drawing: { kind: "drawing", bytes: MAX_DRAWING_BYTES },
} as const satisfies Record<string, BodyLimit>;

/** A drawing upload: the student API's, and the answering page's (the student cookie). */
const DRAWING_PATH = /^(\/api\/student\/v1|\/student)\/assignments\/[^/]+\/drawings\/?$/;
const STAFF_SCREEN_PATH = /^\/admin\/staff(\/|\.data$|$)/;
const ROSTER_IMPORT_PATH = /^\/class\/[^/]+\/students\/import(\.data)?\/?$/;
const ONEROSTER_IMPORT_PATH = /^\/admin\/schools\/[^/]+\/import(\.data)?\/?$/;

/** Which cap a request's body gets, by its path. */
export function bodyLimitFor(pathname: string): BodyLimit {
  if (DRAWING_PATH.test(pathname)) return BODY_LIMITS.drawing;
  if (pathname === "/api" || pathname.startsWith("/api/")) return BODY_LIMITS.json;
  if (STAFF_SCREEN_PATH.test(pathname)) return BODY_LIMITS.staffCsv;
  if (ROSTER_IMPORT_PATH.test(pathname)) return BODY_LIMITS.rosterCsv;
  if (ONEROSTER_IMPORT_PATH.test(pathname)) return BODY_LIMITS.oneRosterZip;
  return BODY_LIMITS.form;
}

/** Megabytes, to one decimal place. */
function megabyteCount(bytes: number): number {
  return Math.round((bytes / MIB) * 10) / 10;
}

export const PAGE_ACCEPTS_AT_MOST = "This page accepts at most {megabytes, number} MB. Nothing was saved.";
export const BODY_TOO_LARGE = "The request body is too large: this endpoint accepts at most {megabytes, number} MB.";
export const DRAWING_TOO_LARGE = "The drawing is too large: this endpoint accepts at most {megabytes, number} MB.";

/**
 * The 413 answer: `{ code, message }` for the API (the code unchanged, the message in `language`: a
 * student app sends its Accept-Language), a short page for a screen (in `language`).
 */
export function payloadTooLarge(pathname: string, limit: BodyLimit, language: Language = DEFAULT_LANGUAGE): Response {
  const headers = { Connection: "close", "Cache-Control": "no-store" };
  // In the reader's language (ADR 228); the size is formatted for it ("1,5 MB").
  const t = translatorFor(language, "common");
  if (limit.kind === "json" || limit.kind === "drawing") {
    const message = limit.kind === "drawing" ? DRAWING_TOO_LARGE : BODY_TOO_LARGE;
    return jsonError(413, "PAYLOAD_TOO_LARGE", t(message, { megabytes: megabyteCount(limit.bytes) }), { headers });
  }
  const advice =
    limit.kind === "csv-import"
      ? "Split the CSV into smaller files and import them one by one."
      : "Go back and send the form with less in it.";
  return new Response(
    plainPageHtml({
      title: t("What you sent is too large"),
      message: `${t(PAGE_ACCEPTS_AT_MOST, { megabytes: megabyteCount(limit.bytes) })} ${t(advice)}`,
      link: { href: pathname.replace(/\.data$/, ""), text: t("Back to the page") },
      language,
    }),
    { status: 413, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } },
  );
}

/**
 * Counts the bytes Node's HTTP parser pushes into the request stream. Past
 * the cap, no chunk is passed on (the rest is thrown away as it comes), the
 * body stream fails (so whatever was parsing it, the route's action
 * included, sees an error and never a cut-short body), and the 413 is sent
 * with `Connection: close` and a lingering close.
 */
export function limitRequestBodies(options: AnswerOptions): RequestHandler {
  return (req, res, next) => {
    const pathname = (req.originalUrl ?? req.url ?? "/").split("?")[0];
    const limit = bodyLimitFor(pathname);
    const declared = Number(req.headers["content-length"]);
    const start = (language: Language) => {
      if (Number.isFinite(declared) && declared > limit.bytes) {
        refuse(req, res, pathname, limit, options, language);
        return;
      }
      watchBody(req, limit.bytes, () => refuse(req, res, pathname, limit, options, language));
      next();
    };
    // A 413 is in the reader's language, a page's and the API's message alike (ADR 228). Only a request
    // with a body waits for the detection (no I/O: it resolves before the body's next chunk can arrive).
    const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody) start(DEFAULT_LANGUAGE);
    else plainPageLanguageOf(req).then(start, next);
  };
}

function watchBody(req: IncomingMessage, cap: number, onOverflow: () => void) {
  let received = req.readableLength;
  let overflowed = false;
  const push = req.push;
  req.push = function limitedPush(chunk: unknown, encoding?: BufferEncoding) {
    if (chunk === null || overflowed) return overflowed ? false : push.call(this, chunk, encoding);
    received += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
    if (received <= cap) return push.call(this, chunk, encoding);
    overflowed = true;
    onOverflow();
    // Keep the parser reading: what is not read stays in the socket, and closing a socket with
    // unread data sends a reset (see lingerOnClose).
    return true;
  };
}

/**
 * How long a connection whose body was refused is still read after its
 * answer. Closing a socket with unread data in it makes the kernel send a
 * TCP reset instead of an orderly close, and a reset can destroy the answer
 * on its way before the client has read it: the client, still sending, sees
 * "connection reset" instead of the 413. So, as web servers do ("lingering
 * close"), the server half-closes after the answer, throws away what still
 * arrives, and closes when the client does or after this time.
 */
export const LINGER_MS = 2_000;

function lingerOnClose(socket: Socket) {
  // Node's HTTP server calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    this.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
  };
}

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  limit: BodyLimit,
  options: AnswerOptions,
  language: Language,
) {
  refuseBody(req, res, payloadTooLarge(pathname, limit, language), options);
}

/**
 * Ends a request whose body is refused while it streams (too large, or it
 * stopped arriving, concurrency-limits.server.ts): the answer, sent with
 * `Connection: close` and a lingering close.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, answer: Response, options: AnswerOptions) {
  // Whoever reads the body gets this answer thrown at them: the API's error
  // mapping and React Router both pass a thrown Response through, so nothing
  // is logged as an error and nothing half-read is acted on.
  if (req.listenerCount("error") > 0) req.emit("error", answer.clone());
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  lingerOnClose(req.socket);
  void sendAnswer(res, answer, options);
}
