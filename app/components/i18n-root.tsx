/**
 * The translations of the page (ADR 215). On the server the request's
 * i18next instance (remix-i18next's middleware, every catalogue) is provided
 * by app/entry.server.tsx. In the browser this provides one instance holding
 * what the root loader sent: the active language's namespaces for the page
 * (app/lib/i18n/config.ts namespacesForPath), never another language's.
 */
import { createInstance, type i18n } from "i18next";
import ICU from "i18next-icu";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { I18N_OPTIONS } from "~/lib/i18n/config";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";

/** What the root loader sends: the language, its direction and its messages by namespace. */
export interface PageI18n {
  language: string;
  dir: "ltr" | "rtl";
  resources: Record<string, Record<string, string>>;
}

let browserInstance: i18n | null = null;

function browserI18n(page: PageI18n | undefined): i18n {
  if (!browserInstance) {
    browserInstance = createInstance({ ...I18N_OPTIONS, lng: page?.language ?? DEFAULT_LANGUAGE, resources: {} });
    browserInstance.use(new ICU()).use(initReactI18next);
    void browserInstance.init();
  }
  if (page) {
    for (const [namespace, messages] of Object.entries(page.resources)) {
      if (!browserInstance.hasResourceBundle(page.language, namespace)) {
        browserInstance.addResourceBundle(page.language, namespace, messages);
      }
    }
    if (browserInstance.language !== page.language) void browserInstance.changeLanguage(page.language);
  }
  return browserInstance;
}

export function I18nRoot({ page, children }: { page: PageI18n | undefined; children: ReactNode }) {
  if (typeof document === "undefined") return children;
  return <I18nextProvider i18n={browserI18n(page)}>{children}</I18nextProvider>;
}
