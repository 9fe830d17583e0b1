/**
 * A staff route's error boundary that says its own sentence on a 404 (a
 * record outside the reader's scope), and may lead back to a list: both texts
 * are staff catalogue keys, said in the page's language.
 */
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "./error-boundary";

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
