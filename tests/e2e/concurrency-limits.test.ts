/**
 * What one client address can make the server hold at once (ADR 193), over
 * raw sockets against the production build: connections past the
 * per-address cap are closed while another address is served; bodies past
 * an address's budget wait unread while another address's are read; a body
 * that stops arriving is cut off with a 408; behind a trusted proxy the
 * budgets are per real client address (ADR 101). The memory these caps
 * bound is measured by the benchmark (`BENCH_PARTS=slow-bodies npm run
 * bench`), not here.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CONCURRENCY_LIMITS } from "~/http/concurrency-limits.server";
import { type AppServer, startAppServer } from "../support/server";

const MB = 1024 * 1024;
const opened: Socket[] = [];

afterAll(() => {
  for (const socket of opened) socket.destroy();
});

interface Client {
  socket: Socket;
  /** Set when the test itself closes the connection. */
  destroyedByTest?: boolean;
  /** The answer's status line, once it came. */
  statusLine: () => string | null;
  closed: Promise<void>;
}

/** A connection from `localAddress`, that writes `head` and then each of `parts`, 100 ms apart. */
function client(server: AppServer, localAddress: string, head = "", parts: string[] = []): Client {
  const socket = connect({ port: server.port, host: "127.0.0.1", localAddress });
  opened.push(socket);
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("connect", async () => {
    if (head) socket.write(head);
    for (const part of parts) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!socket.destroyed) socket.write(part);
    }
  });
  return { socket, statusLine: () => (received ? received.split("\r\n")[0] : null), closed };
}

/** A form post of `bodyBytes` that sends only `sendBytes` of it (the rest never comes). */
function slowPost(server: AppServer, localAddress: string, bodyBytes: number, sendBytes: number, extraHeaders = "") {
  return client(
    server,
    localAddress,
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://127.0.0.1:${server.port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bodyBytes}\r\n${extraHeaders}\r\n`,
    ["email=a%40b.example&password=", "x".repeat(sendBytes - 29)],
  );
}

/** A whole small sign-in post, sent in two parts 100 ms apart (so its body is not all there when the headers are). */
function twoPartPost(server: AppServer, localAddress: string, extraHeaders = "") {
  const body = "email=nobody%40school.example&password=wrong-password";
  return client(
    server,
    localAddress,
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://127.0.0.1:${server.port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n${extraHeaders}\r\n`,
    [body.slice(0, 10), body.slice(10)],
  );
}

/** A GET /healthz from `localAddress`: its status line, or null when the server closed the connection unanswered. */
async function healthzFrom(server: AppServer, localAddress: string): Promise<string | null> {
  const connection = client(
    server,
    localAddress,
    `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
  );
  await connection.closed;
  return connection.statusLine();
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** As many 1 MB slow bodies as fill one address's budget. */
const BODIES_PER_ADDRESS = Math.floor(CONCURRENCY_LIMITS.bodyBytesPerAddress / MB);

describe("directly reached", () => {
  let server: AppServer;
  let stalled: Client;

  beforeAll(async () => {
    server = await startAppServer();
    // Sent now and judged last: its 408 comes two body windows (20 s) later, while the other tests run.
    stalled = slowPost(server, "127.0.0.41", MB, 64 * 1024);
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("connections past the per-address cap are closed at once; another address is still served", async () => {
    // Each sends a complete request, then the start of a second one (its connection stays until the
    // header timeout, 10 s): half-open connections have a far lower cap of their own (the unit test
    // of concurrency-limits.server.ts), and requests in flight a share of their own (in-flight-limits).
    const request = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`;
    const head = `${request}\r\n${request}`;
    // The cap is judged only while every held connection is still open: on a machine so loaded that
    // opening them outlasts the first ones' header timeout, the round says nothing and is made again.
    let judged = false;
    for (let round = 0; round < 3 && !judged; round++) {
      const held: Client[] = [];
      let closedEarly = false;
      for (let index = 0; index < CONCURRENCY_LIMITS.connectionsPerAddress; index++) {
        const connection = client(server, "127.0.0.21", head);
        void connection.closed.then(() => {
          if (!connection.destroyedByTest) closedEarly = true;
        });
        held.push(connection);
        if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await until(() => held.every((connection) => connection.statusLine() !== null), 10_000);
      const probe = await healthzFrom(server, "127.0.0.21");
      const other = await healthzFrom(server, "127.0.0.22");
      // A held connection the server closed just before the probe: its close may come a moment later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!closedEarly) {
        expect(probe).toBeNull();
        expect(other).toMatch(/^HTTP\/1\.1 200 /);
        judged = true;
      }
      for (const connection of held) {
        connection.destroyedByTest = true;
        connection.socket.destroy();
      }
      // Once they are gone, the address may connect again.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(judged, "every round outlasted the held connections' header timeout").toBe(true);
    expect(await healthzFrom(server, "127.0.0.21")).toMatch(/^HTTP\/1\.1 200 /);
  }, 120_000);

  test("bodies past one address's budget wait unread, while another address's body is read and answered", async () => {
    const slow = Array.from({ length: BODIES_PER_ADDRESS }, () => slowPost(server, "127.0.0.31", MB, 64 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waiting = twoPartPost(server, "127.0.0.31");
    const other = twoPartPost(server, "127.0.0.32");
    expect(await until(() => other.statusLine() !== null, 5_000)).toBe(true);
    expect(other.statusLine()).toMatch(/^HTTP\/1\.1 401 /);
    expect(waiting.statusLine()).toBeNull();
    // One of the address's own bodies ends: its waiting post is read and answered.
    slow[0].socket.destroy();
    expect(await until(() => waiting.statusLine() !== null, 5_000)).toBe(true);
    expect(waiting.statusLine()).toMatch(/^HTTP\/1\.1 401 /);
    for (const connection of slow) connection.socket.destroy();
  }, 30_000);

  test(
    "a body that stops arriving is cut off with a 408, and the server logs no error",
    async () => {
      await stalled.closed;
      expect(stalled.statusLine()).toMatch(/^HTTP\/1\.1 408 /);
      const errors = server
        .output()
        .split("\n")
        .filter((line) => /"level":"error"/.test(line));
      expect(errors).toEqual([]);
    },
    2 * CONCURRENCY_LIMITS.bodyWindowMs + 15_000,
  );
});

describe("behind a trusted proxy", () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ env: { TRUST_PROXY: "loopback" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("the body budgets are per real client address, not the proxy's", async () => {
    const from = (address: string) => `X-Forwarded-For: ${address}\r\n`;
    const slow = Array.from({ length: BODIES_PER_ADDRESS }, () =>
      slowPost(server, "127.0.0.1", MB, 64 * 1024, from("198.51.100.1")),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waiting = twoPartPost(server, "127.0.0.1", from("198.51.100.1"));
    const other = twoPartPost(server, "127.0.0.1", from("198.51.100.2"));
    expect(await until(() => other.statusLine() !== null, 5_000)).toBe(true);
    expect(other.statusLine()).toMatch(/^HTTP\/1\.1 401 /);
    expect(waiting.statusLine()).toBeNull();
    for (const connection of slow) connection.socket.destroy();
    expect(await until(() => waiting.statusLine() !== null, 5_000)).toBe(true);
  }, 30_000);
});
