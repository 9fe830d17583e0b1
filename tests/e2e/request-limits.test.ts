/**
 * Bad input never costs the server (ADR 102), over real HTTP against the
 * production build: a 600 MB JSON body to an unauthenticated endpoint and a
 * 100 MB form post, streamed (never held by the test), are refused with 413
 * as soon as they pass their cap, with or without Content-Length; the
 * server's memory stays where it was and /healthz answers all the while. A
 * client that sends half its headers and then nothing is cut off.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AppServer, startAppServer } from "../support/server";

const MB = 1024 * 1024;
let server: AppServer;
/** What the server answered the client that sent half its headers, when it closed the connection. */
let halfHeadersAnswer: Promise<string>;

beforeAll(async () => {
  server = await startAppServer();
  // Sent now and judged by the last test: the header timeout (10 s) runs while the other tests do.
  const socket = connect(server.port, "127.0.0.1");
  socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  halfHeadersAnswer = new Promise<string>((resolve) => {
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("close", () => resolve(received));
  });
});

afterAll(async () => {
  await server?.stop();
});

/** The server process's resident memory, in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? 0) / 1024;
}

/** `size` bytes made on the fly, 64 kB at a time: the test never holds the body. */
function generatedBody(size: number, first: string, filler: string): Readable {
  const chunk = Buffer.alloc(64 * 1024, filler);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent += first.length;
        this.push(first);
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const next = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += next.length;
      this.push(next);
    },
  });
}

interface Upload {
  status: number;
  contentType: string;
  body: string;
}

/** Streams a body; resolves with the server's answer, which may come while the body is still being sent. */
function upload(path: string, body: Readable, headers: Record<string, string>): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseURL}${path}`,
      { method: "POST", headers: { Origin: server.baseURL, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks).toString(),
          }),
        );
        body.unpipe(req);
        body.destroy();
      },
    );
    // The server closes the connection after its 413: writing more then fails, which is expected.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!["EPIPE", "ECONNRESET"].includes(error.code ?? "")) reject(error);
    });
    body.pipe(req);
  });
}

async function healthzWhile<T>(work: Promise<T>): Promise<{ result: T; healthz: number[]; peakRssMb: number }> {
  const healthz: number[] = [];
  let peakRssMb = rssMb(server.pid);
  let done = false;
  const watching = (async () => {
    while (!done) {
      peakRssMb = Math.max(peakRssMb, rssMb(server.pid));
      healthz.push((await fetch(`${server.baseURL}/healthz`)).status);
    }
  })();
  const result = await work;
  done = true;
  await watching;
  peakRssMb = Math.max(peakRssMb, rssMb(server.pid));
  return { result, healthz, peakRssMb };
}

test("a 600 MB JSON body to an unauthenticated endpoint is a 413 JSON answer; memory stays low, /healthz answers", async () => {
  const before = rssMb(server.pid);
  for (const headers of <Record<string, string>[]>[
    { "Content-Type": "application/json", "Content-Length": String(600 * MB) },
    { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
  ]) {
    const body = generatedBody(600 * MB, '{"code":"', "A");
    const { result, healthz, peakRssMb } = await healthzWhile(upload("/api/student/v1/join", body, headers));
    expect(result.status).toBe(413);
    expect(result.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is too large: this endpoint accepts at most 1 MB.",
    });
    expect(healthz.length).toBeGreaterThan(0);
    expect(healthz.every((status) => status === 200)).toBe(true);
    expect(peakRssMb - before).toBeLessThan(100);
  }
});

test("the student API's 413 says it in the student's language (Accept-Language); its code stays", async () => {
  const body = generatedBody(2 * MB, '{"code":"', "A");
  const german = await upload("/api/student/v1/join", body, {
    "Content-Type": "application/json",
    "Content-Length": String(2 * MB),
    "Accept-Language": "de-DE,de;q=0.9",
  });
  expect(german.status).toBe(413);
  expect(JSON.parse(german.body)).toEqual({
    code: "PAYLOAD_TOO_LARGE",
    message: "Der Inhalt der Anfrage ist zu groß: Hier sind höchstens 1 MB möglich.",
  });
});

test("a 100 MB form post is a 413 page that says what happened; memory stays low, /healthz answers", async () => {
  const before = rssMb(server.pid);
  for (const headers of <Record<string, string>[]>[
    { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * MB) },
    { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
  ]) {
    const body = generatedBody(100 * MB, "email=a%40b.example&password=", "x");
    const { result, healthz, peakRssMb } = await healthzWhile(upload("/login", body, headers));
    expect(result.status).toBe(413);
    expect(result.contentType).toMatch(/^text\/html/);
    expect(result.body).toContain("<h1>What you sent is too large</h1>");
    expect(result.body).toContain("This page accepts at most 1 MB. Nothing was saved.");
    expect(healthz.every((status) => status === 200)).toBe(true);
    expect(peakRssMb - before).toBeLessThan(100);
  }
});

test("a body under its cap is still read: a 1.5 MB staff CSV import is not refused for its size", async () => {
  const body = `intent=import-csv&csvText=${"a".repeat(1.5 * MB)}`;
  const answer = await upload("/admin/staff", Readable.from([body]), {
    "Content-Type": "application/x-www-form-urlencoded",
    "Content-Length": String(body.length),
  });
  // Not signed in: the screen sends the visitor to sign in, having read the body.
  expect(answer.status).not.toBe(413);
});

test("a client that sends half its request headers and then nothing is cut off", async () => {
  expect(await halfHeadersAnswer).toMatch(/^HTTP\/1\.1 408 /);
}, 40_000);
