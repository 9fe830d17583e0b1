/**
 * The message catalogues are complete and well-formed (ADR 215): every
 * language has exactly the English catalogue's keys (no key missing, none
 * extra), English maps each key to itself, every message is valid ICU
 * MessageFormat, and a translation uses exactly the English text's arguments
 * (a translated `{count}` or `{name}` cannot be lost or misspelt).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, test } from "vitest";
import { NAMESPACES } from "~/lib/i18n/config";
import { LANGUAGE_CODES } from "~/lib/i18n/languages";

const LOCALES = path.resolve("app/locales");

function catalogue(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"));
}

type Ast = ReturnType<IntlMessageFormat["getAst"]>;

/** The argument names a message uses, with their kinds ("count:plural", "name:argument"). */
function argumentsOf(ast: Ast, found = new Set<string>()): Set<string> {
  const kinds = ["literal", "argument", "number", "date", "time", "select", "plural", "pound", "tag"];
  for (const element of ast) {
    const kind = kinds[element.type];
    if ("value" in element && kind !== "literal" && kind !== "pound") {
      found.add(`${String(element.value)}:${kind === "plural" && "pluralType" in element ? "plural" : kind}`);
    }
    if ("options" in element) {
      for (const option of Object.values(element.options as Record<string, { value: Ast }>))
        argumentsOf(option.value, found);
    }
    if ("children" in element) argumentsOf(element.children as Ast, found);
  }
  return found;
}

function parse(message: string, language: string): Ast {
  return new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst();
}

test("every language has a folder with every namespace's catalogue, and nothing else", () => {
  expect(
    readdirSync(LOCALES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(),
  ).toEqual([...LANGUAGE_CODES].sort());
  for (const language of LANGUAGE_CODES) {
    expect(readdirSync(path.join(LOCALES, language)).sort(), language).toEqual(
      NAMESPACES.map((namespace) => `${namespace}.json`).sort(),
    );
  }
});

describe.each(NAMESPACES)("namespace %s", (namespace) => {
  const english = catalogue("en", namespace);
  const keys = Object.keys(english).sort();

  test("English maps every key (the English text) to itself", () => {
    const different = Object.entries(english).filter(([key, value]) => key !== value);
    expect(different).toEqual([]);
  });

  test.each(LANGUAGE_CODES.filter((language) => language !== "en"))("%s has exactly the English keys", (language) => {
    const translated = catalogue(language, namespace);
    const missing = keys.filter((key) => !(key in translated));
    const extra = Object.keys(translated).filter((key) => !(key in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test.each(LANGUAGE_CODES)(
    "%s: every message is a non-empty string in valid ICU syntax, with the English arguments",
    (language) => {
      const translated = catalogue(language, namespace);
      const problems: string[] = [];
      for (const [key, message] of Object.entries(translated)) {
        if (typeof message !== "string" || message.trim() === "") {
          problems.push(`${key}: not a non-empty string`);
          continue;
        }
        let expected: Set<string>;
        try {
          expected = argumentsOf(parse(key, "en"));
        } catch (error) {
          problems.push(`${key}: the English key is not valid ICU (${String(error)})`);
          continue;
        }
        try {
          const actual = argumentsOf(parse(message, language));
          if ([...actual].sort().join() !== [...expected].sort().join()) {
            problems.push(`${key}: arguments ${[...actual].sort().join()} instead of ${[...expected].sort().join()}`);
          }
        } catch (error) {
          problems.push(`${key}: ${String(error)}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

test("the check finds a broken message, a lost argument and a missing key", () => {
  expect(() => parse("{count, plural, one {# answer} other {# answers}", "en")).toThrow();
  expect([...argumentsOf(parse("{count, plural, one {# Antwort} other {# Antworten}}", "de"))]).toEqual([
    "count:plural",
  ]);
  expect([...argumentsOf(parse("Hallo {name}", "de"))]).toEqual(["name:argument"]);
  expect([...argumentsOf(parse("Hallo", "de"))]).toEqual([]);
});
