/**
 * Page titles in the page's language (ADR 215). A route's `meta` runs outside
 * React, so it cannot use `useTranslation`; it reads the messages the root
 * loader sent (the same compiled messages the browser uses):
 *
 *   export const meta: Route.MetaFunction = ({ matches }) => [
 *     { title: `${metaTranslator(matches)("Join your class")} · Orliverse Classroom` },
 *   ];
 */
import { BrowserI18n } from "./browser-react-i18next";
import type { PageI18n } from "./compiled";

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
  const i18n = new BrowserI18n(page);
  return (key, values) => i18n.t(namespace, key, values);
}
