/**
 * `BENCH_PARTS=slow-bodies npm run bench`: what 2,000 slow connections, each
 * sending a body just under its cap and never finishing it, cost the
 * server (ADR 193). Prints the server's RSS idle, at its peak while they
 * hold on, at the end, and after they close; what the server answered them;
 * and how honest requests from another address fared meanwhile (a
 * /healthz and a small sign-in post every 2 s).
 *
 * It starts its own production server on a fresh PGlite with the demo
 * data. Environment: SLOW_BODIES_CONNECTIONS (2000), SLOW_BODIES_ADDRESSES
 * (20: the connections come from 127.0.0.10 and up, spread evenly),
 * SLOW_BODIES_HOLD_SECONDS (70: past Node's 60 s request timeout, ADR 102),
 * SLOW_BODIES_BURSTS (2: does the second burst reuse what the first left?).
 *
 * The body bytes come from one shared 64 kB buffer and each socket waits for
 * 'drain', so the benchmark itself holds little.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppServer } from "../support/app-process";
import { readRss, sleep, spawnBenchServer, startRssSampler } from "./harness";

const CONNECTIONS = Number(process.env.SLOW_BODIES_CONNECTIONS ?? 2000);
const ADDRESSES = Number(process.env.SLOW_BODIES_ADDRESSES ?? 20);
const HOLD_SECONDS = Number(process.env.SLOW_BODIES_HOLD_SECONDS ?? 70);
/** Two bursts, one after the other: whether the second reuses what the first left, or grows. */
const BURSTS = Number(process.env.SLOW_BODIES_BURSTS ?? 2);
/** Just under the 1 MB cap of a form post and of a JSON API body. */
const BODY_BYTES = 1024 * 1024 - 64;
const SLICE = Buffer.alloc(64 * 1024, "a");
const MB = 1024 * 1024;

interface SlowConnection {
  socket: Socket;
  sent: number;
  answer: string | null;
  closedByServer: boolean;
}

/** One slow sender: headers, then 64 kB every 250 ms up to all but the last byte, then nothing. */
function openSlowConnection(port: number, localAddress: string, index: number): SlowConnection {
  const api = index % 2 === 1;
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  const connection: SlowConnection = { socket, sent: 0, answer: null, closedByServer: false };
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    connection.answer ??= chunk.toString().split("\r\n")[0];
  });
  socket.on("close", () => {
    if (!socket.destroyed || connection.answer !== null) connection.closedByServer = true;
  });
  socket.on("end", () => {
    connection.closedByServer = true;
  });
  socket.on("connect", () => {
    socket.write(
      `POST ${api ? "/api/student/v1/join" : "/login"} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Origin: http://127.0.0.1:${port}\r\nContent-Type: ${api ? "application/json" : "application/x-www-form-urlencoded"}\r\n` +
        `Content-Length: ${BODY_BYTES}\r\n\r\n${api ? '{"code":"' : "email=a%40b.example&password="}`,
    );
    const sendMore = () => {
      if (socket.destroyed || connection.sent >= BODY_BYTES - 1 - 40) return;
      const size = Math.min(SLICE.length, BODY_BYTES - 1 - 40 - connection.sent);
      connection.sent += size;
      const flushed = socket.write(SLICE.subarray(0, size));
      const later = () => setTimeout(sendMore, 250).unref();
      if (flushed) later();
      else socket.once("drain", later);
    };
    sendMore();
  });
  return connection;
}

interface Probe {
  healthz: number[];
  login: number[];
  slowestMs: number;
}

/** An honest client on its own address: /healthz and a small sign-in post (a wrong password). */
async function probeOnce(port: number, probe: Probe) {
  const send = (method: string, target: string, body?: string) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: target,
          method,
          localAddress: "127.0.0.2",
          agent: false,
          timeout: 70_000,
          headers: body
            ? {
                Origin: `http://127.0.0.1:${port}`,
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": Buffer.byteLength(body),
              }
            : {},
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            probe.slowestMs = Math.max(probe.slowestMs, performance.now() - started);
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on("error", () => resolve(0));
      req.on("timeout", () => req.destroy());
      req.end(body);
    });
  const [healthz, login] = await Promise.all([
    send("GET", "/healthz"),
    // A new e-mail each time: the sign-in limit per e-mail would answer 429 after a few.
    send("POST", "/login", `email=nobody-${probe.login.length}-${Date.now()}%40school.example&password=wrong-password`),
  ]);
  probe.healthz.push(healthz);
  probe.login.push(login);
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function tally(values: (string | number)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(", ") || "none";
}

/** One burst: open the slow connections, hold them, close them; print what it cost. */
async function burstOfSlowBodies(port: number, pid: number, idle: number, connections: SlowConnection[]) {
  connections.length = 0;
  const sampler = startRssSampler(pid);
  const during: Probe = { healthz: [], login: [], slowestMs: 0 };

  const started = performance.now();
  for (let index = 0; index < CONNECTIONS; index++) {
    connections.push(openSlowConnection(port, `127.0.0.${10 + (index % ADDRESSES)}`, index));
    if (index % 100 === 99) await sleep(100);
  }
  const probing = (async () => {
    while (performance.now() - started < HOLD_SECONDS * 1000) {
      await probeOnce(port, during);
      await sleep(2_000);
    }
  })();
  await probing;
  const atEnd = readRss(pid).current;
  const peak = Math.max(sampler.stop(), atEnd);
  const answered = connections.map((connection) => connection.answer ?? "no answer yet");
  const stillOpen = connections.filter((connection) => !connection.closedByServer && !connection.socket.destroyed);
  for (const connection of connections) connection.socket.destroy();

  await sleep(5_000);
  const after5 = readRss(pid).current;
  await sleep(15_000);
  const after20 = readRss(pid).current;
  const after: Probe = { healthz: [], login: [], slowestMs: 0 };
  await probeOnce(port, after);

  console.log(`    RSS idle (before burst 1)    ${mb(idle)}`);
  console.log(`    RSS peak while held          ${mb(peak)}  (+${mb(peak - idle)} above idle)`);
  console.log(`    RSS at the end of the hold   ${mb(atEnd)}  (+${mb(atEnd - idle)})`);
  console.log(`    RSS 5 s after they closed    ${mb(after5)}  (+${mb(after5 - idle)})`);
  console.log(`    RSS 20 s after they closed   ${mb(after20)}  (+${mb(after20 - idle)})`);
  console.log(`    Slow connections still open at the end: ${stillOpen.length} of ${CONNECTIONS}`);
  console.log(`    What the server answered them: ${tally(answered)}`);
  console.log(
    `    Honest client (127.0.0.2) while held: /healthz ${tally(during.healthz)}; sign-in post ${tally(during.login)}; ` +
      `slowest ${Math.round(during.slowestMs)} ms`,
  );
  console.log(`    Honest client afterwards: /healthz ${tally(after.healthz)}; sign-in post ${tally(after.login)}`);
}

export async function runSlowBodies(): Promise<void> {
  console.log(
    `\nSlow bodies: ${CONNECTIONS} connections from ${ADDRESSES} addresses, each sending ${mb(BODY_BYTES)} ` +
      `but for its last byte, held ${HOLD_SECONDS} s`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-bench-slow-"));
  let server: AppServer | undefined;
  const connections: SlowConnection[] = [];
  try {
    // The very first start (initdb, the demo data) leaves PGlite's RSS high for a while: measure a second start.
    await (await spawnBenchServer(dataDir)).stop();
    server = await spawnBenchServer(dataDir);
    const { port, pid } = server;
    // Warm up what an honest visit touches, then let the heap settle.
    const probe: Probe = { healthz: [], login: [], slowestMs: 0 };
    for (let round = 0; round < 3; round++) await probeOnce(port, probe);
    await sleep(2_000);
    const idle = readRss(pid).current;
    for (let burst = 1; burst <= BURSTS; burst++) {
      console.log(`  Burst ${burst} of ${BURSTS}:`);
      await burstOfSlowBodies(port, pid, idle, connections);
    }
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":"error"/.test(line));
    console.log(
      `  Error-level log lines: ${errors.length}${errors.length ? `, first: ${errors[0].slice(0, 300)}` : ""}`,
    );
  } catch (error) {
    if (server) console.error(`Server output (last lines):\n${server.output().split("\n").slice(-15).join("\n")}`);
    throw error;
  } finally {
    for (const connection of connections) connection.socket.destroy();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
