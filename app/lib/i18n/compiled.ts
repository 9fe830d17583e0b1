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

/** What the root loader sends: the page's language, its direction and its namespaces' messages. */
export interface PageI18n {
  language: string;
  dir: "ltr" | "rtl";
  messages: Record<string, CompiledCatalogue>;
}
