/**
 * Our server entry's Express app (ADR 100): the stack react-router-serve runs
 * on, plus what that wrapper could not do for us. In order:
 *
 * 1. who the client is, a request id, and the request's log line;
 * 2. a request target and Host a URL can be built from (request-target.server.ts);
 * 3. compression;
 * 4. the built browser assets (hashed files cached for a year, all `nosniff`;
 *    only paths under what the build made are looked up on the disk),
 *    or, in development, Vite's middleware; the compiled message catalogues
 *    (catalogue-assets.server.ts);
 * 5. the API's own answers for unknown paths, wrong methods and OPTIONS;
 * 6. requests in flight held to each address's shares, anonymous and staff
 *    (in-flight-limits.server.ts);
 * 6b. request bodies limited while they stream;
 * 7. request bodies received only as many at once as the budgets allow
 *    (concurrency-limits.server.ts);
 * 8. React Router, with the App and the request's info in its context: in
 *    production, the API's routes and each area's screens in builds of
 *    their own (split-build.server.ts).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { App } from "~/server/app.server";
import { appContext, requestInfoContext } from "~/server/context.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { isTrustedProxy } from "~/server/security/trust-proxy.server";
import { jsonError } from "~/server/web/json-error.server";
import { plainPageHtml } from "~/server/web/plain-page.server";
import { STRICT_TRANSPORT_SECURITY } from "~/server/web/security-headers.server";
import { type AnswerOptions, sendAnswer } from "./answer.server";
import { apiRouteAnswer, createApiRouteTable, isApiPath, screenMethodAnswer } from "./api-routes.server";
import { limitRequestBodies } from "./body-limit.server";
import { serveCatalogues } from "./catalogue-assets.server";
import { limitConcurrentBodies } from "./concurrency-limits.server";
import { limitRequestsInFlight } from "./in-flight-limits.server";
import { plainPageLanguageOf } from "./plain-language.server";
import { recordRequests, requestInfoOf } from "./request-info.server";
import { safeRequestTarget } from "./request-target.server";
import { splitBuild } from "./split-build.server";

export interface ExpressAppOptions {
  app: App;
  /** The server build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser assets (build/client); unused in development. */
  clientDirectory?: string;
  /** Development: Vite serves the browser modules and the build comes from it. */
  viteDevServer?: ViteDevServer;
}

/** A file name Vite gave a content hash (`r-BSiUbq2x.js`, `admin-DtUt33mu.css`): it never changes, so it is cached for a year. */
const HASHED_FILE = /-[\w-]{8}\.[a-z0-9]+$/i;

/**
 * The static files' middleware, asked only for paths under what the build put in
 * `directory` (`/assets/…`, `/favicon.svg`, …): a page's request costs no look on the disk.
 */
function onlyForBuiltFiles(directory: string, serve: RequestHandler): RequestHandler {
  const entries = readdirSync(directory, { withFileTypes: true });
  const files = new Set(entries.filter((entry) => !entry.isDirectory()).map((entry) => `/${entry.name}`));
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `/${entry.name}/`);
  return (req, res, next) => {
    const pathname = req.path;
    if (files.has(pathname) || folders.some((folder) => pathname.startsWith(folder))) serve(req, res, next);
    else next();
  };
}

export function createExpressApp({ app, build, clientDirectory, viteDevServer }: ExpressAppOptions) {
  const answerOptions: AnswerOptions = { strictTransportSecurity: app.config.strictTransportSecurity };
  const server = express();
  server.disable("x-powered-by");
  // req.protocol and req.hostname (React Router's request URL) believe X-Forwarded-Proto/-Host only from these.
  server.set("trust proxy", (address: string, hop: number) => isTrustedProxy(app.config.trustProxy, address, hop));

  server.use(recordRequests(app));
  server.use(safeRequestTarget(app.config.appUrl, answerOptions));
  server.use(compression());
  if (viteDevServer) {
    server.use(viteDevServer.middlewares);
  } else if (clientDirectory) {
    server.use(
      onlyForBuiltFiles(
        clientDirectory,
        express.static(clientDirectory, {
          cacheControl: false,
          index: false,
          setHeaders(res, filePath) {
            const hashed = filePath.includes(`${path.sep}assets${path.sep}`) && HASHED_FILE.test(filePath);
            res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
            res.setHeader("X-Content-Type-Options", "nosniff");
            if (answerOptions.strictTransportSecurity)
              res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
          },
        }),
      ),
    );
  }

  server.use(serveCatalogues(answerOptions));

  const loadBuild = typeof build === "function" ? build : () => Promise.resolve(build);
  const apiTables = new WeakMap<ServerBuild, ReturnType<typeof createApiRouteTable>>();
  const apiRoutes: RequestHandler = (req, res, next) => {
    const pathname = req.path;
    loadBuild()
      .then(async (current) => {
        let table = apiTables.get(current);
        if (!table) {
          table = createApiRouteTable(current.routes);
          apiTables.set(current, table);
        }
        let answer = isApiPath(pathname)
          ? apiRouteAnswer(table, req.method, pathname)
          : screenMethodAnswer(table, req.method, pathname);
        // A refused method's page is in the reader's language (ADR 228): only a refusal pays the detection.
        if (answer?.status === 405 && !isApiPath(pathname))
          answer = screenMethodAnswer(table, req.method, pathname, await plainPageLanguageOf(req));
        if (!answer) return next();
        return sendAnswer(res, answer, answerOptions);
      })
      .catch(next);
  };
  server.use(apiRoutes);
  server.use(limitRequestsInFlight(app, answerOptions));
  server.use(limitRequestBodies(answerOptions));
  server.use(limitConcurrentBodies(answerOptions));

  const reactRouter = (routes: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build: routes,
      mode: viteDevServer ? "development" : "production",
      getLoadContext(_req, res) {
        const context = new RouterContextProvider();
        context.set(appContext, app);
        context.set(requestInfoContext, requestInfoOf(res));
        return context;
      },
    });
  if (viteDevServer || typeof build === "function") {
    server.use(reactRouter(loadBuild));
  } else {
    // A production build never changes: the API's routes and each area's screens are matched apart.
    const handlers = splitBuild(build, reactRouter);
    server.use((req, res, next) => handlers.forRequest(req.path, urlPathOf(req.originalUrl))(req, res, next));
  }
  server.use(lastResort(app, answerOptions));
  return server;
}

/** The path of the URL React Router's Express adapter builds from the request target (dot segments resolved). */
function urlPathOf(target: string): string | undefined {
  try {
    return new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
}

/** A failure outside React Router (it answers its own): a clear 4xx/5xx, never a stack trace. */
function lastResort(app: App, options: AnswerOptions): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) {
      app.logger.error("request.error", {
        requestId: requestInfoOf(res)?.requestId,
        path: req.path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message =
      status >= 500 ? "Something went wrong on our side. Please try again." : "The request could not be read.";
    if (isApiPath(req.path)) {
      void sendAnswer(res, jsonError(status, status >= 500 ? "INTERNAL" : "BAD_REQUEST", message), options);
      return;
    }
    // The page is in the reader's language (ADR 228); the detection never throws.
    void plainPageLanguageOf(req).then((language) => {
      const t = translatorFor(language, "common");
      const page = plainPageHtml({
        title: t("Something went wrong!"),
        message: t(message),
        link: { href: "/", text: t("Go to the start page") },
        language,
      });
      return sendAnswer(
        res,
        new Response(page, { status, headers: { "Content-Type": "text/html; charset=utf-8" } }),
        options,
      );
    });
  };
}
