/**
 * The whole app behind an in-process request handler, for integration tests
 * that need the full React Router pipeline (root middleware with its Origin
 * check, every matched loader, the action, the error boundaries and the
 * server render) without a build or a server process:
 *
 *   const { handle, app } = await startInProcessApp();
 *   const response = await handle(new Request("http://school.test/login"));
 *
 * The ServerBuild is put together from app/routes.ts and the route modules
 * as `react-router build` does (same route ids, parents and paths); only the
 * browser assets manifest is a stand-in (no client bundle exists). The App is
 * the process's own (`getApp()`): an in-memory PGlite database, migrated and
 * seeded with the demo data by the app's own start-up code (with
 * TEST_DATABASE_URL set: a new, empty PostgreSQL database on that server,
 * which the start-up code migrates and seeds the same way). Call this once
 * per test file (the App is a per-process singleton); `stop()` closes its
 * database and puts back the environment it set.
 */

import { randomBytes } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import routes from "~/routes";
import type { App } from "~/server/app.server";
import { adminQuery, databaseUrlFor } from "./postgres-admin";

type RouteModule = Record<string, unknown>;
type Component = Parameters<typeof UNSAFE_withComponentProps>[0];

/** What the React Router Vite plugin does to a route module: components get loaderData, actionData and params as props. */
function asBuilt(module: RouteModule): RouteModule {
  const built = { ...module };
  if (module.default) built.default = UNSAFE_withComponentProps(module.default as Component);
  if (module.ErrorBoundary) built.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (module.HydrateFallback) built.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return built;
}

const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}");

export interface InProcessApp {
  app: App;
  handle: (request: Request) => Promise<Response>;
  stop: () => Promise<void>;
}

const ENVIRONMENT: Record<string, string | undefined> = {
  DATA_DIR: "memory://",
  DEMO_DATA: "true",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "in-process-test-secret-0123456789abcdef",
  SECURE_COOKIES: "false",
  DATABASE_URL: undefined,
  APP_URL: undefined,
  STORYBLOK_TOKEN: undefined,
  ADMIN_EMAIL: undefined,
  ADMIN_PASSWORD: undefined,
  SMTP_URL: undefined,
};

export async function startInProcessApp(): Promise<InProcessApp> {
  const saved = Object.fromEntries(Object.keys(ENVIRONMENT).map((key) => [key, process.env[key]]));
  const setEnv = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  setEnv(ENVIRONMENT);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgresName = serverUrl ? `orliverse_inprocess_${process.pid}_${randomBytes(4).toString("hex")}` : null;
  if (serverUrl && postgresName) {
    await adminQuery(serverUrl, `create database "${postgresName}"`);
    process.env.DATABASE_URL = databaseUrlFor(serverUrl, postgresName);
  }

  // Imported only now: entry.server awaits getApp() when it is first evaluated.
  const [{ getApp }, entryServer, root] = await Promise.all([
    import("~/server/app.server"),
    import("~/entry.server"),
    import("~/root"),
  ]);
  const app = await getApp();

  const serverRoutes: ServerBuild["routes"] = {
    root: {
      id: "root",
      parentId: undefined,
      path: "",
      index: undefined,
      caseSensitive: undefined,
      module: asBuilt(root) as never,
    },
  };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const load = routeModules[`../../app/${entry.file}`];
      if (!load) throw new Error(`No route module for ${entry.file}`);
      serverRoutes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: asBuilt(await load()) as never,
      };
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(routes as RouteConfigEntry[], "root");

  const manifestRoutes = Object.fromEntries(
    Object.values(serverRoutes).map((route) => {
      const module = route!.module as unknown as RouteModule;
      return [
        route!.id,
        {
          id: route!.id,
          parentId: route!.parentId,
          path: route!.path,
          index: route!.index,
          caseSensitive: route!.caseSensitive,
          hasAction: "action" in module,
          hasLoader: "loader" in module,
          hasClientAction: "clientAction" in module,
          hasClientLoader: "clientLoader" in module,
          hasClientMiddleware: "clientMiddleware" in module,
          hasDefaultExport: "default" in module,
          hasErrorBoundary: "ErrorBoundary" in module,
          module: `/assets/${route!.id}.js`,
          imports: [],
          css: [],
        },
      ];
    }),
  );

  const build: ServerBuild = {
    entry: { module: entryServer as never },
    routes: serverRoutes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest.js",
      version: "in-process",
    } as never,
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true } as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  };
  const handler = createRequestHandler(build, "production");

  return {
    app,
    handle: (request) => handler(request, new RouterContextProvider()),
    stop: async () => {
      await app.database.close();
      if (serverUrl && postgresName)
        await adminQuery(serverUrl, `drop database if exists "${postgresName}" with (force)`);
      setEnv(saved);
    },
  };
}
