import "./styles/radix-themes";
import "./styles/app.css";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { getToast } from "remix-toast";
import type { Route } from "./+types/root";
import studentPageScript from "./client/student-page.ts?worker&url";
import { BrowserSupportCheck } from "./components/browser-support-check";
import { errorPageTitle, GeneralErrorBoundary } from "./components/error-boundary";
import { FocusAfterSubmission } from "./components/layout/focus-after-submission";
import { ThemeRoot } from "./components/layout/theme-root";
import { PendingIndicator } from "./components/pending-indicator";
import { Toasts } from "./components/toasts";
import { useNonce } from "./lib/nonce";
import { isPlainPage } from "./lib/plain-page";
import { rootMiddleware } from "./server/web/middleware.server";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  // Only touch the flash cookie when there is one: no Set-Cookie on every page.
  if (!request.headers.get("cookie")?.includes("toast-session=")) return { toast: null };
  const { toast, headers } = await getToast(request);
  return data({ toast: toast ?? null }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * A page whose route asks for it (lib/plain-page.ts, ADR 170) is served
 * without the client bundle: no feature check, no `<Scripts />` (and so no
 * modulepreloads), no scroll restoration; its stylesheets stay, and the
 * student pages' plain script (built as a classic script of its own by
 * Vite's `?worker&url`) adds the pending state and the heartbeat. Decided on
 * the server only: a page the browser renders itself (a client-side
 * navigation) is already running the bundle.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const plain = typeof document === "undefined" && isPlainPage(matches);
  // Storyblok's editor frames the survey preview from another site, where a browser that blocks
  // third-party storage throws on sessionStorage, which the scroll-restoration script reads (ADR 200).
  const framedByEditor = matches.some((match) => (match.data as { editorPreview?: unknown })?.editorPreview === true);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {plain ? null : <BrowserSupportCheck nonce={nonce} />}
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeRoot>{children}</ThemeRoot>
        {plain ? (
          <script src={studentPageScript} nonce={nonce} defer />
        ) : (
          <>
            {framedByEditor ? null : <ScrollRestoration nonce={nonce} />}
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
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
  return (
    <a href="#main" className="skip-link">
      Skip to main content
    </a>
  );
}

export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: errorPageTitle(error) }] : []);
