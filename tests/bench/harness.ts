/**
 * What `npm run bench` and `npm run load` share: a fresh production build,
 * wrk on the PATH, and signing in over HTTP for a session cookie.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_BUILD } from "../support/app-process";

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
