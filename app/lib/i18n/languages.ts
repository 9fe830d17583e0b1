/**
 * The languages the app speaks (issue #28, ADR 215): English first, the
 * default, whose texts are the specification's word for word; then the
 * translations. Each has its own message catalogues in app/locales/<code>/.
 * Shared by the server and the browser (the language menus render it).
 */
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "de", name: "Deutsch", dir: "ltr" },
  { code: "fr", name: "Français", dir: "ltr" },
  { code: "es", name: "Español", dir: "ltr" },
  { code: "pl", name: "Polski", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];
export type TextDirection = "ltr" | "rtl";

export const DEFAULT_LANGUAGE: Language = "en";

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((language) => language.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The language's writing direction, for `<html dir>` and Radix's direction provider. */
export function languageDir(language: string): TextDirection {
  return LANGUAGES.find((entry) => entry.code === language)?.dir ?? "ltr";
}

/** The language's own name ("Deutsch"), for language menus. */
export function languageName(language: string): string {
  return LANGUAGES.find((entry) => entry.code === language)?.name ?? language;
}
