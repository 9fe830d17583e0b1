/**
 * The message catalogues are complete and well-formed (ADR 215). A key is its
 * English text, so English has no catalogue of keys (issue 34): its file
 * holds only messages whose English differs from the key. A namespace's keys
 * are every key any language's catalogue has, and every language but English
 * has all of them (no key missing); every text the code passes to `t` as a
 * literal is a key (so it is translated in every language); every message is
 * valid ICU MessageFormat, and a translation uses exactly the English text's
 * arguments (a translated `{count}` or `{name}` cannot be lost or misspelt).
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

/** A namespace's keys: every key of any language's catalogue. */
function keysOf(namespace: string): string[] {
  return [...new Set(LANGUAGE_CODES.flatMap((language) => Object.keys(catalogue(language, namespace))))].sort();
}

describe.each(NAMESPACES)("namespace %s", (namespace) => {
  const english = catalogue("en", namespace);
  const keys = keysOf(namespace);

  test("English holds no message that reads as its key, and no key the other languages lack", () => {
    const same = Object.entries(english).filter(([key, value]) => key === value);
    const onlyEnglish = Object.keys(english).filter((key) =>
      LANGUAGE_CODES.every((language) => language === "en" || !(key in catalogue(language, namespace))),
    );
    expect({ same, onlyEnglish }).toEqual({ same: [], onlyEnglish: [] });
  });

  test.each(LANGUAGE_CODES.filter((language) => language !== "en"))("%s has every key", (language) => {
    const translated = catalogue(language, namespace);
    expect(keys.filter((key) => !(key in translated))).toEqual([]);
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

/** Every app source file but the tests. */
function sourceFiles(dir = path.resolve("app")): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The source without its block comments and whole-line comments (whose examples are not texts in use). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The texts passed to a `t` as a (double-quoted: the formatter's) string literal: `t("Hello {name}", …)`. */
function literalKeys(source: string): string[] {
  return [...source.matchAll(/(?<![\w$.])t\(\s*("(?:[^"\\\n]|\\.)*")\s*[,)]/g)].map((match) => JSON.parse(match[1]));
}

test("every text the code translates as a literal is a key of a catalogue (so every language has it)", () => {
  const all = new Set(NAMESPACES.flatMap((namespace) => keysOf(namespace)));
  const files = sourceFiles();
  const used = files.flatMap((file) =>
    literalKeys(withoutComments(readFileSync(file, "utf8"))).map((key) => ({ file: path.relative(".", file), key })),
  );
  expect(used.length).toBeGreaterThan(500);
  expect(used.filter(({ key }) => !all.has(key))).toEqual([]);
});

test("the key finder reads literal keys and nothing else", () => {
  expect(literalKeys(`t("Sign in"); t("It''s {name}", { name }); t(label); at("x"); i18n.t("y")`)).toEqual([
    "Sign in",
    "It''s {name}",
  ]);
  expect(literalKeys(`t("Say \\"hi\\"")`)).toEqual(['Say "hi"']);
});

test("the check finds a broken message, a lost argument and a missing key", () => {
  expect(() => parse("{count, plural, one {# answer} other {# answers}", "en")).toThrow();
  expect([...argumentsOf(parse("{count, plural, one {# Antwort} other {# Antworten}}", "de"))]).toEqual([
    "count:plural",
  ]);
  expect([...argumentsOf(parse("Hallo {name}", "de"))]).toEqual(["name:argument"]);
  expect([...argumentsOf(parse("Hallo", "de"))]).toEqual([]);
});
