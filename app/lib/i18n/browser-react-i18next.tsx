/**
 * react-i18next as the browser build sees it (ADR 215): the app's browser
 * bundle resolves `react-i18next` to this module (app/vite/browser-i18n.ts),
 * the server keeps the real one. The same hooks the components use
 * (`useTranslation(namespace)` → `{ t, i18n }`), over the messages the root
 * loader sent, compiled on the server (app/lib/i18n/compiled.ts) and
 * formatted by intl-messageformat without its parser: about 3 kB gzip instead
 * of some 30 kB for i18next, react-i18next, i18next-icu and the ICU parser,
 * which would put every hydrated page over its byte budget. The server render
 * (the real stack, same intl-messageformat) and this one give the same text.
 *
 * Supported: `useTranslation(ns)`, `t(key, values)` (values may hold `ns`),
 * `i18n.language`, `i18n.resolvedLanguage`, `i18n.dir()`, `I18nextProvider`.
 * Not supported (the build fails on a missing export): `Trans`,
 * `withTranslation`, `Translation`.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { createContext, createElement, type ReactNode, useContext } from "react";
import type { CompiledMessage, PageI18n } from "./compiled";
import { isolateValues } from "./isolate";

type Values = Record<string, unknown> & { ns?: string };

export class BrowserI18n {
  readonly language: string;
  readonly resolvedLanguage: string;
  private readonly direction: "ltr" | "rtl";
  private readonly messages: PageI18n["messages"];
  private readonly formats = new Map<string, IntlMessageFormat>();

  constructor(page: PageI18n) {
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
    const found = this.lookup(ns, key) ?? this.lookup("common", key);
    if (found === undefined) return key;
    const [where, message] = found;
    if (typeof message === "string") return message;
    let format = this.formats.get(where);
    if (!format) {
      format = new IntlMessageFormat(message, this.language);
      this.formats.set(where, format);
    }
    return String(format.format(isolateValues(values, this.direction) as Record<string, string>));
  }

  private lookup(ns: string, key: string): [string, CompiledMessage] | undefined {
    const message = this.messages[ns]?.[key];
    return message === undefined ? undefined : [`${ns}\u0000${key}`, message];
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
