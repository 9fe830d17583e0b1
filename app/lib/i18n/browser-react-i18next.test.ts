/**
 * The browser's translations (compiled messages, intl-messageformat without
 * its parser) give exactly the text the server's i18next gives, for every
 * message of every language: otherwise a hydrated page would not match its
 * server render (ADR 215).
 */
import { IntlMessageFormat } from "intl-messageformat";
import { expect, test } from "vitest";
import { NAMESPACES } from "~/lib/i18n/config";
import { LANGUAGE_CODES, languageDir } from "~/lib/i18n/languages";
import { compiledCatalogues, RESOURCES } from "~/server/i18n/catalogues.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { BrowserI18n } from "./browser-react-i18next";
import type { MessageAst } from "./compiled";

/** Sample values for a message's arguments: numbers where it counts, a word elsewhere. */
function sampleValues(ast: MessageAst, count: number, values: Record<string, unknown> = {}) {
  for (const element of ast) {
    if (element.type === 6 || element.type === 2) values[element.value] = count;
    else if (element.type === 3 || element.type === 4) values[element.value] = new Date(Date.UTC(2026, 10, 26, 9, 5));
    else if (element.type === 1 || element.type === 5) values[element.value] ??= "Mia";
    if ("options" in element) {
      for (const option of Object.values(element.options)) sampleValues(option.value, count, values);
    }
  }
  return values;
}

test("every message reads the same in the browser as on the server", () => {
  const differences: string[] = [];
  for (const language of LANGUAGE_CODES) {
    const browser = new BrowserI18n({
      language,
      dir: languageDir(language),
      messages: compiledCatalogues(language, NAMESPACES),
    });
    for (const namespace of NAMESPACES) {
      const server = translatorFor(language, namespace);
      const messages = (RESOURCES[language] as Record<string, Record<string, string>>)[namespace];
      // Every key of the namespace (English has no catalogue of keys: a key missing reads as itself).
      const keys = new Set(LANGUAGE_CODES.flatMap((other) => Object.keys(RESOURCES[other][namespace] ?? {})));
      for (const key of keys) {
        const message = messages[key] ?? key;
        const ast = new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst();
        for (const count of [0, 1, 2, 5, 22]) {
          const values = sampleValues(ast, count);
          const expected = server(key, values);
          const actual = browser.t(namespace, key, values);
          if (actual !== expected)
            differences.push(`${language}/${namespace} ${key} (${count}): ${actual} ≠ ${expected}`);
        }
      }
    }
  }
  expect(differences).toEqual([]);
}, 120_000); // Every message of every catalogue, twice: slow on a shared machine.

test("a message with arguments, a plural and a quoted apostrophe format alike on both sides", () => {
  const messages = {
    staff: {
      "{count, plural, one {# new answer} other {# new answers}}":
        "{count, plural, one {# nowa odpowiedź} few {# nowe odpowiedzi} many {# nowych odpowiedzi} other {# odpowiedzi}}",
      "It''s {name}''s turn": "Teraz kolej {name}",
    },
  };
  const compiled = {
    staff: Object.fromEntries(
      Object.entries(messages.staff).map(([key, message]) => {
        const ast = new IntlMessageFormat(message, "pl", undefined, { ignoreTag: true }).getAst();
        return [key, ast.length === 1 && ast[0].type === 0 ? ast[0].value : ast];
      }),
    ),
  };
  const browser = new BrowserI18n({ language: "pl", dir: "ltr", messages: compiled });
  const t = (key: string, values?: Record<string, unknown>) => browser.t("staff", key, values);
  expect(t("{count, plural, one {# new answer} other {# new answers}}", { count: 1 })).toBe("1 nowa odpowiedź");
  expect(t("{count, plural, one {# new answer} other {# new answers}}", { count: 3 })).toBe("3 nowe odpowiedzi");
  expect(t("{count, plural, one {# new answer} other {# new answers}}", { count: 5 })).toBe("5 nowych odpowiedzi");
  expect(t("It''s {name}''s turn", { name: "Ola" })).toBe("Teraz kolej Ola");
  // Not in the catalogue: the key itself.
  expect(t("Nothing here")).toBe("Nothing here");
});
