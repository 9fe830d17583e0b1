/**
 * react-i18next as the browser build sees it (ADR 215): the app's browser
 * bundle resolves `react-i18next` to this module (app/vite/browser-i18n.ts),
 * the server keeps the real one. The same hooks the components use
 * (`useTranslation(namespace)` → `{ t, i18n }`), over the page's catalogues
 * (page-translations.ts), compiled on the server (compiled.ts) and formatted
 * by format-compiled.ts (no ICU parser, no intl-messageformat): about 1 kB
 * gzip instead of some 30 kB for i18next, react-i18next, i18next-icu and the
 * ICU parser, which would put every hydrated page over its byte budget. The
 * server render (the real stack) and this one give the same text
 * (browser-react-i18next.test.ts checks every message).
 *
 * Supported: `useTranslation(ns)`, `t(key, values)` (values may hold `ns`),
 * `i18n.language`, `i18n.resolvedLanguage`, `i18n.dir()`, `I18nextProvider`.
 * Not supported (the build fails on a missing export): `Trans`,
 * `withTranslation`, `Translation`.
 */
import { createContext, createElement, type ReactNode, useContext } from "react";
import type { CompiledMessage, Translations } from "./compiled";
import { formatCompiled } from "./format-compiled";
import { isolateValues } from "./isolate";

type Values = Record<string, unknown> & { ns?: string };

export class BrowserI18n {
  readonly language: string;
  readonly resolvedLanguage: string;
  private readonly direction: "ltr" | "rtl";
  private readonly messages: Translations["messages"];

  constructor(page: Translations) {
    this.language = page.language;
    this.resolvedLanguage = page.language;
    this.direction = page.dir;
    this.messages = page.messages;
  }

  dir(): "ltr" | "rtl" {
    return this.direction;
  }

  /** The key's message in the namespace (else in `common`), formatted; the key itself where there is none. */
  t(namespace: string, key: string, values?: Values): string {
    const ns = values?.ns ?? namespace;
    const message: CompiledMessage | undefined = this.messages[ns]?.[key] ?? this.messages.common?.[key];
    if (message === undefined) return key;
    if (typeof message === "string") return message;
    return formatCompiled(message, this.language, isolateValues(values, this.direction));
  }
}

const EMPTY = new BrowserI18n({ language: "en", dir: "ltr", messages: {} });
const I18nContext = createContext<BrowserI18n>(EMPTY);

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation(namespace?: string | readonly string[]) {
  const i18n = useContext(I18nContext);
  const ns = (Array.isArray(namespace) ? namespace[0] : namespace) ?? "common";
  const t = (key: string, values?: Values) => i18n.t(ns as string, key, values);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}

/** i18next's plugin for react-i18next: nothing to do here (the server's instance uses the real one). */
export const initReactI18next = { type: "3rdParty" as const, init() {} };
