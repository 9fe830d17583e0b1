/** wrk bursts and the small statistics `npm run bench` prints. */
import { spawnSync } from "node:child_process";
import { fetchWithRetry } from "./harness";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

/** Runs one wrk burst and returns its requests/second. */
export function wrk(url: string, headers: string[], seconds = SECONDS): number {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, ...headers.flatMap((header) => ["-H", header]), url];
  const result = spawnSync("wrk", args, { encoding: "utf8" });
  const match = result.stdout.match(/Requests\/sec:\s+([\d.]+)/);
  if (!match) throw new Error(`wrk gave no result for ${url}:\n${result.stdout}${result.stderr}`);
  const non2xx = result.stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/);
  if (non2xx) console.warn(`\n  warning: ${non2xx[1]} non-2xx/3xx responses from ${url}`);
  return Number(match[1]);
}

/** One GET without following redirects: its status and body length. */
export async function check(baseURL: string, pathname: string, headers: string[]) {
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

/** "median (min, max)" of the ratios. */
export function summary(ratios: number[]): string {
  const sorted = [...ratios].sort((x, y) => x - y);
  return `${median(sorted).toFixed(2)} (min ${sorted[0].toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)})`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
