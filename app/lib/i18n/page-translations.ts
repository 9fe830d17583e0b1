/**
 * The page's translations in the browser (issue 34, ADR 215). The root loader
 * names, per namespace the page renders, the URL of the active language's
 * compiled catalogue (PageI18n); the page's `<head>` preloads them, the
 * client entry loads them before it hydrates, and app/components/i18n-root.tsx
 * suspends a page that needs another one (another namespace, another
 * language) until it is loaded: the navigation's transition keeps the page
 * before it on screen meanwhile. (Not a root clientLoader: that splits the
 * root's data into a request of its own, which read the toast and lost it
 * when the page's own data redirected.) Each file is content-hashed and cached for a year: the browser
 * loads it once, and no page carries messages in its HTML.
 *
 * On the server, `meta` functions translate through the request's i18next
 * (registered by app/entry.server.tsx), since the page carries no messages.
 */
import { BrowserI18n } from "./browser-react-i18next";
import type { CompiledCatalogue, PageI18n } from "./compiled";
import { languageDir } from "./languages";

const loaded = new Map<string, CompiledCatalogue>();
const loading = new Map<string, Promise<void>>();

function loadCatalogue(url: string): Promise<void> {
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<CompiledCatalogue>;
      })
      .then((catalogue) => {
        loaded.set(url, catalogue);
      });
    // A failed load may be tried again (the next navigation).
    pending.catch(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}

/** Loads the catalogues not loaded yet; rejects when one cannot be had. */
export async function loadCatalogues(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.map(loadCatalogue));
}

const ready = new Map<string, Promise<void>>();

/** Null when the catalogues are loaded; else one promise per set of them, for React's `use` to wait on. */
export function cataloguesPending(urls: readonly string[]): Promise<void> | null {
  if (urls.every((url) => loaded.has(url))) return null;
  const key = urls.join(" ");
  let pending = ready.get(key);
  if (!pending) {
    pending = loadCatalogues(urls);
    pending.catch(() => ready.delete(key));
    ready.set(key, pending);
  }
  return pending;
}

let current: { page: PageI18n; i18n: BrowserI18n } | null = null;

/** The page's translations over the catalogues loaded (a catalogue not loaded: its keys, the English texts). */
export function pageTranslations(page: PageI18n): BrowserI18n {
  if (current?.page !== page) {
    const messages: Record<string, CompiledCatalogue> = {};
    for (const [namespace, url] of Object.entries(page.catalogues)) messages[namespace] = loaded.get(url) ?? {};
    current = { page, i18n: new BrowserI18n({ language: page.language, dir: languageDir(page.language), messages }) };
  }
  return current.i18n;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;
let serverTranslator: ((language: string, namespace: string) => Translate) | null = null;

/** The server's translator for `meta` (app/entry.server.tsx): the browser's catalogues are not on the server. */
export function setServerTranslator(translator: (language: string, namespace: string) => Translate) {
  serverTranslator = translator;
}

/** A translator for the page's language and a namespace: the server's on the server, else the loaded catalogues'. */
export function translatorOf(page: PageI18n, namespace: string): Translate {
  if (serverTranslator) return serverTranslator(page.language, namespace);
  const i18n = pageTranslations(page);
  return (key, values) => i18n.t(namespace, key, values);
}
