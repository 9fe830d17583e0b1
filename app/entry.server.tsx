import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import type { Namespace } from "./lib/i18n/config";
import { setServerTranslator } from "./lib/i18n/page-translations";
import { NonceProvider } from "./lib/nonce";
import { getAppFromContext, requestInfoContext } from "./server/context.server";
import { isPoolTimeout } from "./server/errors.server";
import { getI18n, translatorFor } from "./server/i18n/i18n.server";
import { withoutPreloadNonces } from "./server/web/preload-nonces.server";
import { withoutFalseFutureFlags, withSingleQuotedStreamChunksIn } from "./server/web/router-scripts.server";
import { contentSecurityPolicy, createNonce } from "./server/web/security-headers.server";

export const streamTimeout = 5_000;

// Page titles (`meta`) on the server: in the request's language, from the catalogues in memory.
setServerTranslator((language, namespace) => {
  const t = translatorFor(language, namespace as Namespace);
  return (key, values) => t(key, values);
});

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { logger, oidc } = getAppFromContext(loadContext);
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, oidc.formActionOrigins));
  // React Router's 405 for a form posted to a page that takes none: the entry
  // answers every other method itself (ADR 108), so this page takes reads only.
  if (responseStatusCode === 405 && !responseHeaders.has("Allow")) responseHeaders.set("Allow", "GET, HEAD, OPTIONS");
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let shellReady = false;
    // Our screens suspend on nothing (every screen's data comes from its
    // loader), so streaming gains nothing: render the whole page and send it
    // as one buffer. Measured (npm run bench): piping React's many small
    // chunks through a PassThrough and a web stream cost more per page than
    // anything else after rendering itself.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        settled = true;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // The module preloads need no nonce (server/web/preload-nonces.server.ts), the page data's string is
        // written short (server/web/router-scripts.server.ts); both work on the bytes of the page's parts they change.
        const body = withSingleQuotedStreamChunksIn(withoutPreloadNonces(Buffer.concat(chunks), nonce));
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      // The request's translations (the language's instance, from i18nMiddleware; ADR 215).
      <I18nextProvider i18n={getI18n(loadContext)}>
        <NonceProvider value={nonce}>
          <ServerRouter
            // Its handoff without the future flags that are off (server/web/router-scripts.server.ts).
            context={{
              ...routerContext,
              serverHandoffString: withoutFalseFutureFlags(routerContext.serverHandoffString),
            }}
            url={request.url}
            nonce={nonce}
          />
        </NonceProvider>
      </I18nextProvider>,
      {
        nonce,
        // React 19.2 outlines a finished Suspense boundary larger than this
        // (12.8 kB by default) into a hidden segment that a script reveals.
        // The survey preview is lazy (ADR 141) and larger than that, and the
        // page must read the same without JavaScript: keep every boundary in
        // place in the HTML.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          if (!settled) reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and React Router's handleError logs it.
          if (shellReady) logger.error("render.error", { error: String(error) });
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  // React Router's own answers to a bad request (a 405, a 404 for an unknown
  // route's data) are the client's mistake, already answered: not errors of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const { logger } = getAppFromContext(context);
  // No database connection came free in time: a busy moment, answered 503 by the root middleware (issue #35).
  if (isPoolTimeout(error)) {
    markDatabaseBusy(context);
    logger.warn("request.database_busy", { path: new URL(request.url).pathname });
    return;
  }
  // React Router's own check refused a post whose Origin is not the request's
  // (a cross-site form) with a 400: the client's doing, not a fault of ours.
  // A document request reports the check's own error; a `.data` request, "Bad Request".
  if (isCrossOriginPost(request) && error instanceof Error && /\borigin\b|^Bad Request$/i.test(error.message)) {
    logger.info("request.cross_site_refused", { path: new URL(request.url).pathname });
    return;
  }
  logger.error("request.error", {
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

/** Notes on the request's info that it waited in vain for a connection (a request without one: nothing to note). */
function markDatabaseBusy(context: Readonly<RouterContextProvider>) {
  try {
    context.get(requestInfoContext).databaseBusy = true;
  } catch {}
}

/** A post whose Origin header is not this request's origin (or `null`, or not a URL): what React Router's action check refuses. */
function isCrossOriginPost(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true; // a sandboxed page or a privacy-minded browser: never this site
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}
