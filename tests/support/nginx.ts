/**
 * An unprivileged nginx in front of app instances, for tests that must prove
 * what goes through a reverse proxy (live results' event streams, ADR 231):
 *
 *   const proxy = await startNginx([a.baseURL, b.baseURL]);  // one listening port per upstream
 *   proxy.urls[0]   // http://127.0.0.1:PORT, proxying to a
 *   await proxy.stop();
 *
 * Everything lives in a temp folder of its own (prefix, config, pid, temp
 * dirs, `-e` error log); `daemon off` and `master_process off` keep it one
 * foreground process of the test's own user, on free high ports. The proxy
 * settings are the ones docs/operations.md recommends: HTTP/1.1 to the app
 * with keep-alive, the forwarding headers (the app trusts them with
 * TRUST_PROXY=loopback), a read timeout above the stream's heartbeat, and
 * nginx's default response buffering left on. It also gzips event streams,
 * as a careless configuration would: nginx's gzip does not honour
 * `no-transform`, and then held a stream's events until it ended (measured
 * on nginx 1.22); the app's `X-Accel-Buffering: no` is what lets each event
 * through at once, and the live test proves it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-process";

export interface NginxProxy {
  /** One address per upstream given, in the same order. */
  urls: string[];
  /** nginx's error log so far, for failure messages. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** The nginx binary (NGINX_BIN, /usr/sbin/nginx, or on PATH), or null when none is installed. */
export function findNginx(): string | null {
  const candidates = [
    process.env.NGINX_BIN,
    "/usr/sbin/nginx",
    ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => dir && path.join(dir, "nginx")),
  ];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

/** The proxy's read timeout: above the app's 15 s heartbeat (LIVE_RESULTS_HEARTBEAT_MS), as operations.md asks. */
export const PROXY_READ_TIMEOUT_SECONDS = 60;

function serverBlock(port: number, upstream: string): string {
  const target = new URL(upstream);
  return `
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${target.host};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout ${PROXY_READ_TIMEOUT_SECONDS}s;
    }
  }`;
}

export async function startNginx(
  upstreams: string[],
  options: {
    readyTimeoutMs?: number /** More directives for the http block (an experiment's gzip, say). */;
    httpConfig?: string;
  } = {},
): Promise<NginxProxy> {
  const binary = findNginx();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx-light, or set NGINX_BIN)");
  const dir = await mkdtemp(path.join(tmpdir(), "orliverse-nginx-"));
  for (const sub of ["logs", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(path.join(dir, sub));
  const ports = await Promise.all(upstreams.map(() => freePort()));
  const errorLogPath = path.join(dir, "logs", "error.log");
  const config = `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLogPath} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # A proxy that compresses all it can, event streams included: nginx's gzip ignores
  # no-transform and would hold every event until the stream ends; only the app's
  # X-Accel-Buffering: no lets each through at once (ADR 231).
  gzip on;
  gzip_types text/css application/javascript application/json text/event-stream;
  ${options.httpConfig ?? ""}
${ports.map((port, index) => serverBlock(port, upstreams[index])).join("\n")}
}
`;
  const configPath = path.join(dir, "nginx.conf");
  await writeFile(configPath, config);
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", configPath, "-e", errorLogPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const errorLog = async () => readFile(errorLogPath, "utf8").catch(() => "");
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000);
  for (const url of urls) {
    for (;;) {
      if (child.exitCode !== null) {
        const log = await errorLog();
        await stop();
        throw new Error(`nginx exited with code ${child.exitCode}:\n${output}\n${log}`);
      }
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        const log = await errorLog();
        await stop();
        throw new Error(`nginx did not answer at ${url}/healthz:\n${output}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { urls, errorLog, stop };
}
