/**
 * The server (ADR 100). `react-router build` compiles it, with the whole app,
 * into build/server (app/http/main.server.ts is the entry), and
 * `node build/server/index.js` starts it: no tsx, no dev dependencies.
 * `npm run dev` loads it through Vite instead (app/http/dev.js).
 *
 * Start: read the configuration (one clear line and exit 1 when it is bad),
 * build the App (database, migrations, first-run data), listen. SIGTERM and
 * SIGINT: stop taking connections, let running requests finish for a moment,
 * close the database, exit within 5 seconds.
 */
import { createServer, type Server } from "node:http";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { type App, createApp } from "~/server/app.server";
import { ConfigError, parseConfig } from "~/server/config.server";
import { appContext, requestInfoContext } from "~/server/context.server";
import { limitConnections } from "./concurrency-limits.server";
import { createExpressApp } from "./express-app.server";
import { splitBuild } from "./split-build.server";

/** How long a client may take to send its request (ADR 102): well below Node's 300 s. */
export const SERVER_TIMEOUTS = {
  /** All of the request line and headers. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included: a 2 MB drawing at 0.5 Mbit/s still fits. */
  requestTimeoutMs: 60_000,
  /** An idle kept-alive connection (Node's default). */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above (its default is 30 s). */
  connectionsCheckingIntervalMs: 1_000,
};

export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/** An HTTP server with our timeouts, around any request listener. */
export function createHttpServer(
  listener: Parameters<typeof createServer>[1],
  timeouts: ServerTimeouts = SERVER_TIMEOUTS,
) {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.connectionsCheckingIntervalMs,
    },
    listener,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return server;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** The built browser assets (build/client). */
  clientDirectory?: string;
  viteDevServer?: ViteDevServer;
}

export interface RunningServer {
  app: App;
  server: Server;
  stop(): Promise<void>;
}

export async function startServer({
  env = process.env,
  clientDirectory,
  viteDevServer,
}: StartOptions = {}): Promise<RunningServer> {
  const config = parseConfig(env);
  const app = await createApp(config);
  const expressApp = createExpressApp({
    app,
    build: viteDevServer
      ? () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : (serverBuild as unknown as ServerBuild),
    clientDirectory,
    viteDevServer,
  });
  const server = createHttpServer(expressApp);
  limitConnections(server, config.trustProxy);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, () => resolve());
  });
  app.logger.info("server.ready", {
    port: config.PORT,
    url: config.appUrl,
    database: app.database.kind,
    mode: config.QUICK_START ? "quick start" : config.NODE_ENV,
  });
  if (config.QUICK_START) {
    process.stdout.write(
      `\nOrliverse Classroom is running at ${config.appUrl} (quick start; README.md lists the demo accounts).\n\n`,
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Running requests get a moment to finish; idle kept-alive connections close now.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_500).unref())]);
      server.closeAllConnections();
      await viteDevServer?.close();
      await app.close();
    })();
    return stopping;
  };
  return { app, server, stop };
}

/** Runs the server until SIGTERM or SIGINT. */
export async function runServer(options: StartOptions = {}): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const shutdown = (signal: string) => {
    running.app.logger.info("server.shutdown", { signal });
    // Whatever happens, be gone within 5 seconds.
    setTimeout(() => process.exit(0), 4_500).unref();
    running
      .stop()
      .catch((error) => running.app.logger.error("server.shutdown_failed", { error: String(error) }))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

/** See inProcessApp in ./main.server.ts. */
export async function inProcessApp(env: NodeJS.ProcessEnv) {
  const app = await createApp(parseConfig(env));
  const build = serverBuild as unknown as ServerBuild;
  let requests = 0;
  const context = (): RouterContextProvider => {
    const provider = new RouterContextProvider();
    provider.set(appContext, app);
    provider.set(requestInfoContext, { requestId: `in-process-${++requests}`, clientAddress: "127.0.0.1" });
    return provider;
  };
  // The production entry's split of the build (createExpressApp), so a profile measures what the server runs.
  const handlers = splitBuild(build, (cut) => createRequestHandler(cut, "production"));
  return {
    build,
    context,
    handle: (request: Request) => handlers.forRequest(new URL(request.url).pathname)(request, context()),
    close: () => app.close(),
  };
}
