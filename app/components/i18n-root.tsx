/**
 * The translations of the page (ADR 215). On the server the request's
 * i18next instance (the language's, from i18nMiddleware; every catalogue) is provided
 * by app/entry.server.tsx. In the browser this provides the active
 * language's catalogues of the page's namespaces, which the root loader names
 * and the browser loads once (app/lib/i18n/page-translations.ts), never
 * another language's; `useTranslation` there is
 * app/lib/i18n/browser-react-i18next.tsx.
 */
import { type ReactNode, use } from "react";
import { I18nextProvider } from "~/lib/i18n/browser-react-i18next";
import type { PageI18n } from "~/lib/i18n/compiled";
import { cataloguesPending, pageTranslations } from "~/lib/i18n/page-translations";

export function I18nRoot({ page, children }: { page: PageI18n | undefined; children: ReactNode }) {
  if (typeof document === "undefined" || !page) return children;
  // A page that needs a catalogue not loaded yet waits for it (the navigation keeps the page before it meanwhile).
  const pending = cataloguesPending(Object.values(page.catalogues));
  if (pending) use(pending);
  return <I18nextProvider i18n={pageTranslations(page)}>{children}</I18nextProvider>;
}
