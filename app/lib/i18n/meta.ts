/**
 * Page titles in the page's language (ADR 215). A route's `meta` runs outside
 * React, so it cannot use `useTranslation`; it translates in the root
 * loader's language (the server's i18next on the server, the page's loaded
 * catalogues in the browser: page-translations.ts):
 *
 *   export const meta: Route.MetaFunction = ({ matches }) => [
 *     { title: `${metaTranslator(matches)("Join your class")} · Orliverse Classroom` },
 *   ];
 */
import type { PageI18n } from "./compiled";
import { translatorOf } from "./page-translations";

interface MatchLike {
  id: string;
  data?: unknown;
}

export function metaTranslator(
  matches: readonly (MatchLike | undefined)[],
  namespace = "student",
): (key: string, values?: Record<string, unknown>) => string {
  const page = (matches.find((match) => match?.id === "root")?.data as { i18n?: PageI18n } | undefined)?.i18n;
  if (!page) return (key) => key;
  return translatorOf(page, namespace);
}
