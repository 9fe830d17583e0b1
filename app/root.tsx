import "./styles/radix-themes";
import "./styles/app.css";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "react-router";
import { getToast } from "remix-toast";
import type { Route } from "./+types/root";
import { BrowserSupportCheck } from "./components/browser-support-check";
import { errorPageTitle, GeneralErrorBoundary } from "./components/error-boundary";
import { ThemeRoot } from "./components/layout/theme-root";
import { PendingIndicator } from "./components/pending-indicator";
import { Toasts } from "./components/toasts";
import { useNonce } from "./lib/nonce";
import { rootMiddleware } from "./server/web/middleware.server";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  // Only touch the flash cookie when there is one: no Set-Cookie on every page.
  if (!request.headers.get("cookie")?.includes("toast-session=")) return { toast: null };
  const { toast, headers } = await getToast(request);
  return data({ toast: toast ?? null }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <BrowserSupportCheck nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeRoot>{children}</ThemeRoot>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <PendingIndicator />
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
  return <GeneralErrorBoundary error={error} params={params} />;
}

export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: errorPageTitle(error) }] : []);
