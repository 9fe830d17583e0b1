/**
 * `npm run bench`: seven parts, each printed as a table (BENCH_PARTS picks
 * some of them: "slow-bodies,bytes,routes,shell,lighthouse,weight,live", all by default).
 *
 * - routes: requests per second of the app's routes, as a ratio against a
 *   reference page (app/routes/bench-reference.tsx) measured in the same run,
 *   in alternating short wrk bursts (A-S-B-B-S-A), because single runs on
 *   shared machines vary by 1.3-2.4x. Two references: A, the static page of
 *   24 rows (about 10 kB) every route is compared with, and S, the same page
 *   made as long as the measured route's page ("a static page of
 *   similar size", ADR 065), which separates what a screen's data and components cost
 *   from what its length costs. Prints, per route, both median ratios with
 *   min-max, and the server's idle and peak RSS.
 * - bytes: the HTML of /login, /join, the class home and a results page in
 *   English, German and Arabic, raw and gzip, against its visible markup
 *   (./page-bytes.ts).
 * - shell: the reference page and the class screens against a bare React
 *   Router app of the same versions (./bare-app.ts, ./shell-cost.ts).
 * - lighthouse: Lighthouse's mobile and desktop scores of the main pages
 *   (./lighthouse.ts).
 * - weight: what the avatar adds to a page (./avatar-weight.ts).
 * - live: the live results' latency from a submission to 1, 10 and 100
 *   open streams, the server's RSS per 1,000 open streams, and a stream's
 *   cost at 5,000 responses against 30 (./live.ts).
 * - slow-bodies: the server's memory while 2,000 slow connections each send
 *   a body just under its cap, and after they close, with honest requests
 *   answered meanwhile (./slow-bodies.ts; on a server of its own, first).
 *
 * It is a benchmark, not a test: it never fails the build (exit code 0).
 *
 * Environment: BENCH_SECONDS (burst length, 3), BENCH_ROUNDS (4),
 * BENCH_CONNECTIONS (8), BENCH_ROUTES (comma-separated name prefixes to run),
 * BENCH_LARGE_RESPONSES (5000: the large results screen's response count),
 * LIGHTHOUSE_RUNS (1), CHROME_PATH (/usr/bin/chromium),
 * DATABASE_URL (bench against PostgreSQL instead of a fresh PGlite).
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "~/server/seed/demo-data.server";
import type { AppServer } from "../support/app-process";
import { formatFirstLoadTable, measureFirstLoad } from "../support/bundle-budget";
import { printAvatarWeight } from "./avatar-weight";
import { type BareApp, buildBareApp, removeBareApp, serveBareApp } from "./bare-app";
import { type BenchData, DEMO_CLASS_CODE, prepareBenchData, SMALL_RESPONSES } from "./fixtures";
import {
  ensureBuild,
  ensureWrk,
  fetchWithRetry,
  login as loginAs,
  readRss,
  sleep,
  spawnBenchServer,
  startRssSampler,
} from "./harness";
import { lighthousePages, loadAverage, printLighthouse, runLighthouse } from "./lighthouse";
import { runLiveBench } from "./live";
import { printPageBytes } from "./page-bytes";
import { REFERENCE_PATH, runShellCost, shellTargets } from "./shell-cost";
import { runSlowBodies } from "./slow-bodies";
import { SCHOOL_CLASSES, TRENDS_ROUNDS } from "./trends-fixtures";
import { CONNECTIONS, check, median, ROUNDS, SECONDS, summary, wrk } from "./wrk";

export interface BenchRoute {
  name: string;
  path: string;
  /** Log in as this demo account first, or join the demo class as a student (the cookie goes with every request). */
  account?: DemoAccountKey | "student";
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
    // Issue 38: each within 2x of the results page of one assignment (30 responses), measured in the same run.
    {
      name: `trends (${TRENDS_ROUNDS} rounds of a class of 30)`,
      path: `/class/${data.trendsClassId}/surveys/series/${data.trendsSeriesId}`,
      account: "teacher",
    },
    {
      name: `school view (${SCHOOL_CLASSES} classes of 30)`,
      path: `/admin/schools/${data.schoolId}/survey/${data.schoolSurveyId}`,
      account: "schoolAdmin",
    },
    {
      name: `results (${data.largeResponses} responses)`,
      path: `/class/${data.largeClassId}/surveys/results/${data.largeResultsAssignmentId}`,
      account: "teacher",
    },
    // The answering page with its outbox (issue #37): a plain page, its outbox's settings and script tag.
    { name: "student: answering page", path: `/student/assignments/${data.answerAssignmentId}`, account: "student" },
  ];
}

const LARGE_RESPONSES = Number(process.env.BENCH_LARGE_RESPONSES ?? 5000);
const KNOWN_PARTS = ["slow-bodies", "bytes", "routes", "shell", "lighthouse", "weight", "live"];
const PARTS = new Set((process.env.BENCH_PARTS ?? KNOWN_PARTS.join(",")).split(",").map((part) => part.trim()));
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

async function main() {
  if (!KNOWN_PARTS.some((part) => PARTS.has(part))) {
    // Also how tests/integration/cli-scripts.test.ts loads every module of the bench under tsx.
    console.log(`Nothing to run: BENCH_PARTS names none of ${KNOWN_PARTS.join(", ")}.`);
    return;
  }
  ensureBuild();
  if (PARTS.has("slow-bodies")) {
    await runSlowBodies();
    if (PARTS.size === 1) return;
  }
  if (PARTS.has("routes") || PARTS.has("shell")) ensureWrk();
  console.log(`Load average at the start: ${loadAverage()} (${cpuCount()} CPUs)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-bench-"));
  let server: AppServer | undefined;
  let bare: BareApp | undefined;
  let bareDir: string | undefined;
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
    server = await spawnBenchServer(dataDir, {
      BENCH_REFERENCE: "true",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const cookieFor = sessionCookies(server.baseURL);

    if (PARTS.has("bytes")) await printPageBytes(server.baseURL, data, cookieFor);

    if (PARTS.has("routes")) await runBench(server, benchRoutes(data), cookieFor);

    if (PARTS.has("live")) await runLiveBench(server, data, await cookieFor("teacher"));

    if (PARTS.has("shell")) {
      console.log("\nBuilding and starting a bare React Router app of the same versions...");
      bareDir = await buildBareApp();
      bare = await serveBareApp(bareDir);
      await runShellCost(server.baseURL, bare, shellTargets(data), cookieFor);
      await bare.stop();
      bare = undefined;
    }

    // First-load JavaScript and CSS per page (ADR 143: the budget's
    // figures, from the build's manifest; a page without the client bundle
    // counts its plain scripts, ADR 170), before Lighthouse's table;
    // LighthousePage.routeId joins the two.
    console.log("\nFirst-load JavaScript and CSS per page (gzip -9, from the build):");
    console.log(formatFirstLoadTable(measureFirstLoad()));

    if (PARTS.has("lighthouse")) {
      console.log("");
      const outcomes = await runLighthouse(server.baseURL, lighthousePages(data), cookieFor, {
        runs: LIGHTHOUSE_RUNS,
        onProgress: (line) => console.log(line),
      });
      printLighthouse(outcomes, LIGHTHOUSE_RUNS);
    }

    if (PARTS.has("weight")) {
      console.log("");
      printAvatarWeight();
    }
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } catch (error) {
    if (server) console.error(`Server output (last lines):\n${server.output().split("\n").slice(-15).join("\n")}`);
    throw error;
  } finally {
    await bare?.stop();
    if (bareDir) await removeBareApp(bareDir);
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Signs in once per demo account (or joins once as a student) and remembers the session cookie header. */
function sessionCookies(baseURL: string): (account: DemoAccountKey | "student") => Promise<string> {
  const cookies = new Map<DemoAccountKey | "student", Promise<string>>();
  return (account) => {
    let cookie = cookies.get(account);
    if (!cookie) {
      const demo = DEMO_ACCOUNTS.find((candidate) => candidate.key === account);
      cookie = (demo ? loginAs(baseURL, demo) : joinAsStudent(baseURL)).then((pairs) => pairs.join("; "));
      cookies.set(account, cookie);
    }
    return cookie;
  };
}

/** Joins the demo class with its code as a new student: the student cookie. */
async function joinAsStudent(baseURL: string): Promise<string[]> {
  const response = await fetchWithRetry(`${baseURL}/join`, {
    method: "POST",
    body: new URLSearchParams({ code: DEMO_CLASS_CODE, firstName: "Bench", lastName: `Student${Date.now() % 100000}` }),
    headers: { Origin: baseURL },
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0)
    console.warn(`Joining gave ${response.status}; no student session.`);
  return cookies;
}

function cpuCount(): number {
  return readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s*:/gm)?.length ?? 0;
}

async function runBench(
  server: AppServer,
  allRoutes: BenchRoute[],
  cookieFor: (account: DemoAccountKey | "student") => Promise<string>,
) {
  const reference = await check(server.baseURL, REFERENCE_PATH, []);
  if (!reference.ok) throw new Error(`The reference page answered ${reference.status}; is BENCH_REFERENCE honoured?`);

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
      headers = [`Cookie: ${await cookieFor(route.account)}`];
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
        `  ~${Math.round(median(result.rps))} req/s  ${result.status} ${result.bytes} bytes` +
        (result.route.account ? `  as ${result.route.account}` : ""),
    );
  }
  printAgainstResults(results);
  console.log(`\nServer RSS: idle ${mb(idleRss)}, peak ${mb(peak)}`);
}

/** Issue 38's goal: the trends and school views within 2x of one assignment's results page (req/s ratio at least 0.5). */
function printAgainstResults(results: Array<{ route: BenchRoute; ratios?: number[] }>) {
  const base = results.find((r) => r.route.name.startsWith(`results (${SMALL_RESPONSES} `));
  if (!base?.ratios) return;
  console.log(`\nAgainst ${base.route.name} (median ratio over median ratio; goal: at least 0.5, i.e. within 2x):`);
  for (const result of results) {
    if (!result.ratios || !/^(trends|school view)/.test(result.route.name)) continue;
    const relative = median(result.ratios) / median(base.ratios);
    console.log(`  ${result.route.name}: ${relative.toFixed(2)} ${relative >= 0.5 ? "(goal met)" : "(goal NOT met)"}`);
  }
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

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

try {
  await main();
} catch (error) {
  console.error(`Benchmark did not complete: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(0);
