import "./styles/radix-themes";
import "./styles/app.css";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunction,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { getToast, type ToastMessage } from "remix-toast";
import type { Route } from "./+types/root";
import plainPageScript from "./client/plain-page.ts?worker&url";
import { errorPageTitle, GeneralErrorBoundary } from "./components/error-boundary";
import { I18nRoot } from "./components/i18n-root";
import { FocusAfterSubmission } from "./components/layout/focus-after-submission";
import { ThemeRoot } from "./components/layout/theme-root";
import { PageStartScript, ScrollPositions } from "./components/page-start";
import { PendingIndicator } from "./components/pending-indicator";
import { Toasts } from "./components/toasts";
import type { PageI18n } from "./lib/i18n/compiled";
import { namespacesForPath } from "./lib/i18n/config";
import { isLanguage, languageDir } from "./lib/i18n/languages";
import { useNonce } from "./lib/nonce";
import { isPlainPage } from "./lib/plain-page";
import { getAppFromContext } from "./server/context.server";
import { catalogueUrls } from "./server/i18n/catalogues.server";
import { getLanguage, i18nMiddleware, LANGUAGE_PARAM, languageCookieHeader } from "./server/i18n/i18n.server";
import { rootMiddleware } from "./server/web/middleware.server";

// The language is detected after the root middleware's refusals (ADR 216).
export const middleware: Route.MiddlewareFunction[] = [rootMiddleware, i18nMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = getLanguage(context);
  // The active language's catalogues of the namespaces this page renders, as cached files (ADR 215, issue 34).
  const i18n: PageI18n = {
    language,
    catalogues: catalogueUrls(language, namespacesForPath(url.pathname)),
  };
  const headers = new Headers();
  // A language chosen on the page (`?lng=`, the student pages' language menu) is kept for the school day.
  const chosen = url.searchParams.get(LANGUAGE_PARAM);
  if (isLanguage(chosen)) {
    headers.append("Set-Cookie", await languageCookieHeader(chosen, getAppFromContext(context).config.secureCookies));
  }
  // Only touch the flash cookie when there is one: no Set-Cookie on every page.
  if (!request.headers.get("cookie")?.includes("toast-session=")) return data(rootData(i18n), { headers });
  const { toast, headers: toastHeaders } = await getToast(request);
  for (const cookie of toastHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data(rootData(i18n, toast), { headers });
}

/** The flash message only when there is one: no `toast: null` in every page's data (issue 34). */
function rootData(i18n: PageI18n, toast?: ToastMessage): { i18n: PageI18n; toast?: ToastMessage } {
  return toast ? { toast, i18n } : { i18n };
}

/**
 * The root loader runs again when the next page renders other namespaces
 * (a staff screen to the survey preview): the browser gets their catalogues'
 * addresses (app/components/i18n-root.tsx waits for them).
 * It also runs after every form post, refused ones included (React Router
 * skips loaders after a 4xx answer): a refusal's toast (remix-toast's flash
 * cookie, read here) shows with the refusal, not one page later (issue 36).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  defaultShouldRevalidate ||
  (formMethod !== undefined && formMethod.toUpperCase() !== "GET") ||
  namespacesForPath(currentUrl.pathname).join() !== namespacesForPath(nextUrl.pathname).join();

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * A page whose route asks for it (lib/plain-page.ts, ADR 170) is served
 * without the client bundle: no page-start script (the feature check and the
 * scroll restoration), no `<Scripts />` (and so no modulepreloads); its stylesheets stay, and the
 * student pages' plain script (built as a classic script of its own by
 * Vite's `?worker&url`) adds the pending state and the heartbeat. Decided on
 * the server only: a page the browser renders itself (a client-side
 * navigation) is already running the bundle.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <I18nRoot page={root?.i18n}>
      <Document catalogues={root?.i18n.catalogues}>{children}</Document>
    </I18nRoot>
  );
}

/**
 * `<html lang dir>` in the page's language (ADR 216); Radix's direction
 * follows it. The page's catalogues are preloaded: the client entry reads
 * these links and hydrates once they are in.
 */
function Document({ children, catalogues }: { children: React.ReactNode; catalogues?: Record<string, string> }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dir = languageDir(language);
  const nonce = useNonce();
  const matches = useMatches();
  const plain = typeof document === "undefined" && isPlainPage(matches);
  // Storyblok's editor frames the survey preview from another site, where a browser that blocks
  // third-party storage throws on sessionStorage, which React Router's scroll restoration uses (ADR 200;
  // the page-start script's part of it never throws).
  const framedByEditor = matches.some((match) => (match.data as { editorPreview?: unknown })?.editorPreview === true);
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {plain || !catalogues ? null : <CataloguePreloads urls={Object.values(catalogues)} />}
      </head>
      <body>
        <ThemeRoot dir={dir}>{children}</ThemeRoot>
        {plain ? (
          <script src={plainPageScript} nonce={nonce} defer />
        ) : (
          <>
            <PageStartScript nonce={nonce} />
            {framedByEditor ? null : <ScrollPositions />}
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

function CataloguePreloads({ urls }: { urls: string[] }) {
  return urls.map((url) => (
    <link key={url} rel="preload" as="fetch" crossOrigin="anonymous" href={url} data-catalogue="" />
  ));
}

export default function App() {
  const { toast = null } = useLoaderData<typeof loader>();
  return (
    <>
      <SkipLink />
      <PendingIndicator />
      <FocusAfterSubmission />
      <Outlet />
      <Toasts toast={toast} />
    </>
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Errors outside the signed-in area, and errors the shell itself hit: no header to keep. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <GeneralErrorBoundary error={error} params={params} />
      </main>
    </>
  );
}

/**
 * The first stop of the Tab key on every page: past the header to the page's
 * `<main id="main">` (each layout has one), hidden until it has the focus.
 */
function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a href="#main" className="skip-link">
      {t("Skip to main content")}
    </a>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? [{ title: errorPageTitle(error, matches) }] : [];
