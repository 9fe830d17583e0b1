/**
 * What `npm run bench` and `npm run load` share: a fresh production build,
 * wrk on the PATH, and signing in over HTTP for a session cookie.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type AppServer, freePort, SERVER_BUILD, spawnServer } from "../support/app-process";

/** Builds the app when any file under app/ is newer than the server build. */
export function ensureBuild() {
  const newestSource = newestMtime(path.resolve("app"));
  if (existsSync(SERVER_BUILD) && statSync(SERVER_BUILD).mtimeMs >= newestSource) return;
  console.log("Building the app (react-router build)...");
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    stdio: "inherit",
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function ensureWrk() {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("Installing wrk (apt-get install -y wrk)...");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? args[0], [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], { stdio: "inherit" });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "wrk"]);
}

/** Signs in through the login form; returns the session cookies ("name=value"). */
export async function login(baseURL: string, account: { email: string; password: string }): Promise<string[]> {
  const response = await fetchWithRetry(`${baseURL}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: account.email, password: account.password }),
    headers: { Origin: baseURL },
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status < 300 || response.status >= 400 || cookies.length === 0) {
    console.warn(`Logging in as ${account.email} gave ${response.status}; going on without a session.`);
  }
  return cookies;
}

/** A kept-alive socket may have been closed by the server during a wrk burst: try once more. */
export async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    await sleep(100);
    return fetch(url, init);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's resident memory now and at its peak (VmHWM), in bytes. */
export function readRss(pid: number): { current: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0) * 1024;
  return { current: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Samples a process's RSS every 200 ms; `stop()` gives the highest seen. */
export function startRssSampler(pid: number) {
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

/** The production server on `dataDir` (a fresh PGlite gets the demo data), as the bench runs it. */
export async function spawnBenchServer(dataDir: string, env: Record<string, string> = {}): Promise<AppServer> {
  return spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DEMO_DATA: "true",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ...env,
    },
    readyTimeoutMs: 180_000,
  });
}
