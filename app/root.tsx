import "./styles/radix-themes";
import "./styles/app.css";
import { Box, Button, Card, Flex, Heading, Text, Theme } from "@radix-ui/themes";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { getToast } from "remix-toast";
import type { Route } from "./+types/root";
import { BrowserSupportCheck } from "./components/browser-support-check";
import { PendingIndicator } from "./components/pending-indicator";
import { Toasts } from "./components/toasts";
import { useNonce } from "./lib/nonce";
import { rootMiddleware } from "./server/middleware.server";

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
        <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
          {children}
        </Theme>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const details = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}${error.data ? `\n${typeof error.data === "string" ? error.data : JSON.stringify(error.data)}` : ""}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Flex justify="center" p="6">
      <Card size="3" style={{ maxWidth: 560, width: "100%" }}>
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            {notFound ? "Not Found" : "Something went wrong!"}
          </Heading>
          {notFound ? (
            <Text color="gray">The page you asked for does not exist or is not yours to see.</Text>
          ) : (
            <details className="error-details">
              <summary>
                <span className="when-closed">Show Error</span>
                <span className="when-open">Hide Error</span>
              </summary>
              <Box asChild mt="2">
                <pre className="error-text">{details}</pre>
              </Box>
            </details>
          )}
          <Flex gap="3">
            <Button asChild variant="soft">
              <a href="/">Go to the start page</a>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
