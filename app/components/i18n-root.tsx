/**
 * The translations of the page (ADR 215). On the server the request's
 * i18next instance (remix-i18next's middleware, every catalogue) is provided
 * by app/entry.server.tsx. In the browser this provides what the root loader
 * sent: the active language's namespaces for the page (namespacesForPath),
 * compiled, never another language's; `useTranslation` there is
 * app/lib/i18n/browser-react-i18next.tsx.
 */
import type { ReactNode } from "react";
import { BrowserI18n, I18nextProvider } from "~/lib/i18n/browser-react-i18next";
import type { PageI18n } from "~/lib/i18n/compiled";

let current: { page: PageI18n; i18n: BrowserI18n } | null = null;

function browserI18n(page: PageI18n | undefined): BrowserI18n | null {
  if (page && current?.page !== page) current = { page, i18n: new BrowserI18n(page) };
  return current?.i18n ?? null;
}

export function I18nRoot({ page, children }: { page: PageI18n | undefined; children: ReactNode }) {
  if (typeof document === "undefined") return children;
  const i18n = browserI18n(page);
  return i18n ? <I18nextProvider i18n={i18n}>{children}</I18nextProvider> : children;
}
