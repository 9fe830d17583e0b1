/**
 * Where a page's server time goes: `npm run bench:profile -- [path ...]`.
 *
 * Loads the production server build (build/server/index.js) in this process,
 * calls its request handler in a loop (no HTTP, no wrk: only what React
 * Router, our middleware, loaders and components cost; through the same
 * split of the build into the API's and each area's routes as the server
 * entry, app/http/split-build.server.ts), and prints for each
 * path the CPU time per request (process.cpuUsage(), median of batches) and
 * a CPU profile of the loop (node:inspector): the functions with the most
 * time including what they call, and the packages the time is spent in.
 *
 * Paths default to the bench reference page, the login form, the class home,
 * the results screen (30 responses), the trends page (20 rounds of a class of
 * 30) and the school view (40 classes); class screens are requested signed in
 * as the demo teacher, /admin ones as the school admin. A path may also be
 * one of those by name: `results`, `trends`, `school-view`, `results-large` (the bench data's
 * ids are not known before it is made). Runs on a fresh PGlite with the bench data, or on DATABASE_URL.
 * PROFILE_REQUESTS (400) per path, PROFILE_TOP (25) lines per list;
 * PROFILE_SERVER_BUILD, another server build to load (e.g. one server bundle);
 * PROFILE_LARGE_RESPONSES=N adds the results page at N responses;
 * PROFILE_SQL=1 (PGlite) lists each path's statements with their own CPU
 * time instead of profiling (=explain adds their plans).
 *
 * `npm run bench:profile -- --bare` profiles the bare React Router app of
 * the same versions (./bare-app.ts) the same way, on a page as long as the
 * reference page: the framework's share of our figures. `-- --compare`
 * measures each page against the bare page in alternating batches in this
 * one process: the ratio without HTTP, wrk or the machine's noise.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { openDatabase } from "~/server/db/client.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { SERVER_BUILD } from "../support/app-process";
import { buildBareApp, removeBareApp } from "./bare-app";
import { prepareBenchData } from "./fixtures";
import { ensureBuild } from "./harness";
import { median } from "./wrk";

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 400);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const ORIGIN = "http://127.0.0.1:3000";
/** PROFILE_LARGE_RESPONSES (30): the responses of the large results page, the last path of the default list. */
const LARGE_RESPONSES = Number(process.env.PROFILE_LARGE_RESPONSES ?? 30);

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function main() {
  if (process.env.PROFILE_SQL) replaySql = await traceSql();
  if (process.argv.includes("--bare")) {
    await withBareApp((handler, pathname) => profilePath(handler, pathname, {}));
    return;
  }
  const app = await loadApp();
  try {
    if (process.argv.includes("--compare")) {
      await withBareApp((bare, barePath) => compare(app, bare, barePath));
      return;
    }
    for (const pathname of askedPaths(app)) {
      await profilePath(app.handler, pathname, app.headersFor(pathname));
    }
  } finally {
    await app.close();
  }
}

/**
 * PROFILE_SQL=1 (PGlite only): the statements of one request of each path,
 * each with its own CPU time, measured by running it again alone 50 times (the
 * request's statements may overlap, so their times in the request would not add up).
 */
let tracing = false;
let replaySql: (() => Promise<void>) | undefined;
const traced: { client: unknown; args: unknown[] }[] = [];
async function traceSql() {
  const { PGlite } = await import("@electric-sql/pglite");
  type Query = (...args: unknown[]) => Promise<unknown>;
  // Each client's `query` as the app leaves it (app/server/db/pglite-prepared.server.ts replaces it), traced.
  const create = PGlite.create.bind(PGlite) as (...args: unknown[]) => Promise<object>;
  Object.assign(PGlite, {
    create: async (...args: unknown[]) => {
      const client = await create(...args);
      let current = (client as unknown as { query: Query }).query;
      Object.defineProperty(client, "query", {
        configurable: true,
        get: () => {
          if (!tracing) return current;
          return (...query: unknown[]) => {
            traced.push({ client, args: query });
            return current(...query);
          };
        },
        set: (value: Query) => {
          current = value;
        },
      });
      return client;
    },
  });
  const original = (client: unknown, args: unknown[]) => (client as { query: Query }).query(...args);
  return async () => {
    const rows: string[] = [];
    let total = 0;
    for (const { client, args } of traced.splice(0)) {
      const start = process.cpuUsage();
      for (let i = 0; i < 50; i++) await original(client, args);
      const used = process.cpuUsage(start);
      const ms = (used.user + used.system) / 1000 / 50;
      total += ms;
      const text = String(args[0]).replace(/\s+/g, " ");
      rows.push(`  ${ms.toFixed(2).padStart(6)} ms  ${text.slice(0, Number(process.env.PROFILE_SQL_CHARS ?? 160))}`);
      if (process.env.PROFILE_SQL === "explain" && ms > 0.5) {
        const plan = (await original(client, [`explain analyze ${args[0]}`, ...args.slice(1)])) as {
          rows: Record<string, string>[];
        };
        rows.push(...plan.rows.map((row) => `            ${Object.values(row)[0]}`));
      }
    }
    console.log(rows.join("\n"));
    console.log(`  ${total.toFixed(2).padStart(6)} ms  in ${rows.length} statements`);
  };
}

type Handler = (request: Request) => Promise<Response>;

/** The paths on the command line (a name of `app.named` stands for its path), else the default ones. */
function askedPaths(app: { named: Record<string, string>; paths: string[] }): string[] {
  const asked = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith("--"))
    .map((arg) => app.named[arg] ?? arg);
  return asked.length ? asked : app.paths;
}

/** The production build in this process, on the bench data, with a signed-in teacher's cookie. */
async function loadApp() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-profile-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const data = await prepareBenchData(database.db, {
    contentDir: path.resolve("content"),
    largeResponses: LARGE_RESPONSES,
  });
  await database.close();
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SECURE_COOKIES: "false",
    BENCH_REFERENCE: "true",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    APP_URL: ORIGIN,
  });
  const entry = (await import(pathToFileURL(process.env.PROFILE_SERVER_BUILD ?? SERVER_BUILD).href)) as {
    inProcessApp: () => Promise<{
      build: ServerBuild;
      context: () => RouterContextProvider;
      handle?: Handler;
    }>;
  };
  const app = await entry.inProcessApp();
  // The production entry's own split of the build (a build from before it had one: the whole build).
  const reactRouter = createRequestHandler(app.build, "production");
  const handler: Handler = app.handle ?? ((request) => reactRouter(request, app.context()));

  const signIn = async (key: "teacher" | "schoolAdmin") => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key)!;
    const loginResponse = await handler(
      new Request(`${ORIGIN}/login`, {
        method: "POST",
        body: new URLSearchParams({ email: account.email, password: account.password }),
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    return loginResponse.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  };
  const cookie = await signIn("teacher");
  const adminCookie = await signIn("schoolAdmin");
  // Issue 38: the trends and school views against the results page of 30 responses.
  const named: Record<string, string> = {
    results: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
    trends: `/class/${data.trendsClassId}/surveys/series/${data.trendsSeriesId}`,
    "school-view": `/admin/schools/${data.schoolId}/survey/${data.schoolSurveyId}`,
    ...(LARGE_RESPONSES > 30
      ? { "results-large": `/class/${data.largeClassId}/surveys/results/${data.largeResultsAssignmentId}` }
      : {}),
  };
  return {
    handler,
    named,
    paths: ["/bench/reference", "/login", `/class/${data.classId}/home`, ...Object.values(named)],
    headersFor: (pathname: string): Record<string, string> =>
      pathname.startsWith("/admin")
        ? { Cookie: adminCookie }
        : pathname.startsWith("/class") || pathname.startsWith("/home")
          ? { Cookie: cookie }
          : {},
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function withBareApp(use: (handler: Handler, pathname: string) => Promise<void>) {
  const dir = await buildBareApp();
  try {
    const build = (await import(pathToFileURL(path.join(dir, "build/server/index.js")).href)) as ServerBuild;
    await use(createRequestHandler(build, "production"), `/?rows=${BARE_ROWS_LIKE_REFERENCE}`);
  } finally {
    await removeBareApp(dir);
  }
}

/** The bare page's rows that make it about as long as the app's 24-row reference page (tests/bench/shell-cost.ts measures it). */
const BARE_ROWS_LIKE_REFERENCE = 30;

/** CPU milliseconds per request over `count` requests. */
async function cpuPerRequest(handler: Handler, request: () => Request, count: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await (await handler(request())).arrayBuffer();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

/**
 * `--compare`: each of the app's pages against the bare page, in alternating
 * batches in this one process (B-A-A-B), so the machine's load falls on both
 * alike: CPU per request of each, and the bare page's over the app's.
 */
async function compare(app: Awaited<ReturnType<typeof loadApp>>, bare: Handler, barePath: string) {
  const bareRequest = () => new Request(ORIGIN + barePath);
  const count = Math.ceil(REQUESTS / 10);
  console.log(`CPU per request, in-process, against the bare React Router page (${barePath}); ${count} per batch:`);
  // Warm up (JIT) both, on every page, before measuring any.
  for (const pathname of app.paths) {
    const headers = app.headersFor(pathname);
    for (let i = 0; i < 300; i++) await (await app.handler(new Request(ORIGIN + pathname, { headers }))).arrayBuffer();
  }
  for (let i = 0; i < 1000; i++) await (await bare(bareRequest())).arrayBuffer();
  for (const pathname of askedPaths(app)) {
    const headers = app.headersFor(pathname);
    const appRequest = () => new Request(ORIGIN + pathname, { headers });
    for (let i = 0; i < 100; i++) {
      await (await app.handler(appRequest())).arrayBuffer();
      await (await bare(bareRequest())).arrayBuffer();
    }
    const ratios: number[] = [];
    const appMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 0; round < 8; round++) {
      const b1 = await cpuPerRequest(bare, bareRequest, count);
      const a1 = await cpuPerRequest(app.handler, appRequest, count);
      const a2 = await cpuPerRequest(app.handler, appRequest, count);
      const b2 = await cpuPerRequest(bare, bareRequest, count);
      ratios.push((b1 + b2) / (a1 + a2));
      appMs.push((a1 + a2) / 2);
      bareMs.push((b1 + b2) / 2);
    }
    console.log(
      `  ${pathname.padEnd(40)} ${median(appMs).toFixed(2)} ms vs bare ${median(bareMs).toFixed(2)} ms:` +
        ` ratio ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})`,
    );
  }
}

async function profilePath(handler: Handler, pathname: string, headers: Record<string, string>) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  {
    const request = () => new Request(ORIGIN + pathname, { headers });
    if (process.env.PROFILE_SQL) {
      await (await handler(request())).arrayBuffer(); // warm caches: the second request is the steady state
      console.log(`\n${pathname}: the statements of one request`);
      tracing = true;
      await (await handler(request())).arrayBuffer();
      tracing = false;
      await replaySql?.();
      return;
    }
    const first = await handler(request());
    const bytes = (await first.arrayBuffer()).byteLength;
    for (let i = 0; i < 100; i++) await (await handler(request())).arrayBuffer(); // warm up

    const batches: number[] = [];
    await session.post("Profiler.start");
    for (let batch = 0; batch < 10; batch++)
      batches.push(await cpuPerRequest(handler, request, Math.ceil(REQUESTS / 10)));
    const { profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile };
    const file = path.join(tmpdir(), `orliverse-${pathname.replace(/\W+/g, "-")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));

    console.log(
      `\n${pathname}: ${first.status}, ${bytes} bytes, ${median(batches).toFixed(2)} ms CPU per request` +
        ` (median of 10 batches, min ${Math.min(...batches).toFixed(2)}, max ${Math.max(...batches).toFixed(2)})`,
    );
    console.log(`  profile: ${file} (open in Chrome DevTools)`);
    printProfile(profile);
  }
  await session.post("Profiler.disable");
  session.disconnect();
}

/** Per function: the share of samples it was on the stack (inclusive) and on top (self). */
function printProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === "(idle)" || leaf.callFrame.functionName === "(program)") return;
    total += delta;
    const leafKey = key(leaf);
    self.set(leafKey, (self.get(leafKey) ?? 0) + delta);
    const pkg = packageOf(leaf.callFrame.url, leaf.callFrame.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const name = key(byId.get(node)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  });
  const share = (value: number) => `${((value / total) * 100).toFixed(1).padStart(5)} %`;
  const top = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => name !== "(root)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP);
  console.log("  by package (self time):");
  for (const [name, value] of top(packages)) console.log(`    ${share(value)}  ${name}`);
  console.log("  by function, including what it calls:");
  for (const [name, value] of top(inclusive)) console.log(`    ${share(value)}  ${name}`);
  console.log("  by function, self time:");
  for (const [name, value] of top(self)) console.log(`    ${share(value)}  ${name}`);
}

function key(node: CpuProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || "(anonymous)";
  return `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}`;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ""));
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes("build/server/")) return "the app (build/server)";
  if (url.startsWith("node:")) return "node";
  return shortUrl(url);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
process.exit();
