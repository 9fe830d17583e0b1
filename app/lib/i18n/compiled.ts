/**
 * Messages as the browser gets them (ADR 215): compiled on the server, so
 * the browser needs no ICU parser. A message without arguments is its text
 * (ICU quoting already undone); one with arguments is intl-messageformat's
 * syntax tree, which its formatter takes as it is.
 */
import type { IntlMessageFormat } from "intl-messageformat";

export type MessageAst = ReturnType<IntlMessageFormat["getAst"]>;
export type CompiledMessage = string | MessageAst;
export type CompiledCatalogue = Record<string, CompiledMessage>;

/** A language's compiled messages by namespace: what the browser's `t` formats. */
export interface Translations {
  language: string;
  dir: "ltr" | "rtl";
  messages: Record<string, CompiledCatalogue>;
}

/**
 * What the root loader sends (issue 34): the page's language (its direction
 * follows from it: languageDir) and, per namespace the page renders, the URL of that language's compiled
 * catalogue, a content-hashed file the browser loads once and caches
 * (app/server/i18n/catalogues.server.ts). No message is in the page itself.
 */
export interface PageI18n {
  language: string;
  catalogues: Record<string, string>;
}
