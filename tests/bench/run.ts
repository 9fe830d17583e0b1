/**
 * `npm run bench`: requests per second of the app's routes, as a ratio
 * against a reference page (app/routes/bench-reference.tsx) measured in the
 * same run, in alternating short wrk bursts (A-S-B-B-S-A), because single
 * runs on shared machines vary by 1.3-2.4x. Two references: A, the static
 * page of 24 rows (about 10 kB) every route is compared with, and S, the same
 * page made as long as the measured route's page (issue 2: "a static page of
 * similar size"), which separates what a screen's data and components cost
 * from what its length costs. Prints, per route, both median ratios with
 * min-max, and the server's idle and peak RSS.
 *
 * It is a benchmark, not a test: it never fails the build (exit code 0).
 *
 * Environment: BENCH_SECONDS (burst length, 3), BENCH_ROUNDS (4),
 * BENCH_CONNECTIONS (8), BENCH_ROUTES (comma-separated name prefixes to run),
 * BENCH_LARGE_RESPONSES (5000: the large results screen's response count),
 * DATABASE_URL (bench against PostgreSQL instead of a fresh PGlite).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "~/server/seed/demo-data.server";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { printAvatarWeight } from "./avatar-weight";
import { type BenchData, prepareBenchData } from "./fixtures";
import { ensureBuild, ensureWrk, fetchWithRetry, login as loginAs, sleep } from "./harness";

export interface BenchRoute {
  name: string;
  path: string;
  /** Log in as this demo account first (the cookie goes with every request). */
  account?: DemoAccountKey;
}

/** The measured routes. Later issues add their screens here. */
export function benchRoutes(data: BenchData): BenchRoute[] {
  return [
    { name: "start page (anonymous: redirect)", path: "/" },
    { name: "login form", path: "/login" },
    { name: "teacher home", path: "/home", account: "teacher" },
    { name: "readyz (JSON, one query)", path: "/readyz" },
    { name: "class home", path: `/class/${data.classId}/home`, account: "teacher" },
    { name: "manage students", path: `/class/${data.classId}/students/manage`, account: "teacher" },
    {
      name: `results (${data.smallResponses} responses)`,
      path: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
      account: "teacher",
    },
    {
      name: `results (${data.largeResponses} responses)`,
      path: `/class/${data.largeClassId}/surveys/results/${data.largeResultsAssignmentId}`,
      account: "teacher",
    },
  ];
}

const REFERENCE_PATH = "/bench/reference";
const LARGE_RESPONSES = Number(process.env.BENCH_LARGE_RESPONSES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

async function main() {
  ensureBuild();
  ensureWrk();
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-bench-"));
  let server: AppServer | undefined;
  try {
    const databaseUrl = process.env.DATABASE_URL;
    console.log(`Preparing the bench data (demo seed and a class with ${LARGE_RESPONSES} responses)...`);
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    const data = await prepareBenchData(database.db, {
      contentDir: path.resolve("content"),
      largeResponses: LARGE_RESPONSES,
    });
    await database.close();
    console.log(`Starting the production server on ${databaseUrl ? "PostgreSQL (DATABASE_URL)" : "a fresh PGlite"}...`);
    server = await spawnServer({
      port: await freePort(),
      env: {
        NODE_ENV: "production",
        DEMO_DATA: "true",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        SECURE_COOKIES: "false",
        BENCH_REFERENCE: "true",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      readyTimeoutMs: 180_000,
    });
    await runBench(server, benchRoutes(data));
    printAvatarWeight();
  } catch (error) {
    if (server) console.error(`Server output (last lines):\n${server.output().split("\n").slice(-15).join("\n")}`);
    throw error;
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function runBench(server: AppServer, allRoutes: BenchRoute[]) {
  const reference = await check(server.baseURL, REFERENCE_PATH, []);
  if (!reference.ok) throw new Error(`The reference page answered ${reference.status}; is BENCH_REFERENCE honoured?`);

  const cookies = new Map<DemoAccountKey, string[]>();
  const only = process.env.BENCH_ROUTES?.split(",").map((name) => name.trim());
  const routes = allRoutes.filter((route) => !only || only.some((name) => route.name.startsWith(name)));

  // Warm up (JIT, caches) before measuring anything.
  wrk(server.baseURL + REFERENCE_PATH, [], 2);
  const sizedReference = await sizeReference(server.baseURL, reference.bytes);
  await sleep(500);
  const idleRss = readRss(server.pid).current;

  const results: Array<
    | {
        route: BenchRoute;
        ratios: number[];
        sizedRatios: number[];
        sizedBytes: number;
        rps: number[];
        status: number;
        bytes: number;
      }
    | { route: BenchRoute; skipped: string }
  > = [];
  const sampler = startRssSampler(server.pid);
  for (const route of routes) {
    let headers: string[] = [];
    if (route.account) {
      const cookie = cookies.get(route.account) ?? (await login(server.baseURL, route.account));
      cookies.set(route.account, cookie);
      headers = [`Cookie: ${cookie.join("; ")}`];
    }
    const probe = await check(server.baseURL, route.path, headers);
    if (!probe.ok) {
      results.push({ route, skipped: `answered ${probe.status}` });
      continue;
    }
    process.stdout.write(`Measuring ${route.name} (${route.path})`);
    const sized = sizedReference(probe.bytes);
    const sizedCheck = await check(server.baseURL, sized, []);
    const ratios: number[] = [];
    const sizedRatios: number[] = [];
    const rps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const a1 = wrk(server.baseURL + REFERENCE_PATH, [], SECONDS);
      const s1 = wrk(server.baseURL + sized, [], SECONDS);
      const b1 = wrk(server.baseURL + route.path, headers, SECONDS);
      const b2 = wrk(server.baseURL + route.path, headers, SECONDS);
      const s2 = wrk(server.baseURL + sized, [], SECONDS);
      const a2 = wrk(server.baseURL + REFERENCE_PATH, [], SECONDS);
      ratios.push((b1 + b2) / (a1 + a2));
      sizedRatios.push((b1 + b2) / (s1 + s2));
      rps.push((b1 + b2) / 2);
      process.stdout.write(".");
    }
    process.stdout.write("\n");
    results.push({
      route,
      ratios,
      sizedRatios,
      sizedBytes: sizedCheck.bytes,
      rps,
      status: probe.status,
      bytes: probe.bytes,
    });
  }
  const peak = Math.max(sampler.stop(), readRss(server.pid).peak);

  console.log(`\nRequests/second as a ratio of the reference page (${REFERENCE_PATH}, ${reference.bytes} bytes),`);
  console.log("and of the same reference made as long as the route's page (same size);");
  console.log(`${ROUNDS} rounds of A-S-B-B-S-A, ${SECONDS} s bursts, ${CONNECTIONS} connections; above 1 is faster.\n`);
  const width = Math.max(...routes.map((route) => route.name.length), 10);
  for (const result of results) {
    const label = result.route.name.padEnd(width);
    if ("skipped" in result) {
      console.log(`${label}  skipped: ${result.route.path} ${result.skipped}`);
      continue;
    }
    console.log(
      `${label}  ratio ${summary(result.ratios)}  same size ${summary(result.sizedRatios)} (${result.sizedBytes} bytes)` +
        `  ~${Math.round(median([...result.rps].sort((x, y) => x - y)))} req/s  ${result.status} ${result.bytes} bytes` +
        (result.route.account ? `  as ${result.route.account}` : ""),
    );
  }
  console.log(`\nServer RSS: idle ${mb(idleRss)}, peak ${mb(peak)}`);
}

/** "median (min, max)" of the ratios. */
function summary(ratios: number[]): string {
  const sorted = [...ratios].sort((x, y) => x - y);
  return `${median(sorted).toFixed(2)} (min ${sorted[0].toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)})`;
}

const DEFAULT_REFERENCE_ROWS = 24;

/**
 * The reference's bytes per row, measured once: returns the path of a
 * reference page about as long as a page of `bytes` bytes.
 */
async function sizeReference(baseURL: string, defaultBytes: number): Promise<(bytes: number) => string> {
  const longer = DEFAULT_REFERENCE_ROWS + 200;
  const { bytes: longerBytes } = await check(baseURL, `${REFERENCE_PATH}?rows=${longer}`, []);
  const perRow = (longerBytes - defaultBytes) / (longer - DEFAULT_REFERENCE_ROWS);
  return (bytes) => {
    const rows = Math.max(1, Math.round(DEFAULT_REFERENCE_ROWS + (bytes - defaultBytes) / perRow));
    return `${REFERENCE_PATH}?rows=${rows}`;
  };
}

/** Runs one wrk burst and returns its requests/second. */
function wrk(url: string, headers: string[], seconds: number): number {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, ...headers.flatMap((header) => ["-H", header]), url];
  const result = spawnSync("wrk", args, { encoding: "utf8" });
  const match = result.stdout.match(/Requests\/sec:\s+([\d.]+)/);
  if (!match) throw new Error(`wrk gave no result for ${url}:\n${result.stdout}${result.stderr}`);
  const non2xx = result.stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/);
  if (non2xx) console.warn(`\n  warning: ${non2xx[1]} non-2xx/3xx responses from ${url}`);
  return Number(match[1]);
}

async function check(baseURL: string, pathname: string, headers: string[]) {
  const response = await fetchWithRetry(baseURL + pathname, {
    headers: Object.fromEntries(
      headers.map((header) => [header.slice(0, header.indexOf(":")), header.slice(header.indexOf(":") + 1).trim()]),
    ),
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  // A redirect is a legitimate answer to measure (an anonymous "/" goes to /login).
  return { ok: response.status < 400, status: response.status, bytes: body.byteLength };
}

function readRss(pid: number): { current: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0) * 1024;
  return { current: kb("VmRSS"), peak: kb("VmHWM") };
}

function startRssSampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRss(pid).current);
    } catch {
      // the process is gone
    }
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

function login(baseURL: string, key: DemoAccountKey): Promise<string[]> {
  return loginAs(baseURL, DEMO_ACCOUNTS.find((candidate) => candidate.key === key)!);
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

try {
  await main();
} catch (error) {
  console.error(`Benchmark did not complete: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(0);
