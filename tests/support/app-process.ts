/**
 * Starting and stopping the built server as a child process. No vitest hooks
 * here, so globalSetup and the bench can use it too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** The built server entry (app/http/main.server.ts): `node build/server/index.js` is the production server. */
export const SERVER_BUILD = path.resolve("build/server/index.js");

export interface AppServer {
  baseURL: string;
  port: number;
  pid: number;
  /** The server's recent stdout and stderr, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

// Never leave a server behind, whatever ends this process.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts `node build/server/index.js` (so pid is the server's) and waits for
 * /readyz. APP_URL defaults to the address the tests use, http://127.0.0.1:PORT.
 */
export async function spawnServer(options: {
  port: number;
  env: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<AppServer> {
  const { PORT: _ignored, ...parentEnv } = process.env;
  const baseURL = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [SERVER_BUILD], {
    env: { ...parentEnv, VITEST: undefined, APP_URL: baseURL, ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => running.delete(child));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 6_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The app server exited with code ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The app server did not become ready at ${baseURL}/readyz:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { baseURL, port: options.port, pid: child.pid!, output: () => output, stop };
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
