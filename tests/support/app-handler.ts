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
 * as `react-router build` does (same route ids, parents and paths, and route
 * components given their props from React Router's public hooks, as the Vite
 * plugin does); only the browser assets manifest is a stand-in (no client
 * bundle exists). Requests get the server entry's own API answers (unknown
 * path, wrong method, OPTIONS) before React Router, as over HTTP.
 *
 * The App is this handler's own: built by createApp from its own
 * configuration (an in-memory PGlite database, migrated and seeded with the
 * demo data by the app's own start-up code; with TEST_DATABASE_URL set, a
 * new, empty PostgreSQL database on that server, which the start-up code
 * migrates and seeds the same way), never from process.env settings of the
 * app. `stop()` closes it (and drops that database).
 */
import { randomBytes } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  useActionData,
  useLoaderData,
  useMatches,
  useParams,
  useRouteError,
} from "react-router";
import { apiRouteAnswer, createApiRouteTable, isApiPath, screenMethodAnswer } from "~/http/api-routes.server";
import routes from "~/routes";
import { type App, createApp } from "~/server/app.server";
import { createSession } from "~/server/auth/session.server";
import { parseConfig } from "~/server/config.server";
import { appContext, requestInfoContext } from "~/server/context.server";
import * as schema from "~/server/db/schema.server";
import { plainPageLanguage } from "~/server/i18n/i18n.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { adminQuery, databaseUrlFor } from "./postgres-admin";

type RouteModule = Record<string, unknown>;
type Component = (props: Record<string, unknown>) => unknown;

/**
 * What the React Router Vite plugin does to a route module: the component,
 * error boundary and hydrate fallback get their props (params, loaderData,
 * actionData, matches, error) from React Router's hooks.
 */
function asBuilt(module: RouteModule): RouteModule {
  const built = { ...module };
  const withProps = (Inner: Component, extra: () => Record<string, unknown> = () => ({})) =>
    function RouteComponentWithProps() {
      const props = {
        params: useParams(),
        loaderData: useLoaderData(),
        actionData: useActionData(),
        matches: useMatches(),
        ...extra(),
      };
      return createElement(Inner as never, props);
    };
  if (module.default) built.default = withProps(module.default as Component);
  if (module.ErrorBoundary)
    built.ErrorBoundary = withProps(module.ErrorBoundary as Component, () => ({ error: useRouteError() }));
  if (module.HydrateFallback) built.HydrateFallback = withProps(module.HydrateFallback as Component);
  return built;
}

const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}");

export interface InProcessApp {
  app: App;
  handle: (request: Request) => Promise<Response>;
  stop: () => Promise<void>;
}

export interface InProcessOptions {
  /** Configuration on top of the defaults below (the same names as the environment variables). */
  env?: Record<string, string>;
  /** The client address the server entry would have resolved for every request. */
  clientAddress?: string;
}

const DEFAULT_ENV: Record<string, string> = {
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  DEMO_DATA: "true",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "in-process-test-secret-0123456789abcdef",
  SECURE_COOKIES: "false",
};

export async function startInProcessApp(options: InProcessOptions = {}): Promise<InProcessApp> {
  const [entryServer, root] = await Promise.all([import("~/entry.server"), import("~/root")]);
  // With TEST_DATABASE_URL: a new, empty PostgreSQL database on that server, which the start-up code migrates and seeds.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgresName = serverUrl ? `orliverse_inprocess_${process.pid}_${randomBytes(4).toString("hex")}` : null;
  const databaseEnv: Record<string, string> = {};
  if (serverUrl && postgresName) {
    await adminQuery(serverUrl, `create database "${postgresName}"`);
    databaseEnv.DATABASE_URL = databaseUrlFor(serverUrl, postgresName);
  }
  const app = await createApp(parseConfig({ ...DEFAULT_ENV, ...databaseEnv, ...options.env }));

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
  const apiRoutes = createApiRouteTable(serverRoutes);
  let requests = 0;

  return {
    app,
    handle: async (request) => {
      const pathname = new URL(request.url).pathname;
      const answer = isApiPath(pathname)
        ? apiRouteAnswer(apiRoutes, request.method, pathname)
        : screenMethodAnswer(apiRoutes, request.method, pathname);
      // As the server entry does: a refused method's page in the reader's language (ADR 228).
      if (answer?.status === 405 && !isApiPath(pathname))
        return screenMethodAnswer(apiRoutes, request.method, pathname, await plainPageLanguage(request))!;
      if (answer) return answer;
      const context = new RouterContextProvider();
      context.set(appContext, app);
      context.set(requestInfoContext, {
        requestId: `in-process-${++requests}`,
        clientAddress: options.clientAddress ?? "127.0.0.1",
      });
      return handler(request, context);
    },
    stop: async () => {
      await app.close();
      if (serverUrl && postgresName)
        await adminQuery(serverUrl, `drop database if exists "${postgresName}" with (force)`);
    },
  };
}

/** A new session's Cookie header for a demo account (`DEMO_ACCOUNTS` key) on this handler's demo database. */
export async function demoSessionCookie(server: InProcessApp, key: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  const [user] = await server.app.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, account.email));
  const session = await createSession(server.app, user.id, new Request("http://school.test/login"), null);
  return session.setCookie.split(";")[0];
}
