/**
 * The message catalogues, app/locales/<language>/<namespace>.json, all in the
 * server's memory (the server bundle includes them; ADR 215). The browser
 * never loads this module: it gets the active language's namespaces through
 * the root loader (catalogueFor).
 */
import type { Resource } from "i18next";
import { NAMESPACES, type Namespace } from "~/lib/i18n/config";
import { LANGUAGE_CODES, type Language } from "~/lib/i18n/languages";

export type Messages = Record<string, string>;

const files = import.meta.glob<Messages>("../../locales/*/*.json", { eager: true, import: "default" });

function load(): Record<Language, Record<Namespace, Messages>> {
  const catalogues = {} as Record<Language, Record<Namespace, Messages>>;
  for (const language of LANGUAGE_CODES) {
    catalogues[language] = {} as Record<Namespace, Messages>;
    for (const namespace of NAMESPACES) {
      const messages = files[`../../locales/${language}/${namespace}.json`];
      if (!messages) throw new Error(`Missing message catalogue app/locales/${language}/${namespace}.json`);
      catalogues[language][namespace] = messages;
    }
  }
  return catalogues;
}

const CATALOGUES = load();

/** Every language's every namespace, as i18next takes them. */
export const RESOURCES: Resource = CATALOGUES;

/** One language's messages of the given namespaces: what the root loader sends the browser. */
export function catalogueFor(
  language: Language,
  namespaces: readonly Namespace[],
): Partial<Record<Namespace, Messages>> {
  const picked: Partial<Record<Namespace, Messages>> = {};
  for (const namespace of namespaces) picked[namespace] = CATALOGUES[language][namespace];
  return picked;
}
