/**
 * The one error panel of the app (docs/product.md#error-pages): 'Not Found' for a 404,
 * 'Something went wrong!' with a Show Error / Hide Error toggle for anything
 * else. A <details> element is the toggle, so it works without JavaScript.
 *
 * Layouts export it as their ErrorBoundary inside their own frame (the
 * header, the class navigation, the admin sidebar), so an error on a
 * signed-in page keeps the way back. A route may pass its own status
 * handlers, as epic-stack's GeneralErrorBoundary does:
 *
 *   export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
 *     return (
 *       <GeneralErrorBoundary
 *         error={error}
 *         params={params}
 *         statusHandlers={{ 404: () => <NotFoundMessage>There is no survey with this id.</NotFoundMessage> }}
 *       />
 *     );
 *   }
 */
import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ErrorResponse, isRouteErrorResponse } from "react-router";
import { metaTranslator } from "~/lib/i18n/meta";

export const NOT_FOUND_TEXT = "Not Found";
export const ERROR_TEXT = "Something went wrong!";

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

type MetaMatches = Parameters<typeof metaTranslator>[0];

/**
 * The page title for an error, for the meta function of a route that renders
 * this boundary; in the page's language when given meta's `matches`.
 */
export function errorPageTitle(error: unknown, matches: MetaMatches = []): string {
  const heading = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TEXT : ERROR_TEXT;
  return `${metaTranslator(matches, "common")(heading)} · Orliverse Classroom`;
}

/**
 * A route's meta: its own title, or the error's kind when its error boundary
 * is showing. Given meta's `matches`, a title that is a staff catalogue key
 * is said in the page's language (a title made of data stays as it is).
 */
export function pageTitle(title: string, error?: unknown, matches: MetaMatches = []) {
  return [
    {
      title: error
        ? errorPageTitle(error, matches)
        : `${metaTranslator(matches, "staff")(title)} · Orliverse Classroom`,
    },
  ];
}

function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body = error.data ? `\n${typeof error.data === "string" ? error.data : JSON.stringify(error.data)}` : "";
    return `${error.status} ${error.statusText}${body}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function NotFoundPanel({ message }: { message?: ReactNode }) {
  const { t } = useTranslation("common");
  // A route's own sentence (a 404's body) is a staff or common catalogue key, or already translated.
  const { t: staff } = useTranslation("staff");
  return (
    <>
      <Heading as="h1" size="6">
        {t(NOT_FOUND_TEXT)}
      </Heading>
      <Text color="gray">
        {typeof message === "string"
          ? staff(message)
          : (message ?? t("We could not find that page. It may not exist, or it is not yours to see."))}
      </Text>
    </>
  );
}

/** A refusal that says why (a 4xx answer's `{ code, message }`, such as a filter out of range): its message. */
function refusalMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500 || error.status === 404)
    return undefined;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}

function ErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const { t: staff } = useTranslation("staff");
  const refusal = refusalMessage(error);
  return (
    <>
      <Heading as="h1" size="6">
        {t(ERROR_TEXT)}
      </Heading>
      {refusal ? (
        <Text as="p" role="alert">
          {staff(refusal)}
        </Text>
      ) : null}
      <details className="error-details">
        <summary>
          <span className="when-closed">{t("Show Error")}</span>
          <span className="when-open">{t("Hide Error")}</span>
        </summary>
        <Box asChild mt="2">
          <pre className="error-text">{errorDetails(error)}</pre>
        </Box>
      </details>
    </>
  );
}

export function GeneralErrorBoundary({
  error,
  params = {},
  statusHandlers,
  defaultStatusHandler = ({ error }) =>
    error.status === 404 ? (
      <NotFoundPanel
        message={typeof error.data === "string" && error.data && error.data !== NOT_FOUND_TEXT ? error.data : undefined}
      />
    ) : (
      <ErrorPanel error={error} />
    ),
  unexpectedErrorHandler = (error) => <ErrorPanel error={error} />,
  homeLink,
  notFound,
}: {
  /** The route's ErrorBoundary props: what was thrown, and the URL's params. */
  error: unknown;
  params?: Record<string, string | undefined>;
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
  /** Where the panel's button leads (its label already in the page's language). */
  homeLink?: { to: string; label: string };
  /** The route's own sentence for a 404 (a record outside the reader's scope), on the standard Not Found panel. */
  notFound?: ReactNode;
}) {
  const { t } = useTranslation("common");
  const home = homeLink ?? { to: "/", label: t("Go to the start page") };
  return (
    <Flex justify="center" p={{ initial: "3", sm: "6" }}>
      <Card size="3" style={{ maxWidth: 560, width: "100%" }}>
        <Flex direction="column" gap="3" data-testid="error-panel">
          {isRouteErrorResponse(error) ? (
            error.status === 404 && notFound !== undefined ? (
              <NotFoundPanel message={notFound} />
            ) : (
              (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params })
            )
          ) : (
            unexpectedErrorHandler(error)
          )}
          <Flex gap="3">
            <Button asChild variant="soft">
              {/* A plain link: after an error the client may not be in a state to navigate. */}
              <a href={home.to}>{home.label}</a>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

/** For status handlers: the standard Not Found panel with a route's own sentence. */
export function NotFoundMessage({ children }: { children: ReactNode }) {
  return <NotFoundPanel message={children} />;
}

/**
 * A staff route's error boundary that says its own sentence on a 404 (a
 * record outside the reader's scope), and may lead back to a list: both texts
 * are staff catalogue keys, said in the page's language.
 */
export function NotFoundBoundary({
  error,
  params,
  notFound,
  homeLink,
}: {
  error: unknown;
  params: Record<string, string | undefined>;
  notFound: string;
  homeLink?: { to: string; label: string };
}) {
  const { t } = useTranslation("staff");
  return (
    <GeneralErrorBoundary
      error={error}
      params={params}
      homeLink={homeLink && { to: homeLink.to, label: t(homeLink.label) }}
      notFound={notFound}
    />
  );
}
